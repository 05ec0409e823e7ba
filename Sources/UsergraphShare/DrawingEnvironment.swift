import Foundation
import UsergraphCore

/// What a PNG's pixels depend on besides its SVG: the librsvg and cairo libraries and the fonts
/// fontconfig can choose from. Their files' identities (path, size, time, inode) are hashed,
/// not the libraries loaded (loading them costs a rebuild 12 MB), so a font package or a
/// library upgraded since a picture was drawn makes it drawn again, and two machines with other
/// fonts never keep each other's pictures. Computed once a process.
package enum DrawingEnvironment {
    package static let stamp: String = {
        var text = ""
        for name in ["librsvg-2.so.2", "libcairo.so.2", "libfontconfig.so.1", "libfreetype.so.6", "libpango-1.0.so.0"] {
            text += name + " " + (libraryIdentity(name) ?? "-") + "\n"
        }
        // fontconfig itself trusts a font folder's times to say its fonts changed. HOME, not
        // NSHomeDirectory(), which asks the user database (a socket to nscd) at every build.
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent"
        var folders: [String] = []
        for root in ["/usr/share/fonts", "/usr/local/share/fonts", "/etc/fonts", home + "/.local/share/fonts", home + "/.fonts"] {
            collectFolders(root, depth: 0, into: &folders)
        }
        for folder in folders.sorted() { text += folder + " " + (identity(folder) ?? "-") + "\n" }
        return SHA256.hex(Data(text.utf8))
    }()

    /// The real file a library name resolves to in the usual places, with its identity.
    private static func libraryIdentity(_ name: String) -> String? {
        for folder in [
            "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
            "/usr/lib64", "/usr/lib", "/lib64", "/lib",
        ] {
            let path = folder + "/" + name
            guard let real = realpath(path, nil) else { continue }
            defer { free(real) }
            let resolved = String(cString: real)
            return resolved + " " + (identity(resolved) ?? "-")
        }
        return nil
    }

    private static func identity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }

    private static func collectFolders(_ folder: String, depth: Int, into folders: inout [String]) {
        var info = stat()
        guard depth < 6, folders.count < 2_000, lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        folders.append(folder)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            collectFolders(folder + "/" + name, depth: depth + 1, into: &folders)
        }
    }
}
