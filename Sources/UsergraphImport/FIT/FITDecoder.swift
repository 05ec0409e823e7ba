/// Decodes a FIT buffer: each FIT file of a chain in turn, its header and its CRC checked
/// before its records are read, and every data message of the wanted global numbers handed
/// to `visit`. Strict: a damaged, cut or malformed file throws an `ImportProblem`, and no read
/// goes past the buffer.
struct FITDecoder {
    let bytes: [UInt8]

    struct Summary: Equatable {
        /// FIT files in the chain.
        var files = 0
        /// Data messages of any global number.
        var dataMessages = 0
    }

    func decode(_ wanted: Set<UInt16>, visit: (FITMessage) throws -> Void) throws -> Summary {
        guard !bytes.isEmpty else { throw FITProblem.empty() }
        var summary = Summary()
        var offset = 0
        while offset < bytes.count {
            // Some writers pad a file with zero bytes after its last CRC; anything else there
            // must be another FIT file.
            if summary.files > 0, bytes[offset...].allSatisfy({ $0 == 0 }) { break }
            let header = try FITHeader.read(bytes, at: offset)
            let end = header.dataEnd
            guard end <= bytes.count - 2 else {
                // Cut short: walk the records that are there, so that the problem names the
                // record the end cuts (or the missing CRC, when every record is whole).
                var walker = FITRecordWalker(bytes: bytes, header: header, file: summary.files, limit: min(end, bytes.count))
                while !walker.atEnd { _ = try walker.next() }
                throw FITProblem.truncated(at: walker.position, size: bytes.count)
            }
            let stored = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
            guard stored == FITCRC.checksum(bytes, from: header.offset, to: end) else {
                throw FITProblem.crc(from: header.offset, to: end)
            }
            var walker = FITRecordWalker(bytes: bytes, header: header, file: summary.files, limit: end)
            while !walker.atEnd {
                guard let message = try walker.next() else { continue }
                summary.dataMessages += 1
                if wanted.contains(message.global) { try visit(message) }
            }
            summary.files += 1
            offset = end + 2
        }
        return summary
    }
}
