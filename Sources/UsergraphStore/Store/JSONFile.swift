import CSystem
import Foundation
import UsergraphCore

/// Reading and writing the store's JSON files: decode errors name the file, line and column
/// (or the path inside the document), and writes are atomic.
package enum JSONFile {
    /// The decoded file, or nil when it does not exist.
    package static func read<T: Decodable>(_ type: T.Type, at path: String) throws -> T? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw UsergraphError("errors.store.unreadable", ["path": path])
            }
            return nil
        }
        return try decode(type, from: data, path: path)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw UsergraphError("errors.store.decode", ["path": path], nested: ["problem": describe(error, data: data)])
        }
    }

    package static func describe(_ error: DecodingError, data: Data) -> Message {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            if let problem = JSONSyntax.firstError(in: data) {
                return Message("errors.store.syntax", ["line": String(problem.line), "column": String(problem.column)], nested: ["problem": problem.message])
            }
            return Message("errors.store.notJSON")
        case .dataCorrupted(let context):
            // Foundation's own words about a value it could not read; they stay English.
            return Message(
                "errors.store.badValue", ["problem": context.debugDescription],
                nested: ["path": path(context.codingPath)])
        case .keyNotFound(let key, let context):
            return Message("errors.store.missingValue", nested: ["path": path(context.codingPath + [key])])
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return Message("errors.store.wrongType", nested: ["path": path(context.codingPath), "type": typeName(type)])
        @unknown default:
            return Message("errors.store.shape")
        }
    }

    /// Where in the document: `[0].kg`, or "the top level" in words.
    static func path(_ keys: [any CodingKey]) -> Message {
        if keys.isEmpty { return Message("errors.store.topLevel") }
        var text = ""
        for key in keys {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return .verbatim(text)
    }

    static func typeName(_ type: Any.Type) -> Message {
        switch type {
        case is String.Type: Message("errors.store.aString")
        case is Int.Type, is Double.Type: Message("errors.store.aNumber")
        case is Bool.Type: Message("errors.store.aBool")
        default:
            String(describing: type).hasPrefix("Array") ? Message("errors.store.aList") : Message("errors.store.anObject")
        }
    }

    /// Encodes with stable key order and two-space indentation, then writes atomically.
    package static func write(_ value: some Encodable, to path: String) throws {
        try AtomicFile.write(try encode(value), to: path)
    }

    /// The bytes `write` would store (also what `--json` listings print).
    package static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }
}

/// Writes that never leave a half-written file: a temporary file in the same folder,
/// flushed to disk, then renamed over the old one, and the folder flushed too, so that after
/// a power cut the name holds the whole new file or (had the write failed) the whole old one.
package enum AtomicFile {
    /// `mode` 0600 for a file only its owner may read (a token file): the temporary file is
    /// made with it, so the secret is never readable by others, not even for a moment.
    package static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws {
        try write(to: path, mode: mode) { sink in data.withUnsafeBytes { sink.write($0) } }
    }

    /// Where `write(to:streaming:)` sends a file's bytes, chunk by chunk.
    package struct Sink {
        fileprivate let descriptor: Int32
        public fileprivate(set) var failed = false

        package mutating func write(_ buffer: UnsafeRawBufferPointer) {
            var offset = 0
            while !failed, offset < buffer.count {
                let n = Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n <= 0 { failed = true }
                offset += max(n, 0)
            }
        }
    }

    /// Writes a file made chunk by chunk, for one too big to hold whole in memory.
    package static func write(to path: String, mode: mode_t = 0o644, streaming produce: (inout Sink) -> Void) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw UsergraphError("errors.store.write", ["path": path, "reason": String(cString: strerror(errno))]) }
        // The umask may have taken bits away, never added: fchmod makes the mode exact.
        if mode != 0o644 { fchmod(fd, mode) }
        var sink = Sink(descriptor: fd)
        produce(&sink)
        var ok = !sink.failed
        if ok { ok = fsync(fd) == 0 }
        close(fd)
        // The old file keeps a second name until the rename is on disk, so that a failed sync
        // of the folder can put it back (the name matches the temporary file's, so a killed
        // writer's is swept like one).
        let backup = temporary + "-old"
        let previous: Previous = !ok ? .unknown : Glibc.link(path, backup) == 0 ? .backedUp : errno == ENOENT ? .none : .unknown
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            if previous == .backedUp { unlink(backup) }
            throw UsergraphError("errors.store.write", ["path": path, "reason": reason])
        }
        // A rename is a change to the folder, which fsync on the file does not cover.
        guard syncFolder(folder) else {
            let reason = String(cString: strerror(errno))
            switch previous {
            case .backedUp: _ = rename(backup, path)
            case .none: unlink(path)
            case .unknown: break  // a file system without hard links: the new file stays
            }
            throw UsergraphError("errors.store.sync", ["path": path, "reason": reason])
        }
        if previous == .backedUp { unlink(backup) }
    }

    /// What was at the path before a write.
    private enum Previous { case none, backedUp, unknown }

    /// Many files written as one: each to a temporary file beside its path (`add`), then one
    /// `syncfs` for all of them, each renamed into place and each folder flushed (`commit`).
    /// After a power cut each name holds its whole new file or its whole old one. An import
    /// writes thousands of tracks: two fsyncs for each were most of its time.
    package struct Batch {
        private var pending: [(temporary: String, path: String)] = []

        package init() {}

        /// Writes `bytes` to a temporary file for `path`; nothing is at `path` until `commit`.
        package mutating func add(_ bytes: [UInt8], at path: String) throws {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = folder + "/." + (path as NSString).lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw UsergraphError("errors.store.write", ["path": path, "reason": String(cString: strerror(errno))]) }
            var sink = Sink(descriptor: fd)
            bytes.withUnsafeBytes { sink.write($0) }
            let reason = String(cString: strerror(errno))
            close(fd)
            guard !sink.failed else {
                unlink(temporary)
                throw UsergraphError("errors.store.write", ["path": path, "reason": reason])
            }
            pending.append((temporary, path))
        }

        /// Puts every file in place, on disk; on failure the ones not yet renamed are removed and
        /// the error names the first path that failed.
        package mutating func commit() throws {
            guard let first = pending.first else { return }
            defer { pending = [] }
            let folders = Set(pending.map { ($0.path as NSString).deletingLastPathComponent })
            let descriptor = open((first.path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            let synced = descriptor >= 0 && csystem_syncfs(descriptor) == 0
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            guard synced else {
                discard()
                throw UsergraphError("errors.store.sync", ["path": first.path, "reason": reason])
            }
            for (index, file) in pending.enumerated() where rename(file.temporary, file.path) != 0 {
                let reason = String(cString: strerror(errno))
                for rest in pending[index...] { unlink(rest.temporary) }
                throw UsergraphError("errors.store.write", ["path": file.path, "reason": reason])
            }
            for folder in folders.sorted() where !syncFolder(folder) {
                throw UsergraphError("errors.store.sync", ["path": folder, "reason": String(cString: strerror(errno))])
            }
        }

        /// Removes the temporary files of what was added and not committed.
        package mutating func discard() {
            for file in pending { unlink(file.temporary) }
            pending = []
        }
    }

    /// fsyncs a folder, so the entries renamed into or removed from it are on disk.
    package static func syncFolder(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}
