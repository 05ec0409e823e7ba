/// The CRC-16 that guards FIT headers and files: the FIT SDK's `FitCRC_Get16`, which is
/// CRC-16/ARC (reflected polynomial 0xA001, starting at 0). The SDK walks a 16-entry table a
/// nibble at a time; a 256-entry table gives the same values in half the steps.
enum FITCRC {
    private static let table: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1
        }
        return crc
    }

    /// The CRC of `bytes[start..<end]`; a range outside the buffer is cut to it rather than trap.
    static func checksum(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> UInt16 {
        let upper = min(end ?? bytes.count, bytes.count)
        var crc: UInt16 = 0
        var index = max(start, 0)
        while index < upper {
            crc = (crc >> 8) ^ table[Int((crc ^ UInt16(bytes[index])) & 0xFF)]
            index += 1
        }
        return crc
    }
}
