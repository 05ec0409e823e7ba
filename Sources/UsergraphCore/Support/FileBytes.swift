import Foundation

/// Reading an open file's bytes with plain `read` calls, where Foundation's FileHandle and
/// Data cost more than the reading (a cached file's header, 9,500 avatars' sizes).
package enum FileBytes {
    /// Reads from `descriptor` into `buffer` until `capacity` bytes, the end of the file, or an
    /// error: how many bytes came, and whether an error stopped it.
    package static func fill(_ buffer: UnsafeMutableRawPointer, capacity: Int, from descriptor: Int32) -> (count: Int, failed: Bool) {
        var count = 0
        while count < capacity {
            let got = read(descriptor, buffer + count, capacity - count)
            if got > 0 {
                count += got
            } else if got == 0 {
                break
            } else if errno != EINTR {
                return (count, true)
            }
        }
        return (count, false)
    }

    /// Up to `count` bytes from `descriptor`, fewer at the file's end or at an error.
    package static func prefix(_ count: Int, of descriptor: Int32) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = buffer.baseAddress.map { fill($0, capacity: count, from: descriptor).count } ?? 0
        }
    }
}
