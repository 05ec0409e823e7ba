import Foundation
import UsergraphCore
import UsergraphStore

/// What the spare beside the output (`._site.spare`) holds, in `._site.spare.files`: either
/// the whole site before last, every file listed (`exact`), which the next build updates in
/// place of staging a new tree, or folders only. Trusted only for the folder it was written
/// with (its inode and times, as `BuildStamp` checks them); anything else is emptied.
struct SpareList: Equatable {
    private static let header = "usergraph-spare-1"
    var exact: Bool
    var files: Set<String>

    static func path(forOutput output: String) -> String {
        StagedSite.sparePath(forOutput: output) + ".files"
    }

    /// `sharing`: strings to reuse for the paths they equal (the last manifest's files, which
    /// are mostly the same paths), so that both lists hold one copy.
    static func load(output: String, sharing pool: Set<String> = []) -> SpareList? {
        guard let identity = BuildStamp.folderIdentity(of: StagedSite.sparePath(forOutput: output)) else { return nil }
        var exact = false
        var files = Set<String>()
        let read = ListFile.read(path(forOutput: output), header: { header in
            if header == self.header + " exact " + identity { exact = true } else if header != self.header + " folders " + identity { return false }
            return true
        }) { line in
            files.insert(pool.member(equalTo: String(decoding: line, as: UTF8.self)))
            return true
        }
        return read ? SpareList(exact: exact, files: files) : nil
    }

    /// Written after the spare took its name; failing to is harmless (the next build empties
    /// it). Unsorted: sorting was three fifths of the cost.
    static func save(_ files: Set<String>, exact: Bool, output: String) {
        guard let identity = BuildStamp.folderIdentity(of: StagedSite.sparePath(forOutput: output)) else { return }
        ListFile.write(to: path(forOutput: output), header: header + (exact ? " exact " : " folders ") + identity) { writer in
            for file in files { writer.line(file) }
        }
    }

    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
