import Foundation

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
///
/// It can also lend out a `Data` already in memory (a GPX file from a zip or a gzip), in the
/// same chunks, so that one scanner serves both.
final class FileByteWindow {
    private enum Source {
        case file(Int32)
        /// The bytes, and how many of them have been read.
        case memory(Data, Int)
    }

    private var source: Source
    /// When set, what is read is checked to be UTF-8 and XML characters (`XMLCharacterCheck`),
    /// and the first that is not stops the read with `errors.import.xml.badText`.
    var validatesUTF8 = false
    private var characterCheck = XMLCharacterCheck()
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
        source = .file(fd)
        self.chunkSize = max(1, chunkSize)
        self.longestConstruct = max(16, longestConstruct)
        capacity = self.longestConstruct + self.chunkSize
        bytes = .allocate(capacity: capacity)
        self.progress = progress
        self.progressEvery = max(1, progressEvery)
    }

    /// A window onto bytes in memory, read in chunks as a file would be (copied a chunk at a time).
    init(data: Data, chunkSize: Int, longestConstruct: Int) {
        source = .memory(data, 0)
        self.chunkSize = max(1, chunkSize)
        self.longestConstruct = max(16, longestConstruct)
        capacity = self.longestConstruct + self.chunkSize
        bytes = .allocate(capacity: capacity)
        progress = nil
        progressEvery = 1
    }

    deinit {
        bytes.deallocate()
        if case .file(let descriptor) = source { close(descriptor) }
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
            let n = try readChunk(into: bytes + count, room)
            if n == 0 {
                atEnd = true
                if validatesUTF8, !characterCheck.isComplete {
                    throw ReadFailure.xml("badText", at: fileOffset + Int64(count))
                }
                break
            }
            if validatesUTF8, !characterCheck.check(bytes + count, n) {
                throw ReadFailure.xml("badText", at: fileOffset + Int64(count))
            }
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

    /// Reads up to `room` bytes to `destination`: 0 at the end.
    private func readChunk(into destination: UnsafeMutablePointer<UInt8>, _ room: Int) throws(ReadFailure) -> Int {
        switch source {
        case .file(let descriptor):
            while true {
                let n = read(descriptor, destination, room)
                if n >= 0 { return n }
                if errno != EINTR { throw ReadFailure.health("cannotRead", ["reason": FileByteWindow.describe(errno)]) }
            }
        case .memory(let data, let taken):
            let n = min(room, data.count - taken)
            guard n > 0 else { return 0 }
            let start = data.startIndex + taken
            data.copyBytes(to: destination, from: start..<(start + n))
            source = .memory(data, taken + n)
            return n
        }
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

/// Checks, chunk by chunk, that bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong
/// forms, no surrogates, nothing past U+10FFFF) and no U+FFFE or U+FFFF, which XML does not
/// allow either; the scanner checks the control characters itself. Unlike `UTF8Validator`,
/// it does not count lines: a reader that meets a bad byte reports its offset, or reads the
/// file again another way.
struct XMLCharacterCheck {
    /// Continuation bytes still due in the current sequence, and the range the next must be in.
    private var due = 0
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF
    private var lead: UInt8 = 0

    /// Whether no sequence is left unfinished: false at the end of a file means a cut sequence.
    var isComplete: Bool { due == 0 }

    /// Checks `count` bytes at `start`, which follow those checked before.
    mutating func check(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            if due == 0 {
                // Most of a GPX file is ASCII: eight bytes at a time while it is.
                while index + 8 <= count,
                    UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < count else { break }
            }
            let byte = start[index]
            index += 1
            if due > 0 {
                guard byte >= low && byte <= high else { return false }
                due -= 1
                // EF BF BE and EF BF BF are U+FFFE and U+FFFF.
                (low, high) = (0x80, due == 1 && lead == 0xEF && byte == 0xBF ? 0xBD : 0xBF)
                continue
            }
            guard byte >= 0x80 else { continue }
            lead = byte
            guard let sequence = UTF8Validator.sequence(lead: byte) else { return false }
            (due, low, high) = sequence
        }
        return true
    }
}
