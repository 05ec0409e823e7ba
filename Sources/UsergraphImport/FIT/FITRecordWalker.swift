/// Steps through the records of one FIT file, from the end of its header to the end of its
/// data, keeping what lives for one file: the definitions of the 16 local message types and
/// the running time that compressed-timestamp headers count on from.
///
/// A record starts with a 1-byte header:
/// - bit 7 set: a data message with a compressed timestamp; bits 5–6 are its local type
///   (0–3), bits 0–4 the low five bits of its time in seconds, rolled over against the last
///   full timestamp;
/// - else bit 6 set: a definition message for local type bits 0–3, with developer fields
///   when bit 5 is set;
/// - else a data message of local type bits 0–3.
struct FITRecordWalker {
    let bytes: [UInt8]
    /// Which FIT file of a chain this is.
    let file: Int
    /// Where the data ends: the header's data size, or the end of a file that was cut short.
    let limit: Int
    private(set) var position: Int
    /// The problem for a record that starts at an offset and crosses `limit`.
    private let cut: (Int) -> ImportProblem
    private var definitions = [FITDefinition?](repeating: nil, count: 16)
    /// The last time seen, as FIT seconds: field 253 of any message, or a compressed header's.
    private var time: UInt32 = 0

    init(bytes: [UInt8], header: FITHeader, file: Int, limit: Int) {
        self.bytes = bytes
        self.file = file
        self.limit = limit
        self.position = header.dataStart
        let size = bytes.count
        // Past the end of the buffer the file was cut short; before it, a record overruns the
        // data size the header declared.
        cut = limit >= size ? { FITProblem.truncated(at: $0, size: size) } : { [limit] in FITProblem.overrun(at: $0, end: limit) }
    }

    var atEnd: Bool { position >= limit }

    /// Reads the record at `position` and moves past it: a data message, or nil for a definition.
    mutating func next() throws -> FITMessage? {
        let start = position
        let header = bytes[start]
        position += 1
        if header & 0x80 != 0 {
            return try dataMessage(local: Int(header >> 5 & 0x03), recordStart: start, timeOffset: UInt32(header & 0x1F))
        }
        if header & 0x40 != 0 {
            let (definition, next) = try FITDefinition.read(
                bytes, at: position, limit: limit, developerFields: header & 0x20 != 0,
                recordStart: start, cut: cut)
            definitions[Int(header & 0x0F)] = definition
            position = next
            return nil
        }
        return try dataMessage(local: Int(header & 0x0F), recordStart: start, timeOffset: nil)
    }

    private mutating func dataMessage(local: Int, recordStart: Int, timeOffset: UInt32?) throws -> FITMessage {
        guard let definition = definitions[local] else { throw FITProblem.undefinedLocal(at: recordStart, local: local) }
        guard limit - position >= definition.contentSize else { throw cut(recordStart) }
        let content = position
        position += definition.contentSize
        var stamp: UInt32?
        if let field = definition.timestamp,
            let value = field.number(in: bytes, content: content, bigEndian: definition.bigEndian).flatMap(FITMessage.unsigned)
        {
            time = value
            stamp = value
        }
        if let timeOffset {
            // The time whose low five bits are `timeOffset`, at or after the last time.
            time = time &+ ((timeOffset &- time) & 0x1F)
            stamp = time
        }
        return FITMessage(bytes: bytes, definition: definition, content: content, file: file, timestamp: stamp)
    }
}
