import Foundation
import UsergraphCore

/// A fast path for the store's largest file: the statistics API's answer,
/// `{"statistics": [{"user_id": 1, "type": "view", "dates": [10092024, …]}, …]}`, read
/// straight from its bytes. Foundation's JSONDecoder spent 14 % of a rebuild of a
/// 10,000-user site (100,000 events) on it. Anything this reader does not expect (an escape in
/// a key or a type, a null, a fraction, a missing field, bad JSON) makes it give up with nil,
/// and the caller decodes with JSONDecoder, which then says what and where; so the two agree
/// on every file this one accepts. Unknown fields are skipped, as the decoder skips them.
enum StatisticsDecoder {
    static func decode(_ data: Data) -> [StatisticsEntry]? {
        data.withUnsafeBytes { raw -> [StatisticsEntry]? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.response()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func response() -> [StatisticsEntry]? {
            var entries: [StatisticsEntry]?
            guard object({ reader, key in
                guard key == "statistics" else { return reader.skipValue() }
                guard entries == nil else { return false }
                entries = reader.list()
                return entries != nil
            }) else { return nil }
            skipSpace()
            guard index == bytes.count else { return nil }
            return entries
        }

        mutating func list() -> [StatisticsEntry]? {
            var entries: [StatisticsEntry] = []
            guard array({ reader in
                guard let entry = reader.entry() else { return false }
                entries.append(entry)
                return true
            }) else { return nil }
            return entries
        }

        mutating func entry() -> StatisticsEntry? {
            var userId: Int?, type: String?, dates: [Int]?
            guard object({ reader, key in
                // A repeated field is left to JSONDecoder's rules.
                switch key {
                case "user_id":
                    guard userId == nil else { return false }
                    userId = reader.integer(); return userId != nil
                case "type":
                    guard type == nil else { return false }
                    type = reader.plainString(); return type != nil
                case "dates":
                    guard dates == nil else { return false }
                    var list: [Int] = []
                    let ok = reader.array { reader in
                        guard let value = reader.integer() else { return false }
                        list.append(value)
                        return true
                    }
                    dates = list
                    return ok
                default: return reader.skipValue()
                }
            }), let userId, let type, let dates else { return nil }
            return StatisticsEntry(userId: userId, type: type, dates: dates)
        }

        // MARK: JSON pieces

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// `{ "key": value, … }`, calling `member` for each key with the reader at its value.
        mutating func object(_ member: (inout Reader, String) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                skipSpace()
                guard let key = plainString(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        mutating func array(_ element: (inout Reader) -> Bool) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard element(&self) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }

        /// An ASCII string without escapes or control characters; nil for anything else.
        mutating func plainString() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                guard byte != UInt8(ascii: "\\"), byte >= 0x20, byte < 0x80 else { return nil }
                index += 1
            }
            return nil
        }

        /// A whole number that fits an Int; nil for fractions, exponents and anything else.
        mutating func integer() -> Int? {
            skipSpace()
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            let start = index
            var value = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[index] - 48))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
                index += 1
            }
            // JSON has no leading zeros, and a fraction or exponent is not a whole number here.
            guard index > start, !(bytes[start] == 48 && index - start > 1) else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
            return negative ? -value : value
        }

        /// Skips any JSON value an unknown field may hold.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object { reader, _ in reader.skipValue() }
            case UInt8(ascii: "["): return array { reader in reader.skipValue() }
            case UInt8(ascii: "\""): return plainString() != nil
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return integer() != nil
            }
        }

        mutating func literal(_ word: String) -> Bool {
            for byte in word.utf8 {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }
    }
}
