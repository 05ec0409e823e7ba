/// One field of a definition message: where its bytes sit in each data message of that
/// definition, and how to read them.
struct FITFieldDefinition {
    let number: UInt8
    /// From the start of the data message's content (after its 1-byte header).
    let offset: Int
    let size: Int
    /// nil where the bytes are no number: an unknown base type, or a size that is not a
    /// whole number of the type's values (read as bytes, as the SDK and fitparse do).
    let type: FITBaseType?

    init(number: UInt8, offset: Int, size: Int, baseType: UInt8) {
        self.number = number
        self.offset = offset
        self.size = size
        if let type = FITBaseType(byte: baseType), size > 0, size % type.size == 0 {
            self.type = type
        } else {
            self.type = nil
        }
    }

    /// The field's value (its first, for an array) in the message whose content starts at
    /// `content`; nil where the field holds FIT's invalid value or no number.
    func number(in bytes: [UInt8], content: Int, bigEndian: Bool) -> Double? {
        guard let type else { return nil }
        let start = content + offset
        let width = type.size
        // The decoder checked that the whole message is inside the buffer; this keeps a
        // mistake there from becoming a crash.
        guard start >= 0, width <= bytes.count - start else { return nil }
        var bits: UInt64 = 0
        for index in 0..<width {
            let byte = UInt64(bytes[start + (bigEndian ? index : width - 1 - index)])
            bits = bits << 8 | byte
        }
        return type.number(bits)
    }
}

/// A definition message: the layout of the data messages that use its local message type,
/// until another definition takes that local type.
struct FITDefinition {
    /// The global message number (the profile's `mesg_num`: 0 file_id, 18 session, …).
    let global: UInt16
    let bigEndian: Bool
    let fields: [FITFieldDefinition]
    /// Bytes of a data message's content: its fields and developer fields.
    let contentSize: Int
    /// Field 253, which every message that has it uses for its time.
    let timestamp: FITFieldDefinition?

    func field(_ number: UInt8) -> FITFieldDefinition? {
        fields.first { $0.number == number }
    }

    /// Reads the definition whose content (after the record header) starts at `start`.
    /// Returns it with the offset just past it. `limit` is where the data ends; `cut` makes
    /// the problem for a definition that crosses it.
    static func read(
        _ bytes: [UInt8], at start: Int, limit: Int, developerFields: Bool, recordStart: Int,
        cut: (Int) -> ImportProblem
    ) throws -> (definition: FITDefinition, next: Int) {
        // reserved, architecture, global number (2), number of fields
        guard limit - start >= 5 else { throw cut(recordStart) }
        let architecture = bytes[start + 1]
        guard architecture <= 1 else { throw FITProblem.architecture(at: recordStart, value: architecture) }
        let bigEndian = architecture == 1
        let global =
            bigEndian
            ? UInt16(bytes[start + 2]) << 8 | UInt16(bytes[start + 3])
            : UInt16(bytes[start + 3]) << 8 | UInt16(bytes[start + 2])
        let count = Int(bytes[start + 4])
        var position = start + 5
        guard limit - position >= count * 3 else { throw cut(recordStart) }
        var fields: [FITFieldDefinition] = []
        fields.reserveCapacity(count)
        var contentSize = 0
        var timestamp: FITFieldDefinition?
        for _ in 0..<count {
            let field = FITFieldDefinition(
                number: bytes[position], offset: contentSize,
                size: Int(bytes[position + 1]), baseType: bytes[position + 2])
            fields.append(field)
            if field.number == FITProfile.timestampField { timestamp = field }
            contentSize += field.size
            position += 3
        }
        if developerFields {
            // Developer fields (protocol 2): number, size, developer data index. Their meaning
            // is in field_description messages; usergraph needs none of it, only their size.
            guard limit - position >= 1 else { throw cut(recordStart) }
            let developerCount = Int(bytes[position])
            position += 1
            guard limit - position >= developerCount * 3 else { throw cut(recordStart) }
            for _ in 0..<developerCount {
                contentSize += Int(bytes[position + 1])
                position += 3
            }
        }
        let definition = FITDefinition(
            global: global, bigEndian: bigEndian, fields: fields,
            contentSize: contentSize, timestamp: timestamp)
        return (definition, position)
    }
}
