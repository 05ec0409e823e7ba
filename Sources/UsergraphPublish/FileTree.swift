import Foundation

/// Folder walks that learn each entry's type from the directory itself, so no file is stat'ed
/// just to find out it is a file: a 10,000-user site has 20,000 files and 10,000 folders, and
/// Foundation's enumerator and `removeItem` stat every one of them, some twice.
package enum FileTree {
    /// The folder part of a relative path such as `users/7/index.html` (`users/7`; "" at the
    /// top): found on the bytes, since NSString's path methods cost a tenth of a rebuild when
    /// called for each of 20,000 files.
    package static func parent(_ relative: String) -> String {
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(relative[..<slash])
    }

    /// The files of a folder (hidden ones only when asked), as paths relative to it, sorted.
    /// A symbolic link counts as the file it points to; links to folders are not followed.
    package static func files(in source: String, includingHidden: Bool = false) -> [String] {
        var files: [String] = []
        walk(source, prefix: "", includingHidden: includingHidden) { files.append($0) }
        return files.sorted()
    }

    private static func walk(_ folder: String, prefix: String, includingHidden: Bool, file: (String) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name == "." || name == ".." || (!includingHidden && name.hasPrefix(".")) { continue }
            let path = folder + "/" + name
            switch kind(of: entry, at: path) {
            case .folder: walk(path, prefix: prefix + name + "/", includingHidden: includingHidden, file: file)
            case .file: file(prefix + name)
            case .other: continue
            }
        }
    }

    /// Calls `file` with the relative path and the `stat` of every file under `folder` (for a
    /// link, of the file it points to; links to folders are not followed), in the folders'
    /// own order, which is the same on every call while nothing changes. Each file is looked up
    /// from its open folder: full-path calls spent a tenth of a no-change build walking the
    /// same path prefixes. The subfolders named in `skipping` (relative paths) are not entered.
    package static func visitFiles(in folder: String, includingHidden: Bool, skipping: Set<String> = [], _ file: (String, stat) -> Void) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        visitFiles(of: descriptor, prefix: "", includingHidden: includingHidden, skipping: skipping, file)
    }

    /// Visits the folder open as `descriptor`, and closes it.
    private static func visitFiles(
        of descriptor: Int32, prefix: String, includingHidden: Bool, skipping: Set<String>,
        _ file: (String, stat) -> Void
    ) {
        guard let directory = fdopendir(descriptor) else { close(descriptor); return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name == "." || name == ".." || (!includingHidden && name.hasPrefix(".")) { continue }
            var info = stat()
            if isFolder(entry, named: name, in: descriptor) {
                guard !skipping.contains(prefix + name) else { continue }
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { visitFiles(of: child, prefix: prefix + name + "/", includingHidden: includingHidden, skipping: skipping, file) }
            } else if fstatat(descriptor, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                file(prefix + name, info)
            }
        }
    }

    /// The folders directly in a folder (links to folders are not followed).
    package static func folders(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name != ".", name != "..", kind(of: entry, at: folder + "/" + name) == .folder { folders.append(name) }
        }
        return folders
    }

    /// Removes every file (and link) under a folder and keeps the folders, calling `file` with
    /// each one's relative path before it goes. Returns false if something could not be removed.
    @discardableResult
    static func removeFiles(in folder: String, file: (String) -> Void = { _ in }) -> Bool {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        return removeContents(of: descriptor, prefix: "", keepingFolders: true, file: file)
    }

    /// Removes a folder and everything in it without following links, calling `file` with the
    /// relative path of each file (and link) before it goes. Paths are resolved from open
    /// folder descriptors, so the kernel never walks a long path per file. Returns false if
    /// something could not be removed.
    @discardableResult
    package static func remove(_ folder: String, file: (String) -> Void = { _ in }) -> Bool {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return unlink(folder) == 0 || errno == ENOENT }
        let emptied = removeContents(of: descriptor, prefix: "", keepingFolders: false, file: file)
        return emptied && rmdir(folder) == 0
    }

    /// Empties the folder open as `descriptor` (of files only, or of everything), and closes it.
    private static func removeContents(of descriptor: Int32, prefix: String, keepingFolders: Bool, file: (String) -> Void) -> Bool {
        guard let directory = fdopendir(descriptor) else { close(descriptor); return false }
        defer { closedir(directory) }
        var names: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name == "." || name == ".." { continue }
            names.append((name, isFolder(entry, named: name, in: descriptor)))
        }
        // Removing while reading could make readdir skip entries, so the names are read first.
        var ok = true
        for (name, isFolder) in names {
            if isFolder {
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { ok = false; continue }
                ok = removeContents(of: child, prefix: prefix + name + "/", keepingFolders: keepingFolders, file: file) && ok
                if !keepingFolders { ok = unlinkat(descriptor, name, AT_REMOVEDIR) == 0 && ok }
            } else {
                file(prefix + name)
                ok = unlinkat(descriptor, name, 0) == 0 && ok
            }
        }
        return ok
    }

    /// Whether the entry `name` of the folder open as `descriptor` is a folder (not a link to
    /// one), from the entry's type when the file system gives it.
    private static func isFolder(_ entry: UnsafeMutablePointer<dirent>, named name: String, in descriptor: Int32) -> Bool {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): return true
        case Int32(DT_UNKNOWN):
            var info = stat()
            return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        default: return false
        }
    }

    private enum Kind { case file, folder, other }

    private static func kind(of entry: UnsafeMutablePointer<dirent>, at path: String) -> Kind {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK):
            var info = stat()
            guard stat(path, &info) == 0 else { return .other }
            return (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
        default:
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? .file : .other
            default: return .other
            }
        }
    }

    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
        }
    }

    /// Copies a folder's files (not hidden ones) into `root`, keeping the tree.
    @discardableResult
    package static func copy(from source: String, to root: String) throws -> Int {
        let fm = FileManager.default
        let files = files(in: source)
        for item in files {
            let to = root + "/" + item
            try fm.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try fm.copyItem(atPath: source + "/" + item, toPath: to)
        }
        return files.count
    }
}
