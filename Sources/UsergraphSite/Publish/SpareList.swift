import Foundation
import UsergraphCore
import UsergraphStore

/// What the spare beside the output (`._site.spare`) holds, in `._site.spare.files`: either
/// the whole site before last, every file listed (`exact`), which the next build updates in
/// place of staging a new tree, or folders only. Trusted only for the folder it was written
/// with (its `FolderStamp`); anything else is emptied.
struct SpareList: Equatable {
    private static let header = "usergraph-spare-2"
    var exact: Bool
    var files: Set<String>
    /// As `PageManifest.storedFiles`, for the spare when it was the published site.
    var storedFiles: String? = nil

    static func path(forOutput output: String) -> String {
        StagedSite.sparePath(forOutput: output) + ".files"
    }

    /// `sharing`: strings to reuse for the paths they equal (the last manifest's files, which
    /// are mostly the same paths), so that both lists hold one copy.
    static func load(output: String, sharing pool: Set<String> = []) -> SpareList? {
        guard let identity = FolderStamp.of(StagedSite.sparePath(forOutput: output)) else { return nil }
        var exact = false
        var files = Set<String>()
        var storedFiles: String?
        let read = ListFile.read(path(forOutput: output), header: { line in
            if let stamp = ListFile.field(of: line, between: header + " exact", and: identity) {
                exact = true
                storedFiles = stamp
            } else if ListFile.field(of: line, between: header + " folders", and: identity) == nil {
                return false
            }
            return true
        }, count: { files.reserveCapacity($0) }) { line in
            files.insert(pool.member(equalTo: String(decoding: line, as: UTF8.self)))
            return true
        }
        return read ? SpareList(exact: exact, files: files, storedFiles: storedFiles) : nil
    }

    /// Written after the spare took its name; failing to is harmless (the next build empties
    /// it). Unsorted: sorting was three fifths of the cost.
    static func save(_ files: Set<String>, exact: Bool, storedFiles: String? = nil, output: String) {
        guard let identity = FolderStamp.of(StagedSite.sparePath(forOutput: output)) else { return }
        let name = header + (exact ? " exact" : " folders")
        ListFile.write(to: path(forOutput: output), header: ListFile.header(name, field: exact ? storedFiles : nil, identity)) { writer in
            for file in files { writer.line(file) }
        }
    }

    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
