import Foundation
import UsergraphPublish
import UsergraphStore

/// The store's `files/` folder as the last build listed it, kept beside the output
/// (`.usergraph/_site/stored`): at 10,000 users, reading its 10,000 entries took 8 ms of every rebuild on
/// the thread that then waits for it. Trusted only while the folder's `FolderStamp` is the one
/// it was listed under: adding, removing or renaming a file changes it, and the store replaces
/// a file by renaming (so a file's inode changes only with the stamp).
package enum StoredFilesListing {
    private static let header = "usergraph-stored-1"

    package static func path(forOutput output: String) -> String {
        StagedSite.beside(output, "stored")
    }

    /// The stored files of `folder`: as the kept listing has them when `stamp` (taken before
    /// anything read the folder) is the one it was made under, else listed now and kept for
    /// the next build. `fresh`: list the folder whatever was kept (`build --force`).
    package static func files(in folder: String, stamp: String?, output: String, fresh: Bool = false) -> StoredFiles {
        if !fresh, let stamp, let kept = load(folder: folder, stamp: stamp, output: output) { return kept }
        let listed = StoredFiles(folder: folder)
        if let stamp { save(listed, stamp: stamp, output: output) }
        return listed
    }

    /// One line a file, `inode name`, after a header with the folder's device and stamp. A
    /// line that is not such an entry makes the whole listing untrusted.
    private static func load(folder: String, stamp: String, output: String) -> StoredFiles? {
        var device: UInt64??
        var listing = StoredFiles.Listing(capacity: 0)
        let read = ListFile.read(
            path(forOutput: output),
            header: { line in
                guard let field = ListFile.field(of: line, between: header, and: stamp) else { return false }
                device = .some(field.flatMap { UInt64($0) })
                return true
            }, count: { listing = StoredFiles.Listing(capacity: $0) }
        ) { line in
            // An inode's digits are a short string, made without allocating.
            guard let space = line.firstIndex(of: UInt8(ascii: " ")),
                let inode = UInt64(String(decoding: UnsafeBufferPointer(rebasing: line[..<space]), as: UTF8.self))
            else { return false }
            return listing.add(name: UnsafeBufferPointer(rebasing: line[(space + 1)...]), inode: inode)
        }
        guard read, let device else { return nil }
        return StoredFiles(folder: folder, device: device, listing: listing)
    }

    /// Failing to write is harmless: the next build lists the folder again.
    private static func save(_ files: StoredFiles, stamp: String, output: String) {
        ListFile.write(to: path(forOutput: output), header: ListFile.header(header, field: files.device.map { String($0) }, stamp)) { writer in
            for entry in files.listing { writer.line(String(entry.inode), " ", entry.name) }
        }
    }
}
