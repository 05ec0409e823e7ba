import Foundation

/// A strict JSON reader over bytes for the store's fast paths (`StoreDecoders`). Foundation's
/// JSONDecoder builds a map of the whole document and then walks it through Codable, which
/// cost a quarter of a rebuild's time and most of its peak memory on a large store.
///
/// Every method returns nil (or false) at the first thing it does not expect, and the caller
/// then gives the file to JSONDecoder, which reads it or says what and where is wrong. So a
/// fast path only has to agree with JSONDecoder on the files it accepts: anything doubtful
/// (a fraction where a whole number is wanted, a repeated field, text that is not UTF-8, a
/// lone surrogate) is refused rather than guessed.
struct JSONBytesReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Nesting depth, capped like JSONDecoder's, so a hostile file cannot exhaust the stack.
    private var depth = 0
    private static let maxDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Runs `read` over `data`'s bytes; the result only if the whole document was read.
    static func read<T>(_ data: Data, _ read: (inout JSONBytesReader) -> T?) -> T? {
        data.withUnsafeBytes { raw -> T? in
            var reader = JSONBytesReader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = read(&reader) else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? value : nil
        }
    }

    mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Whether the next value is `null`, which is then read.
    mutating func null() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        return literal("null")
    }

    /// `{ "key": value, … }`, calling `member` for each key with the reader at its value.
    mutating func object(_ member: (inout JSONBytesReader, JSONKey) -> Bool) -> Bool {
        guard depth < Self.maxDepth, take(UInt8(ascii: "{")) else { return false }
        depth += 1
        defer { depth -= 1 }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = key(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// What a record's reader made of one member.
    enum Member {
        /// A key the record does not know: its value is skipped.
        case unknown
        /// The record's field number `n` (below 64), read.
        case read(Int)
        /// A known key whose value is not what the record expects.
        case refused

        /// Field `number` read, if `value` is not nil.
        static func field<T>(_ number: Int, _ value: T?) -> Member { value == nil ? .refused : .read(number) }
    }

    /// An object whose members are read by `member`. A field seen twice is refused
    /// (JSONDecoder's rule for it is not ours to copy); an unknown key's value is skipped.
    mutating func record(_ member: (inout JSONBytesReader, JSONKey) -> Member) -> Bool {
        var seen: UInt64 = 0
        return object { reader, key in
            switch member(&reader, key) {
            case .unknown: return reader.skipValue()
            case .refused: return false
            case .read(let number):
                let bit: UInt64 = 1 << UInt64(number)
                guard seen & bit == 0 else { return false }
                seen |= bit
                return true
            }
        }
    }

    mutating func array(_ element: (inout JSONBytesReader) -> Bool) -> Bool {
        guard depth < Self.maxDepth, take(UInt8(ascii: "[")) else { return false }
        depth += 1
        defer { depth -= 1 }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// A list of values read by `element`; nil at the first it refuses.
    mutating func list<T>(_ element: (inout JSONBytesReader) -> T?) -> [T]? {
        var values: [T] = []
        let ok = array { reader in
            guard let value = element(&reader) else { return false }
            values.append(value)
            return true
        }
        return ok ? values : nil
    }

    /// Reads a string's text up to its closing quote or its first escape, leaving the reader
    /// there: whether that text is all ASCII. Nil at a control character or the input's end.
    private mutating func plainRun() -> Bool? {
        var ascii = true
        // Eight bytes at a time while none of them is a quote, a backslash or a control byte
        // (a byte of 0x80 and up only makes the run not ASCII): most of a GitHub store's bytes
        // are the long URLs of fields no page reads. Each test is exact for the whole word: a
        // borrow that could make a byte seem to match only comes from a byte that does.
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222, backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- 0x2020_2020_2020_2020) & ~word)
                if special & highs != 0 { break }
                if word & highs != 0 { ascii = false }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return ascii }
            guard byte >= 0x20 else { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        return nil
    }

    /// An object's key, as its bytes; nil for a key with an escape (none of ours has one, and
    /// JSONDecoder reads such a file) and for bytes that are not UTF-8.
    mutating func key() -> JSONKey? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        guard let ascii = plainRun(), bytes[index] == UInt8(ascii: "\"") else { return nil }
        let key = JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        index += 1
        return ascii || Self.isUTF8(key.bytes) ? key : nil
    }

    /// A string, its escapes resolved; nil for control characters, bytes that are not UTF-8,
    /// unknown escapes and lone surrogates.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        guard let ascii = plainRun() else { return nil }
        if bytes[index] == UInt8(ascii: "\\") { return escapedString(from: start) }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return ascii ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
    }

    /// Checks a string as `string()` would read it, without making it.
    private mutating func skipString() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while true {
            let start = index
            guard let ascii = plainRun(), ascii || Self.isUTF8(UnsafeBufferPointer(rebasing: bytes[start..<index])) else { return false }
            let end = bytes[index]
            index += 1
            if end == UInt8(ascii: "\"") { return true }
            // An escape: checked, then the text after it.
            guard index < bytes.count else { return false }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"): guard unicodeEscape() != nil else { return false }
            default: return false
            }
        }
    }

    /// Whether `text` is well-formed UTF-8: no stray or missing continuation bytes, no
    /// overlong forms, no surrogates, nothing past U+10FFFF.
    static func isUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int, smallest: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; smallest = 0x80; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; smallest = 0x800; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; smallest = 0x10000; scalar = UInt32(lead & 0x07)
            default: return false
            }
            guard index + length <= text.count else { return false }
            for offset in 1..<length {
                let byte = text[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            index += length
        }
        return true
    }

    /// The rest of a string that holds an escape, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let second = hex4(), (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00...0xDFFF: return nil
        default: return Unicode.Scalar(first)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
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
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -value : value
    }

    /// A number as a Double: its text given to the standard library's correctly rounded
    /// parser, as JSONDecoder's is. Nil for an exponent or more than 40 characters (where the
    /// two might part over overflow and underflow) and for anything that is not a JSON number.
    mutating func double() -> Double? {
        skipSpace()
        let start = index
        guard skipNumber(), index - start <= 40 else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard !text.contains(UInt8(ascii: "e")), !text.contains(UInt8(ascii: "E")),
            let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }

    mutating func bool() -> Bool? {
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "t") { return literal("true") ? true : nil }
        if bytes[index] == UInt8(ascii: "f") { return literal("false") ? false : nil }
        return nil
    }

    /// An optional field: `.some(nil)` for `null`, `.some(value)` when `read` reads one, nil
    /// (refused) otherwise.
    mutating func optional<T>(_ read: (inout JSONBytesReader) -> T?) -> T?? {
        if null() { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    /// Skips any JSON value an unknown field may hold, checking it as strictly as the rest.
    mutating func skipValue() -> Bool {
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object { reader, _ in reader.skipValue() }
        case UInt8(ascii: "["): return array { reader in reader.skipValue() }
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return skipNumber()
        }
    }

    /// Any JSON number: `-`? digits without a leading zero, then a fraction and an exponent.
    private mutating func skipNumber() -> Bool {
        func digits(_ reader: inout JSONBytesReader) -> Int {
            let start = reader.index
            while reader.index < reader.bytes.count, (48...57).contains(reader.bytes[reader.index]) { reader.index += 1 }
            return reader.index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let start = index
        let whole = digits(&self)
        guard whole > 0, !(bytes[start] == 48 && whole > 1) else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { return false }
        }
        return true
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }
}

/// An object's key as it stands in the document (without escapes), matched against the names
/// a record knows without making a String of it: `case "name":` in a switch.
struct JSONKey {
    let bytes: UnsafeBufferPointer<UInt8>

    static func ~= (name: StaticString, key: JSONKey) -> Bool {
        let count = name.utf8CodeUnitCount
        guard key.bytes.count == count, let base = key.bytes.baseAddress else { return false }
        return memcmp(base, name.utf8Start, count) == 0
    }
}
