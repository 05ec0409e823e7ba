import Foundation
import UsergraphCore
import UsergraphStore

/// What the spare beside the output (`.usergraph/_site/spare`) holds, in `.usergraph/_site/spare.files`: either
/// the whole site before last, every file listed (`exact`), which the next build updates in
/// place of staging a new tree, or folders only. Trusted only for the folder it was written
/// with (its `FolderStamp`); anything else is emptied.
///
/// The site before last mostly has the files of the last: its list is then written as the
/// changes to what the manifest written with it lists (`against`), a few lines instead of
/// 20,000 at 10,000 users, whose reading was the longest wait of a one-workout rebuild.
package struct SpareList: Equatable {
    private static let header = "usergraph-spare-2"
    package var exact: Bool
    package var files: Set<String>
    /// As `PageManifest.storedFiles`, for the spare when it was the published site.
    package var storedFiles: String? = nil

    package static func path(forOutput output: String) -> String {
        StagedSite.sparePath(forOutput: output) + ".files"
    }

    /// `manifest`: the last build's, which a list written against it is read with, and whose
    /// strings a full list reuses for the paths they equal (mostly the same paths), so that
    /// both lists hold one copy.
    package static func load(output: String, manifest: PageManifest) -> SpareList? {
        guard let identity = FolderStamp.of(StagedSite.sparePath(forOutput: output)) else { return nil }
        var exact = false
        var files = Set<String>()
        var storedFiles: String?
        let pool = manifest.files ?? []
        var changes = false
        let read = ListFile.read(
            path(forOutput: output),
            header: { line in
                if let stamp = ListFile.field(of: line, between: header + " exact", and: identity) {
                    exact = true
                    storedFiles = stamp
                } else if let token = manifest.token, let listed = manifest.files,
                    let stamp = ListFile.field(of: line, between: header + " against " + token, and: identity)
                {
                    exact = true
                    storedFiles = stamp
                    files = listed
                    changes = true
                } else if ListFile.field(of: line, between: header + " folders", and: identity) == nil {
                    return false
                }
                return true
            }, count: { if !changes { files.reserveCapacity($0) } }
        ) { line in
            guard changes else {
                files.insert(pool.member(equalTo: String(decoding: line, as: UTF8.self)))
                return true
            }
            guard let sign = line.first, line.count > 1 else { return false }
            let path = String(decoding: UnsafeBufferPointer(rebasing: line.dropFirst()), as: UTF8.self)
            switch sign {
            case UInt8(ascii: "+"): files.insert(path)
            case UInt8(ascii: "-"): files.remove(path)
            default: return false
            }
            return true
        }
        return read ? SpareList(exact: exact, files: files, storedFiles: storedFiles) : nil
    }

    /// Written after the spare took its name; failing to is harmless (the next build empties
    /// it). Unsorted: sorting was three fifths of the cost.
    package static func save(_ files: Set<String>, exact: Bool, storedFiles: String? = nil, output: String) {
        write(exact ? " exact" : " folders", field: exact ? storedFiles : nil, output: output) { writer in
            for file in files { writer.line(file) }
        }
    }

    /// The spare's files as the manifest `token` names lists them, with the files it lacks
    /// (`extra`, written `+path`) and without those it does not have (`missing`, `-path`).
    package static func save(against token: String, extra: [String], missing: [String], storedFiles: String?, output: String) {
        write(" against " + token, field: storedFiles, output: output) { writer in
            for file in extra { writer.line("+", file) }
            for file in missing { writer.line("-", file) }
        }
    }

    /// The list of the kind `kind` (what follows the header's name), for the spare as it is now.
    private static func write(_ kind: String, field: String?, output: String, lines: (inout ListFile.Writer) -> Void) {
        guard let identity = FolderStamp.of(StagedSite.sparePath(forOutput: output)) else { return }
        ListFile.write(to: path(forOutput: output), header: ListFile.header(header + kind, field: field, identity), lines: lines)
    }

    package static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
