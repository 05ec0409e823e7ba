import Foundation

/// A cached collection's file read for refreshing it: where it came from, when, the
/// validators to send back, and the bytes of its `data` exactly as stored (so a 304 keeps
/// them byte for byte).
public struct StoredEnvelope: Sendable {
    public var source: String
    public var fetchedAt: String
    public var validators: PageValidators
    public var data: Data
}

/// Reading and writing envelope files (`{"source", "fetchedAt", "validators", "data"}`)
/// with the API's JSON kept verbatim in `data`.
public enum EnvelopeFile {
    private struct Header: Decodable {
        var source: String
        var fetchedAt: String
        var validators: PageValidators?
    }

    /// Nil when the file does not exist; a file that does not parse is an error naming it.
    public static func read(_ path: String) throws -> StoredEnvelope? {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw UsergraphError("Cannot read \(path): permission denied or not a regular file.")
            }
            return nil
        }
        let header = try JSONFile.decode(Header.self, from: bytes, path: path)
        guard let range = JSONSyntax.valueRange(ofKey: "data", in: bytes) else {
            throw UsergraphError("\(path): at data: a required value is missing.")
        }
        return StoredEnvelope(source: header.source, fetchedAt: header.fetchedAt,
                              validators: header.validators ?? [:], data: bytes.subdata(in: range))
    }

    /// The file's bytes: the header pretty-printed with sorted keys, then `data` verbatim.
    public static func bytes(source: String, fetchedAt: String, validators: PageValidators, data: Data) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) -> String {
            let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            // Nested one level in: indent continuation lines (JSON strings hold no raw newlines).
            return text.replacingOccurrences(of: "\n", with: "\n  ")
        }
        var out = Data("{\n".utf8)
        out.append(Data("  \"source\" : \(json(source)),\n".utf8))
        out.append(Data("  \"fetchedAt\" : \(json(fetchedAt)),\n".utf8))
        out.append(Data("  \"validators\" : \(json(validators)),\n".utf8))
        out.append(Data("  \"data\" : ".utf8))
        out.append(trimmed(data))
        out.append(Data("\n}\n".utf8))
        return out
    }

    private static func trimmed(_ data: Data) -> Data {
        let space: Set<UInt8> = [32, 9, 10, 13]
        var start = data.startIndex, end = data.endIndex
        while start < end, space.contains(data[start]) { start += 1 }
        while end > start, space.contains(data[end - 1]) { end -= 1 }
        return data.subdata(in: start..<end)
    }
}

extension JSONSyntax {
    /// The byte range of a top-level key's value in a JSON object, found without decoding it.
    static func valueRange(ofKey key: String, in data: Data) -> Range<Int>? {
        var parser = Parser(bytes: [UInt8](data))
        let wanted = Array(("\"" + key + "\"").utf8)
        do {
            parser.skipSpace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else { return nil }
            parser.index += 1
            while true {
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { return nil }
                let keyStart = parser.index
                try parser.string()
                let isWanted = Array(parser.bytes[keyStart..<parser.index]) == wanted
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { return nil }
                parser.index += 1
                parser.skipSpace()
                let valueStart = parser.index
                try parser.value(depth: 1)
                if isWanted { return valueStart..<parser.index }
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ",") else { return nil }
                parser.index += 1
            }
        } catch {
            return nil
        }
    }
}
