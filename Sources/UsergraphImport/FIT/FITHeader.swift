/// The header that opens a FIT file: its size (12, or 14 with a CRC of the first 12 bytes),
/// the protocol and profile versions, the size of the data records that follow, and `.FIT`.
/// The data is followed by a CRC of header and data. Several FIT files may be chained in one
/// file (a watch appends a second file to the first), each with a header and a CRC of its own.
struct FITHeader {
    /// Where the header starts in the buffer.
    let offset: Int
    /// 12 or 14.
    let size: Int
    /// Bytes of records after the header; the file's 2-byte CRC follows them.
    let dataSize: Int

    var dataStart: Int { offset + size }
    var dataEnd: Int { dataStart + dataSize }

    /// The newest protocol whose records this reader understands (2.x added developer fields).
    static let protocolMajor: UInt8 = 2

    /// Reads and checks the header at `offset`, which must be inside `bytes`.
    static func read(_ bytes: [UInt8], at offset: Int) throws -> FITHeader {
        let available = bytes.count - offset
        guard available >= 12 else {
            // A lone header size byte of a plausible value reads as a file cut short; anything
            // else is not the start of a FIT header at all.
            if available > 0, bytes[offset] == 12 || bytes[offset] == 14 {
                throw FITProblem.truncated(at: offset, size: bytes.count)
            }
            throw FITProblem.signature(at: offset)
        }
        guard bytes[offset + 8] == 0x2E, bytes[offset + 9] == 0x46, bytes[offset + 10] == 0x49, bytes[offset + 11] == 0x54 else {
            throw FITProblem.signature(at: offset)
        }
        let size = Int(bytes[offset])
        guard size == 12 || size == 14 else { throw FITProblem.headerSize(at: offset, size: size) }
        if size == 14 {
            guard available >= 14 else { throw FITProblem.truncated(at: offset, size: bytes.count) }
            // Zero means the writer did not compute it (the SDK allows that).
            let stored = UInt16(bytes[offset + 12]) | UInt16(bytes[offset + 13]) << 8
            if stored != 0, stored != FITCRC.checksum(bytes, from: offset, to: offset + 12) {
                throw FITProblem.headerCRC(at: offset)
            }
        }
        let version = bytes[offset + 1]
        guard version >> 4 <= protocolMajor else {
            throw FITProblem.protocolVersion(at: offset, major: version >> 4, minor: version & 0x0F)
        }
        let dataSize = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
        return FITHeader(offset: offset, size: size, dataSize: dataSize)
    }
}
