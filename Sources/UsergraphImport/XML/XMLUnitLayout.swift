/// How an XML file's characters are laid out in bytes, as far as markup is concerned: markup
/// is ASCII in every encoding XML allows, so a code unit below 0x80 is that ASCII character.
/// One byte per unit for UTF-8 and the other ASCII-compatible encodings; two or four, in
/// either byte order, for UTF-16 and UTF-32, told by the byte-order mark or by how the first
/// `<` is written (XML 1.0, appendix F).
struct XMLUnitLayout: Equatable {
    var width: Int
    var bigEndian: Bool
    /// Units of byte-order mark at the start (a UTF-8 one is three one-byte units).
    var markUnits: Int

    static func detect(_ head: some Collection<UInt8>) -> XMLUnitLayout {
        let bytes = Array(head.prefix(4)) + [UInt8](repeating: 0xAA, count: 4)
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return XMLUnitLayout(width: 4, bigEndian: true, markUnits: 1)
        case (0xFF, 0xFE, 0x00, 0x00): return XMLUnitLayout(width: 4, bigEndian: false, markUnits: 1)
        case (0x00, 0x00, 0x00, 0x3C): return XMLUnitLayout(width: 4, bigEndian: true, markUnits: 0)
        case (0x3C, 0x00, 0x00, 0x00): return XMLUnitLayout(width: 4, bigEndian: false, markUnits: 0)
        case (0xFE, 0xFF, _, _): return XMLUnitLayout(width: 2, bigEndian: true, markUnits: 1)
        case (0xFF, 0xFE, _, _): return XMLUnitLayout(width: 2, bigEndian: false, markUnits: 1)
        case (0x00, 0x3C, _, _): return XMLUnitLayout(width: 2, bigEndian: true, markUnits: 0)
        case (0x3C, 0x00, _, _): return XMLUnitLayout(width: 2, bigEndian: false, markUnits: 0)
        case (0xEF, 0xBB, 0xBF, _): return XMLUnitLayout(width: 1, bigEndian: true, markUnits: 3)
        default: return XMLUnitLayout(width: 1, bigEndian: true, markUnits: 0)
        }
    }

    /// The unit whose first byte is at `offset`.
    func unit(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        if width == 1 { return UInt32(bytes[offset]) }
        var value: UInt32 = 0
        for k in 0..<width {
            value = value << 8 | UInt32(bytes[offset + (bigEndian ? k : width - 1 - k)])
        }
        return value
    }

    /// Writes `unit` (an ASCII character) at `offset`.
    func write(_ unit: UInt32, _ bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
        for k in 0..<width {
            let shift = UInt32(8 * (bigEndian ? width - 1 - k : k))
            bytes[offset + k] = UInt8(truncatingIfNeeded: unit >> shift)
        }
    }

    /// `unit` encoded, for a patch.
    func encoded(_ unit: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width)
        bytes.withUnsafeMutableBytes { write(unit, $0, at: 0) }
        return bytes
    }
}
