import Foundation
import UsergraphCore

/// A regular file found in an inbox folder, as one `lstat` gives it.
package struct InboxFile: Sendable, Equatable {
    package var path: String
    package var size: Int64
    /// The modification time, UTC to the nanosecond (`2026-11-27T16:18:27.123456789Z`): text, so
    /// that it is compared exactly and reads plainly in `inbox.json`.
    package var mtime: String

    init(path: String, info: stat) {
        self.path = path
        size = Int64(info.st_size)
        mtime = Self.format(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }

    /// The file as it is now, or nil when it is gone or no longer a regular file.
    static func now(at path: String) -> InboxFile? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return InboxFile(path: path, info: info)
    }

    static func format(seconds: Int, nanoseconds: Int) -> String {
        var time = seconds
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let fraction = String(nanoseconds)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
            + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction + "Z"
    }
}

/// The walk of the inbox folders: every regular file below them, with its size and time from
/// one `lstat` (a nightly run over 10,000 files costs 10,000 stats and opens none). Hidden
/// files and folders are left out (a sync tool's partial downloads are hidden), and so are
/// links: a link could lead out of the folder, anywhere.
package struct InboxFolders {
    package private(set) var files: [InboxFile] = []
    /// The folders walked; a file of one of them that the walk did not find is gone.
    package private(set) var walked: [String] = []
    /// The folders that cannot be read, each with the sentence that says so.
    package private(set) var problems: [UsergraphError] = []

    package init(_ folders: [String]) {
        // A folder inside another one configured is walked with it, once.
        for folder in folders where !folders.contains(where: { folder != $0 && folder.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
            if let reason = Self.unreadable(folder) {
                problems.append(UsergraphError("errors.import.inboxFolder", ["folder": folder, "reason": reason]))
                continue
            }
            walked.append(folder)
            walk(folder, depth: 0)
        }
    }

    /// Why a configured folder cannot be walked (the system's words), or nil. The folder itself
    /// may be a link (to a synced folder): it was named on purpose, so it is followed.
    private static func unreadable(_ folder: String) -> String? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return String(cString: strerror(ENOTDIR)) }
        guard access(folder, R_OK | X_OK) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// Whether `path` lies below a folder that was walked.
    package func isWalked(_ path: String) -> Bool {
        walked.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    private mutating func walk(_ folder: String, depth: Int) {
        guard depth < ExportReader.depthLimit, files.count < ExportReader.filesLimit,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, depth: depth + 1)
            case S_IFREG: if files.count < ExportReader.filesLimit { files.append(InboxFile(path: path, info: info)) }
            default: continue  // a link, a FIFO, a socket, a device
            }
        }
    }
}

/// A file's SHA-256, read a megabyte at a time: an Apple Health export of gigabytes is never
/// held in memory.
enum FileDigest {
    static func sha256(of path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw problem(path, "errors.import.cannotOpen") }
        defer { close(fd) }
        var stream = SHA256.Stream()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw problem(path, "errors.import.cannotRead") }
            if count == 0 { break }
            buffer.withUnsafeBytes { stream.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return stream.hex()
    }

    private static func problem(_ path: String, _ key: String) -> UsergraphError {
        UsergraphError("errors.import.file", ["file": path], nested: ["problem": Message(key, ["reason": String(cString: strerror(errno))])])
    }
}
