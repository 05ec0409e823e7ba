import Foundation
import UsergraphCore

/// Per page URL: `etag`, `lastModified`, and `next` (the page's `rel="next"` link, so a run
/// whose pages all answer 304, which carry no Link header, can still walk the chain).
package typealias PageValidators = [String: [String: String]]

/// A cached collection's file read for refreshing it: where it came from, when, the
/// validators to send back, and the bytes of its `data` exactly as stored (so a 304 keeps
/// them byte for byte).
package struct StoredEnvelope: Sendable {
    package var source: String
    package var fetchedAt: String
    package var validators: PageValidators
    package var data: Data
}

/// Reading and writing envelope files (`{"source", "fetchedAt", "validators", "data"}`)
/// with the API's JSON kept verbatim in `data`.
package enum EnvelopeFile {
    private struct Header: Decodable {
        var source: String
        var fetchedAt: String
        var validators: PageValidators?
    }

    /// Nil when the file does not exist; a file that does not parse is an error naming it.
    package static func read(_ path: String) throws -> StoredEnvelope? {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw UsergraphError("errors.store.unreadable", ["path": path])
            }
            return nil
        }
        // One scan finds each top-level value; only the small ones are decoded, so a large
        // `data` is not parsed twice on every build.
        if let ranges = JSONSyntax.topLevelRanges(in: bytes), let data = ranges["data"],
            let source = ranges["source"].flatMap({ try? JSONDecoder().decode(String.self, from: bytes.subdata(in: $0)) }),
            let fetchedAt = ranges["fetchedAt"].flatMap({ try? JSONDecoder().decode(String.self, from: bytes.subdata(in: $0)) })
        {
            var validators: PageValidators = [:]
            if let range = ranges["validators"] {
                let fragment = bytes.subdata(in: range)
                if fragment != Data("null".utf8) { validators = try JSONFile.decode(PageValidators.self, from: fragment, path: path + " (validators)") }
            }
            return StoredEnvelope(source: source, fetchedAt: fetchedAt, validators: validators, data: bytes.subdata(in: data))
        }
        // Not the expected shape: the full decoder says where, with line and column.
        _ = try JSONFile.decode(Header.self, from: bytes, path: path)
        throw UsergraphError("errors.store.noData", ["path": path])
    }

    /// Where the cached collection came from and when, from the start of its file: our files
    /// put `data` last, so a build that finds the cache fresh need not scan megabytes of API
    /// JSON. Nil when the file is missing or its start is not such a header; `read` then says
    /// what is wrong.
    package static func readHeader(_ path: String, within limit: Int = 1 << 16) -> (source: String, fetchedAt: String)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let bytes = Data(FileBytes.prefix(limit, of: descriptor))
        guard let ranges = JSONSyntax.topLevelRanges(in: bytes, upTo: "data"), ranges["data"] != nil,
            let source = ranges["source"].flatMap({ try? JSONDecoder().decode(String.self, from: bytes.subdata(in: $0)) }),
            let fetchedAt = ranges["fetchedAt"].flatMap({ try? JSONDecoder().decode(String.self, from: bytes.subdata(in: $0)) })
        else { return nil }
        return (source, fetchedAt)
    }

    /// The file's bytes: the header pretty-printed with sorted keys, then `data` verbatim.
    package static func bytes(source: String, fetchedAt: String, validators: PageValidators, data: Data) -> Data {
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
    /// The byte range of each value of a top-level JSON object, keyed by its (escape-free)
    /// key; nil when the document is not an object or does not parse. With `stop`, the scan
    /// ends at that key, which maps to an empty range at its value's start.
    static func topLevelRanges(in data: Data, upTo stop: String? = nil) -> [String: Range<Int>]? {
        var parser = Parser(bytes: [UInt8](data))
        var ranges: [String: Range<Int>] = [:]
        do {
            parser.skipSpace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else { return nil }
            parser.index += 1
            parser.skipSpace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") { return ranges }
            while true {
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { return nil }
                let keyStart = parser.index + 1
                try parser.string()
                let key = String(decoding: parser.bytes[keyStart..<(parser.index - 1)], as: UTF8.self)
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { return nil }
                parser.index += 1
                parser.skipSpace()
                let valueStart = parser.index
                if key == stop {
                    ranges[key] = valueStart..<valueStart
                    return ranges
                }
                try parser.value(depth: 1)
                ranges[key] = valueStart..<parser.index
                parser.skipSpace()
                guard parser.index < parser.bytes.count else { return nil }
                if parser.bytes[parser.index] == UInt8(ascii: "}") {
                    parser.index += 1
                    parser.skipSpace()
                    return parser.index == parser.bytes.count ? ranges : nil
                }
                guard parser.bytes[parser.index] == UInt8(ascii: ",") else { return nil }
                parser.index += 1
            }
        } catch {
            return nil
        }
    }
}
