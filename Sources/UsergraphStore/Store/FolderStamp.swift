import Foundation

/// A folder as it is now, as one word: its device, inode, and change and modification times.
/// Adding, removing or renaming an entry changes the folder's times, and replacing the folder
/// (even by one that gets its inode number back) changes its change time: while the stamp is
/// the same, the folder is the same and holds the same names. What the build keeps beside the
/// output is trusted only for the folder it was written with; the store's `files/` names the
/// same files while its stamp is the same (the store replaces a file by renaming).
package enum FolderStamp {
    /// Nil when there is no folder at `path`.
    package static func of(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return [
            UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_ctim.tv_sec), UInt64(info.st_ctim.tv_nsec),
            UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec),
        ].map { String($0) }.joined(separator: ".")
    }
}

/// A file as it is now, as four words: its size, modification time and inode. Our atomic
/// writes and an editor's save change one of them; what a build keeps (its stamp, its manifest,
/// the family summaries) is keyed by them instead of by the files' bytes.
package enum FileIdentity {
    package static func words(_ info: stat) -> [Int] {
        [info.st_size, info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
    }

    /// `words` of the file at `path` (following a link), or nil when there is none.
    package static func words(of path: String) -> [Int]? {
        status(of: path).map(words)
    }

    /// What `stat` says of the file at `path` (following a link), or nil when there is none.
    package static func status(of path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }
}
