import Foundation
import UsergraphCore

/// One reading of the inbox folders (`import.folders`): which files to read, and what
/// `Store/inbox.json` says once they are read.
///
/// A file whose size and modification time are those `inbox.json` remembers is not opened. One
/// whose size or time changed is hashed: the same bytes (a copy that kept them, a `touch`) only
/// update the entry; other bytes, or a new file, are read. A file that cannot be opened is said
/// and not remembered, so the next run tries it again (a permission fixed with `chmod` changes
/// neither its size nor its time). A file that is gone from a folder that was walked is
/// forgotten; the entries of a folder that cannot be read now (an unmounted disk) are kept.
package struct InboxPlan: Sendable {
    /// New files and files whose bytes changed, by path.
    package private(set) var toRead: [InboxFile] = []
    /// Folders and files that cannot be read, each said once in this run.
    package private(set) var problems: [UsergraphError] = []
    /// The entries once the walk is done: those of files to read still as they were.
    private var entries: [String: InboxEntry] = [:]
    private var hashes: [String: String] = [:]
    private let before: [InboxEntry]

    /// Walks `folders` and hashes what changed since `ledger` (`inbox.json` as read).
    package init(folders: [String], ledger: [InboxEntry]) {
        before = ledger
        entries = Dictionary(ledger.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let scan = InboxFolders(folders)
        problems = scan.problems
        let present = Set(scan.files.map(\.path))
        for path in entries.keys where scan.isWalked(path) && !present.contains(path) { entries[path] = nil }
        for file in scan.files {
            if let old = entries[file.path], old.matches(file) { continue }
            let hash: String
            do { hash = try FileDigest.sha256(of: file.path) } catch {
                problems.append(error as? UsergraphError ?? UsergraphError(verbatim: "\(file.path): \(error)"))
                continue
            }
            if var old = entries[file.path], old.sha256 == hash {
                old.size = file.size
                old.mtime = file.mtime
                entries[file.path] = old
                continue
            }
            toRead.append(file)
            hashes[file.path] = hash
        }
    }

    /// `inbox.json` after the files of `toRead` gave `outcomes` (`why` says a refusal as the
    /// entry keeps it), sorted by path; nil when it is what was read, so an inbox with nothing
    /// new leaves the store's bytes and times alone. A file that changed while it was read is
    /// left as it was remembered: the next run reads it again.
    package func ledger(after outcomes: [FileOutcome], why: (UsergraphError) -> String) -> [InboxEntry]? {
        var entries = self.entries
        let planned = Dictionary(toRead.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for outcome in outcomes {
            guard let file = planned[outcome.path], let hash = hashes[outcome.path], InboxFile.now(at: outcome.path) == file else { continue }
            var entry = entries[file.path] ?? InboxEntry(path: file.path, size: file.size, mtime: file.mtime, sha256: hash, status: .imported)
            entry.size = file.size
            entry.mtime = file.mtime
            entry.sha256 = hash
            entry.why = nil
            switch outcome.result {
            case .read: entry.status = .imported
            case .notAnExport: entry.status = .notAnExport
            case .refused(let error):
                entry.status = .refused
                entry.why = why(error)
            }
            entries[file.path] = entry
        }
        let after = entries.values.sorted { $0.path < $1.path }
        return after == before ? nil : after
    }
}
