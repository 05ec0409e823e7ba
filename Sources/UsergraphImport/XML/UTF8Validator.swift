import Foundation

/// Checks, as a UTF-8 file streams to the parser, that it is valid UTF-8, and finds where it
/// stops being so. libxml2 in recover mode reads on past a bad byte and hands names with
/// that byte to `XMLParser`'s SAX bridge, which force-unwraps their conversion to `String` and
/// traps (swift-corelibs-foundation, `_NSXMLParserStartElementNs`): so the parser is given the
/// file only up to its first bad sequence.
///
/// Files in another encoding are converted by libxml2 itself into valid UTF-8, and are not
/// checked here; `applies(to:layout:)` says which.
struct UTF8Validator {
    /// Continuation bytes still due in the current sequence, and the range the next must be in.
    private var due = 0
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF
    /// Where the current sequence started (the offset to blame), and the file's line count.
    private var sequenceStart = 0
    private(set) var line = 1
    private var lineStart = 0

    /// The first bad sequence: its offset in the file, and its line and (byte) column.
    private(set) var invalid: (offset: Int, line: Int, column: Int)?

    /// Checks `bytes`, which are the file's from `offset`; stops at the first bad sequence.
    mutating func check(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard invalid == nil else { return }
        var index = 0
        while index < bytes.count {
            if due == 0 {
                // Most of a GPX or TCX file is ASCII: eight bytes at a time while it is.
                while index + 8 <= bytes.count,
                    bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < bytes.count else { break }
            }
            let byte = bytes[index]
            if due > 0 {
                guard byte >= low && byte <= high else { return fail(at: sequenceStart, in: bytes, from: offset) }
                (due, low, high) = (due - 1, 0x80, 0xBF)
            } else if byte >= 0x80 {
                sequenceStart = offset + index
                guard let sequence = Self.sequence(lead: byte) else { return fail(at: sequenceStart, in: bytes, from: offset) }
                (due, low, high) = sequence
            }
            index += 1
        }
        countLines(bytes, upTo: bytes.count, from: offset)
    }

    /// What a sequence led by `byte` (0x80 or more) needs: its continuation bytes and the
    /// range of the first of them, as Unicode's table 3-7 has the well-formed sequences (no
    /// overlong forms, no surrogates, nothing past U+10FFFF); nil for a byte that leads none.
    static func sequence(lead byte: UInt8) -> (due: Int, low: UInt8, high: UInt8)? {
        switch byte {
        case 0xC2...0xDF: (1, 0x80, 0xBF)
        case 0xE0: (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE, 0xEF: (2, 0x80, 0xBF)
        case 0xED: (2, 0x80, 0x9F)
        case 0xF0: (3, 0x90, 0xBF)
        case 0xF1...0xF3: (3, 0x80, 0xBF)
        case 0xF4: (3, 0x80, 0x8F)
        default: nil
        }
    }

    /// At the end of the file: a sequence cut short is bad too.
    mutating func finish() {
        if invalid == nil, due > 0 { invalid = (sequenceStart, line, sequenceStart - lineStart + 1) }
    }

    /// Records the bad sequence at file offset `position`, which may lie in an earlier chunk
    /// (a sequence begun there); lines are counted up to it.
    private mutating func fail(at position: Int, in bytes: UnsafeRawBufferPointer, from offset: Int) {
        countLines(bytes, upTo: max(0, position - offset), from: offset)
        invalid = (position, line, position - lineStart + 1)
    }

    /// Counts the line breaks of `bytes[..<end]` (the file's from `offset`), for positions.
    private mutating func countLines(_ bytes: UnsafeRawBufferPointer, upTo end: Int, from offset: Int) {
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = offset + index + 1
        }
    }

    /// Whether a file must be checked: one whose units are single bytes and that declares no
    /// encoding, or UTF-8, or one libxml2 might fall back to reading as UTF-8 (any but the
    /// single-byte encodings it converts itself, whose every byte becomes valid UTF-8).
    static func applies(to head: some Collection<UInt8>, layout: XMLUnitLayout) -> Bool {
        guard layout.width == 1 else { return false }
        guard let encoding = declaredEncoding(head) else { return true }
        let name = encoding.uppercased().replacingOccurrences(of: "_", with: "-")
        let converted = ["ISO-8859-", "LATIN", "WINDOWS-125", "CP125", "US-ASCII", "ASCII", "ISO-646"]
        return !converted.contains { name.hasPrefix($0) }
    }

    /// The `encoding` of an XML declaration at the start of `head`, if there is one.
    static func declaredEncoding(_ head: some Collection<UInt8>) -> String? {
        var text = String(decoding: head.prefix(256), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return nil }
        let declaration = text[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
