/// What each byte value is to the scanner, looked up in one table instead of a chain of
/// comparisons in its innermost loops. Allocated once per read; the scanner keeps the pointer.
final class XMLByteClasses {
    static let whitespace: UInt8 = 1
    /// May start a name: ASCII letters, `_`, `:`, and any byte of a multi-byte UTF-8 character
    /// (the scanner accepts every non-ASCII character in names rather than carry Unicode's tables;
    /// names of an export are ASCII).
    static let nameStart: UInt8 = 2
    /// May continue a name: the above, digits, `-` and `.`.
    static let nameChar: UInt8 = 4
    /// Ends the plain run of an attribute value: a quote, `<`, `&` or a control character.
    static let valueSpecial: UInt8 = 8
    /// Ends the plain run of character data: `<`, `&`, `]` (of a stray `]]>`) or a control character.
    static let textSpecial: UInt8 = 16

    let table: UnsafeMutablePointer<UInt8>

    /// `asciiNames`: bytes of multi-byte characters are not name characters (a scanner that must
    /// never accept a name libxml2 would refuse, and does not check Unicode's name classes).
    init(asciiNames: Bool = false) {
        table = .allocate(capacity: 256)
        for byte in 0..<256 {
            var flags: UInt8 = 0
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { flags |= Self.whitespace }
            if isLetter || byte == 0x5F || byte == 0x3A || (byte >= 0x80 && !asciiNames) { flags |= Self.nameStart | Self.nameChar }
            if (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E { flags |= Self.nameChar }
            if byte == 0x22 || byte == 0x27 || byte == 0x3C || byte == 0x26 || byte < 0x20 { flags |= Self.valueSpecial }
            if byte == 0x3C || byte == 0x26 || byte == 0x5D || byte < 0x20 { flags |= Self.textSpecial }
            table[byte] = flags
        }
    }

    deinit { table.deallocate() }
}

/// The ASCII bytes the scanner looks for, by name.
enum ASCII {
    static let tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, percent: UInt8 = 0x25, ampersand: UInt8 = 0x26
    static let apostrophe: UInt8 = 0x27, hyphen: UInt8 = 0x2D, slash: UInt8 = 0x2F, semicolon: UInt8 = 0x3B
    static let less: UInt8 = 0x3C, equals: UInt8 = 0x3D, greater: UInt8 = 0x3E, question: UInt8 = 0x3F
    static let bang: UInt8 = 0x21, leftBracket: UInt8 = 0x5B, rightBracket: UInt8 = 0x5D, x: UInt8 = 0x78
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
}
