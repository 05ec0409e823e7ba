import Foundation

/// Reading and writing the store's JSON files: decode errors name the file, line and column
/// (or the path inside the document), and writes are atomic.
public enum JSONFile {
    /// The decoded file, or nil when it does not exist.
    public static func read<T: Decodable>(_ type: T.Type, at path: String) throws -> T? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw UsergraphError("Cannot read \(path): permission denied or not a regular file.")
            }
            return nil
        }
        return try decode(type, from: data, path: path)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw UsergraphError("\(path): \(describe(error, data: data))")
        }
    }

    static func describe(_ error: DecodingError, data: Data) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            if let problem = JSONSyntax.firstError(in: data) {
                return "line \(problem.line), column \(problem.column): \(problem.message); the file is not valid JSON."
            }
            return "the file is not valid JSON."
        case .dataCorrupted(let context):
            return "at \(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "at \(path(context.codingPath + [key])): a required value is missing."
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "at \(path(context.codingPath)): expected \(typeName(type))."
        @unknown default:
            return "the file does not have the expected shape."
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        if keys.isEmpty { return "the top level" }
        var text = ""
        for key in keys {
            if let index = key.intValue { text += "[\(index)]" }
            else { text += text.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return text
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }

    /// Encodes with stable key order and two-space indentation, then writes atomically.
    public static func write(_ value: some Encodable, to path: String) throws {
        try AtomicFile.write(try encode(value), to: path)
    }

    /// The bytes `write` would store (also what `--json` listings print).
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }
}

/// Writes that never leave a half-written file: a temporary file in the same folder,
/// flushed to disk, then renamed over the old one.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw UsergraphError("Cannot write \(path): \(String(cString: strerror(errno))).") }
        var ok = true
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n <= 0 { ok = false; break }
                offset += n
            }
        }
        if ok { ok = fsync(fd) == 0 }
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw UsergraphError("Cannot write \(path): \(reason).")
        }
    }
}
