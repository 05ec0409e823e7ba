import Foundation
import UsergraphCore
import UsergraphStore

/// What the last successful build was made from, kept beside the output folder
/// (`._site.stamp`). When nothing it names has changed since (the same executable, config,
/// options, as-of day, and every file of the store, templates and public folder with the same
/// size, modification time and inode), the published site is already the result, so a
/// nightly run with nothing new renders nothing and touches no file, the way `make` does.
struct BuildStamp: Codable, Equatable {
    /// A SHA-256 over everything the build reads.
    var inputs: String
    /// The output folder's inode, change and modification times after the swap; anything that
    /// replaced or changed the folder since (a `rm -rf` and a copy, even one that gets the same
    /// inode number back) makes the stamp stale.
    var output: String
    var pages: Int
    var files: Int
    var missing: [String]
    var warnings: [Message]

    static func path(forOutput output: String) -> String {
        StagedSite.beside(output, "stamp")
    }

    /// The fingerprint of a build's inputs. File contents are not read: size, modification
    /// time and inode change whenever our atomic writes or an editor touch a file.
    static func inputs(config: SiteConfig, asOf: Day) -> String {
        var text = "usergraph-build-1\n\(config)\nasOf=\(asOf.iso)\n"
        text += identity(of: "/proc/self/exe", resolving: true)
        text += identity(of: config.root + "/usergraph.yml")
        for folder in [config.store, config.templates, config.publicFolder] {
            text += "folder \(folder)\n"
            for file in FileTree.files(in: folder, includingHidden: true) where !file.hasSuffix(".lock") {
                text += file + " " + identity(of: folder + "/" + file)
            }
        }
        return SHA256.hex(text)
    }

    static func identity(of path: String, resolving: Bool = false) -> String {
        var info = stat()
        let found = resolving ? stat(path, &info) : lstat(path, &info)
        guard found == 0 else { return "absent\n" }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)\n"
    }

    static func folderIdentity(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_ino) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The stamp of the published site, if it is still the result of exactly these inputs.
    static func current(output: String, inputs: String) -> BuildStamp? {
        guard let data = FileManager.default.contents(atPath: path(forOutput: output)),
              let stamp = try? JSONDecoder().decode(BuildStamp.self, from: data),
              stamp.inputs == inputs, stamp.output == folderIdentity(of: output) else { return nil }
        return stamp
    }

    /// Records a build; failing to is harmless (the next build renders again).
    func save(output: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? AtomicFile.write(data, to: BuildStamp.path(forOutput: output))
    }

    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
