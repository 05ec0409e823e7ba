import Foundation
import UsergraphCore
import UsergraphPages
import UsergraphPublish
import UsergraphShare
import UsergraphStore

/// What the last successful build was made from, kept beside the output folder
/// (`.usergraph/_site/stamp`). When nothing it names has changed since (the same executable, config,
/// options, as-of day, and every file of the store, templates and public folder with the same
/// size, modification time and inode), the published site is already the result, so a
/// nightly run with nothing new renders nothing and touches no file, the way `make` does.
package struct BuildStamp: Codable, Equatable {
    /// A 128-bit hash (`FingerprintHasher.digest`) of everything the build reads: not SHA-256,
    /// which was half the time of a build with nothing to do at 10,000 users.
    package var inputs: String
    /// The output folder's `FolderStamp` after the swap (its inode and times); anything that
    /// replaced or changed the folder since (a `rm -rf` and a copy, even one that gets the same
    /// inode number back) makes the stamp stale.
    package var output: String
    package var pages: Int
    package var files: Int
    package var missing: [String]
    package var warnings: [Message]
    /// `Inputs.pictures` of that build (nil in a stamp of an older version).
    var pictures: String? = nil
    /// The site's stale copies of built-in theme files that builds have said so far
    /// (`StaleCopy.told`): each is said by one build, not by every nightly one.
    var toldTheme: [String]? = nil

    /// The fingerprints of a build's inputs: of all of them, and of all the pictures can show
    /// (the social card, the icons, the cards): everything but the users, their visits and the
    /// starred repositories, the store files a one-user rebuild changes.
    package struct Inputs {
        package var all: String
        var pictures: String
        /// The store's `files/` folder's `FolderStamp` as the walk took it, before the build
        /// read anything of the folder: a file added later is a new stamp.
        package var storedFiles: String?
    }

    package static func path(forOutput output: String) -> String {
        StagedSite.beside(output, "stamp")
    }

    /// The fingerprint of a build's inputs. File contents are not read: size, modification
    /// time and inode change whenever our atomic writes or an editor touch a file. A file is
    /// listed in its folder's order, not sorted: the order only changes when the folder does,
    /// and then a file's inode or time has changed too. The stored files (`Store/files`) are
    /// named after their bytes and only ever added, removed or replaced by a rename, each of
    /// which changes the folder's times: the folder's `FolderStamp` stands for them all, and
    /// listing its 10,000 avatars was a tenth of a one-workout rebuild, before anything else ran.
    package static func inputs(config: SiteConfig, asOf: Day) -> Inputs {
        var bytes = Array("usergraph-build-4\n\(config)\nasOf=\(asOf.iso)\n".utf8)
        var drawn = bytes
        let layout = StoreLayout(root: config.store)
        let undrawn = Set([layout.users, layout.statistics, layout.starred].map { String($0.dropFirst(config.store.count + 1)) })
        // Each file's name and identity are hashed as bytes, not formatted as text first.
        func add(_ name: String, _ info: stat?, drawn shown: Bool = true) {
            var entry = Array(name.utf8)
            entry.append(0)
            if var identity = info.map(FileIdentity.words) {
                entry.append(1)
                identity.withUnsafeMutableBytes { entry.append(contentsOf: $0) }
            } else {
                entry.append(0)
            }
            bytes += entry
            if shown { drawn += entry }
        }
        add("/proc/self/exe", FileIdentity.status(of: "/proc/self/exe"))
        add("drawing " + DrawingEnvironment.stamp, nil)
        add("usergraph.yml", FileIdentity.status(of: config.root + "/usergraph.yml"))
        let storedFiles = FolderStamp.of(layout.files)
        add("stored files " + (storedFiles ?? "-"), nil)
        for folder in [config.store, config.templates, config.publicFolder] {
            add("folder " + folder, nil)
            let store = folder == config.store
            FileTree.visitFiles(in: folder, includingHidden: true, skipping: store ? [(layout.files as NSString).lastPathComponent] : []) { file, info in
                if !file.hasSuffix(".lock") { add(file, info, drawn: !store || !undrawn.contains(file)) }
            }
        }
        return Inputs(all: FingerprintHasher.digest(bytes).hex, pictures: FingerprintHasher.digest(drawn).hex, storedFiles: storedFiles)
    }

    /// The stamp of the last build of the site in `output`, if any.
    package static func load(output: String) -> BuildStamp? {
        FileManager.default.contents(atPath: path(forOutput: output)).flatMap { try? JSONDecoder().decode(BuildStamp.self, from: $0) }
    }

    /// Whether the published site in `output` is still the result of exactly these inputs.
    func isCurrent(output folder: String, inputs all: String) -> Bool {
        inputs == all && output == FolderStamp.of(folder)
    }

    /// Records a build; failing to is harmless (the next build renders again).
    package func save(output: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? AtomicFile.write(data, to: BuildStamp.path(forOutput: output))
    }

    package static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
