/// FIT's base types (the profile's `fit_base_type`), numbered by the low five bits of a field
/// definition's base-type byte; the top bit only says whether the type has a byte order, which
/// the size already tells. Each type has an "invalid" value that stands for "no value".
enum FITBaseType: UInt8 {
    case enumeration = 0, sint8, uint8, sint16, uint16, sint32, uint32, string, float32, float64
    case uint8z, uint16z, uint32z, byte, sint64, uint64, uint64z

    /// The type of a definition's base-type byte; nil for a number FIT does not define.
    init?(byte: UInt8) {
        self.init(rawValue: byte & 0x1F)
    }

    var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .float32, .uint32z: 4
        case .float64, .sint64, .uint64, .uint64z: 8
        }
    }

    /// The value of `bits` (the type's `size` bytes, already in host order), nil where it is
    /// the type's invalid value or the type is not a number (strings, bytes).
    func number(_ bits: UInt64) -> Double? {
        let width = UInt64(size * 8)
        let allOnes = width == 64 ? UInt64.max : (1 << width) - 1
        switch self {
        case .enumeration, .uint8, .uint16, .uint32, .uint64:
            return bits == allOnes ? nil : Double(bits)
        case .uint8z, .uint16z, .uint32z, .uint64z:
            return bits == 0 ? nil : Double(bits)
        case .sint8, .sint16, .sint32, .sint64:
            // Invalid is the largest positive value (0x7F, 0x7FFF, …).
            guard bits != allOnes >> 1 else { return nil }
            let shift = 64 - width
            return Double(Int64(bitPattern: bits << shift) >> shift)
        case .float32:
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: bits))
            return value.isFinite ? Double(value) : nil
        case .float64:
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : nil
        case .string, .byte:
            return nil
        }
    }
}
