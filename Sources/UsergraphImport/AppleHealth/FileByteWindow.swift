#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A window onto a file read front to back in chunks with `read(2)`: the bytes the scanner has
/// not finished with, at the start of one buffer allocated once. Memory stays at the buffer's
/// size whatever the file's.
///
/// The scanner parses whole constructs (a tag, a comment, the DTD) from the buffer; when one runs
/// past the bytes held, it asks for `refill(keepingFrom:)`, which moves the unfinished construct
/// to the front and reads more after it. So a construct can be at most `longestConstruct` bytes:
/// longer ones are refused rather than grown into (an export's longest tag is a few hundred
/// bytes, its DTD a few kilobytes).
final class FileByteWindow {
    private let descriptor: Int32
    /// Holds `capacity` bytes; `count` of them are valid.
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int
    let longestConstruct: Int
    private(set) var count = 0
    /// The offset in the file of `bytes[0]`.
    private(set) var fileOffset: Int64 = 0
    /// Bytes read from the file so far.
    private(set) var bytesRead: Int64 = 0
    private(set) var atEnd = false
    private let chunkSize: Int
    private let progress: (@Sendable (Int64) -> Void)?
    private let progressEvery: Int64
    private var progressReported: Int64 = 0

    /// Opens `path`; a folder or an unreadable file is a problem of the whole file.
    init(
        path: String, chunkSize: Int, longestConstruct: Int, progressEvery: Int64,
        progress: (@Sendable (Int64) -> Void)?
    ) throws(ReadFailure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadFailure.health("cannotOpen", ["reason": FileByteWindow.describe(errno)]) }
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ReadFailure.health("folder")
        }
        #if canImport(Glibc)
        // The kernel can read further ahead for a file read once, front to back.
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        #endif
        descriptor = fd
        self.chunkSize = max(1, chunkSize)
        self.longestConstruct = max(16, longestConstruct)
        capacity = self.longestConstruct + self.chunkSize
        bytes = .allocate(capacity: capacity)
        self.progress = progress
        self.progressEvery = max(1, progressEvery)
    }

    deinit {
        bytes.deallocate()
        close(descriptor)
    }

    /// Drops the bytes before `start` (the scanner is done with them), keeps the rest at the
    /// front and reads at least one more chunk after them, unless the file has ended. Returns
    /// false at the end of the file. The kept bytes move: offsets into the buffer taken before
    /// must be rebased by `start`.
    func refill(keepingFrom start: Int) throws(ReadFailure) -> Bool {
        let kept = count - start
        if kept > longestConstruct {
            let megabytes = max(1, (longestConstruct + 1_048_575) / 1_048_576)
            throw ReadFailure.xml("tooLong", ["limit": String(megabytes)], at: fileOffset + Int64(start))
        }
        if start > 0 {
            if kept > 0 { memmove(bytes, bytes + start, kept) }
            fileOffset += Int64(start)
            count = kept
        }
        if atEnd { return false }
        var added = 0
        // One read can return less than asked (a pipe, a signal): read until a chunk is in or
        // the file ends, so that callers always make progress.
        while added < chunkSize {
            let room = min(capacity - count, chunkSize - added)
            if room <= 0 { break }
            let n = read(descriptor, bytes + count, room)
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadFailure.health("cannotRead", ["reason": FileByteWindow.describe(errno)])
            }
            if n == 0 { atEnd = true; break }
            count += n
            added += n
            bytesRead += Int64(n)
        }
        if let progress, bytesRead - progressReported >= progressEvery {
            progressReported = bytesRead
            progress(bytesRead)
        }
        return added > 0
    }

    /// Tells the progress callback the final count, once reading is done.
    func reportFinalProgress() {
        if let progress, progressReported != bytesRead {
            progressReported = bytesRead
            progress(bytesRead)
        }
    }

    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
