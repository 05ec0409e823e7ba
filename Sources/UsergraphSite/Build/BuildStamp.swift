import Foundation
import UsergraphCore
import UsergraphStore

/// What the last successful build was made from, kept beside the output folder
/// (`._site.stamp`). When nothing it names has changed since (the same executable, config,
/// options, as-of day, and every file of the store, templates and public folder with the same
/// size, modification time and inode), the published site is already the result, so a
/// nightly run with nothing new renders nothing and touches no file, the way `make` does.
struct BuildStamp: Codable, Equatable {
    /// A 128-bit hash (`FingerprintHasher.digest`) of everything the build reads: not SHA-256,
    /// which was half the time of a build with nothing to do at 10,000 users.
    var inputs: String
    /// The output folder's `FolderStamp` after the swap (its inode and times); anything that
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
    /// time and inode change whenever our atomic writes or an editor touch a file. A file is
    /// listed in its folder's order, not sorted: the order only changes when the folder does,
    /// and then a file's inode or time has changed too. The stored files (`Store/files`) are
    /// named after their bytes and only ever added, removed or replaced by a rename, each of
    /// which changes the folder's times: the folder's `FolderStamp` stands for them all, and
    /// listing its 10,000 avatars was a tenth of a one-workout rebuild, before anything else ran.
    static func inputs(config: SiteConfig, asOf: Day) -> String {
        var bytes = Array("usergraph-build-4\n\(config)\nasOf=\(asOf.iso)\n".utf8)
        // Each file's name and identity are hashed as bytes, not formatted as text first.
        func add(_ name: String, _ info: stat?) {
            bytes.append(contentsOf: name.utf8)
            bytes.append(0)
            guard var identity = info.map(identityWords) else {
                bytes.append(0); return
            }
            bytes.append(1)
            identity.withUnsafeMutableBytes { bytes.append(contentsOf: $0) }
        }
        add("/proc/self/exe", identity(of: "/proc/self/exe"))
        add("usergraph.yml", identity(of: config.root + "/usergraph.yml"))
        let stored = StoreLayout(root: config.store).files
        add("stored files " + (FolderStamp.of(stored) ?? "-"), nil)
        for folder in [config.store, config.templates, config.publicFolder] {
            add("folder " + folder, nil)
            FileTree.visitFiles(in: folder, includingHidden: true, skipping: folder == config.store ? [(stored as NSString).lastPathComponent] : []) { file, info in
                if !file.hasSuffix(".lock") { add(file, info) }
            }
        }
        return FingerprintHasher.digest(bytes).hex
    }

    /// A file's identity as the stamp sees it: its size, modification time and inode.
    static func identityWords(_ info: stat) -> [Int] {
        [info.st_size, info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
    }

    /// `identityWords` of the file at `path` (following a link), or nil when there is none.
    static func identityWords(of path: String) -> [Int]? {
        identity(of: path).map(identityWords)
    }

    /// What `stat` says of the file at `path` (following a link), or nil when there is none.
    static func identity(of path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// The stamp of the published site, if it is still the result of exactly these inputs.
    static func current(output: String, inputs: String) -> BuildStamp? {
        guard let data = FileManager.default.contents(atPath: path(forOutput: output)),
              let stamp = try? JSONDecoder().decode(BuildStamp.self, from: data),
              stamp.inputs == inputs, stamp.output == FolderStamp.of(output) else { return nil }
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
