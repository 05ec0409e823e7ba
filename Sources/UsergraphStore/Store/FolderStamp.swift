import Foundation

/// A folder as it is now, as one word: its device, inode, and change and modification times.
/// Adding, removing or renaming an entry changes the folder's times, and replacing the folder
/// (even by one that gets its inode number back) changes its change time: while the stamp is
/// the same, the folder is the same and holds the same names. What the build keeps beside the
/// output is trusted only for the folder it was written with; the store's `files/` names the
/// same files while its stamp is the same (the store replaces a file by renaming).
public enum FolderStamp {
    /// Nil when there is no folder at `path`.
    public static func of(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return [
            UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_ctim.tv_sec), UInt64(info.st_ctim.tv_nsec),
            UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec),
        ].map { String($0) }.joined(separator: ".")
    }
}
