#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line and column of a byte offset, counted only when a problem is to be shown: the file is
/// read again up to the offset (cheaper than counting lines while the whole file streams by).
struct TextPosition: Equatable {
    /// From 1.
    var line: Int
    /// From 1, in characters (UTF-8 continuation bytes do not count).
    var column: Int

    static func locate(_ offset: Int64, inFileAt path: String) -> TextPosition? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let size = 1 << 20
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        var position = TextPosition(line: 1, column: 1)
        var remaining = offset
        while remaining > 0 {
            let n = read(fd, buffer, Int(min(Int64(size), remaining)))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            for i in 0..<n {
                let byte = buffer[i]
                if byte == 0x0A {
                    position.line += 1
                    position.column = 1
                } else if byte & 0xC0 != 0x80 {
                    position.column += 1
                }
            }
            remaining -= Int64(n)
        }
        return position
    }
}
