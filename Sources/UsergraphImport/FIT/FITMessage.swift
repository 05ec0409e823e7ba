/// A data message: a view of its bytes through its definition, read only for the fields asked
/// for, so that the thousands of messages nobody asks about cost no allocation.
struct FITMessage {
    let bytes: [UInt8]
    let definition: FITDefinition
    /// Where the message's content starts (after its 1-byte record header).
    let content: Int
    /// Which FIT file of a chain the message is in, counting from 0.
    let file: Int
    /// Its time: field 253, or the time a compressed-timestamp header gives; nil for neither.
    let timestamp: UInt32?

    var global: UInt16 { definition.global }

    /// The field's value before the profile's scale, nil where it is absent or invalid.
    func number(_ field: UInt8) -> Double? {
        definition.field(field)?.number(in: bytes, content: content, bigEndian: definition.bigEndian)
    }

    /// The field's value as a whole number of 32 bits (times, serial numbers, enums), nil where
    /// it is absent, invalid or not such a number.
    func unsigned(_ field: UInt8) -> UInt32? {
        number(field).flatMap(Self.unsigned)
    }

    static func unsigned(_ value: Double) -> UInt32? {
        value >= 0 && value <= Double(UInt32.max) && value.rounded() == value ? UInt32(value) : nil
    }
}
