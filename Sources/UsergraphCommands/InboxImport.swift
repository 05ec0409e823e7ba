import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphStore

/// Reads the inbox (`import.folders`): what is new or changed since `Store/inbox.json` was
/// written is imported file by file, then `inbox.json` says what was read. For `import --inbox`
/// and `update`; the caller holds the site's lock.
struct InboxImport {
    let files: FileByFileImport
    let dryRun: Bool

    struct Outcome {
        /// Nil when no file was new: the store was not even read.
        var summary: ImportSummary?
        /// Files and folders said as skipped in this run.
        var skipped: Int
    }

    func run() async throws -> Outcome {
        let config = files.config, console = files.console
        let layout = StoreLayout(root: config.store)
        let ledger = try InboxLedger.read(layout)
        let plan = try await OwnThread.run { InboxPlan(folders: config.importFolders, ledger: ledger) }
        for problem in plan.problems { console.error(problem.text(console.strings)) }
        let read = try await files.read(plan.toRead.map { ($0.path, false) }, notAnExportSkips: true, listing: dryRun)
        var summary: ImportSummary?
        if !read.contents.isEmpty || !read.contents.notUnderstood.isEmpty {
            summary = try StoreImport.apply(read.contents, to: layout, zone: config.timeZone, dryRun: dryRun)
        }
        // After the records it describes: a run killed between the two reads those files
        // again next time, which adds nothing (an import is idempotent).
        if !dryRun, let entries = plan.ledger(after: read.outcomes, why: { FileByFileImport.why($0, console) }) {
            try InboxLedger.write(entries, to: layout)
        }
        return Outcome(summary: summary, skipped: read.skipped + plan.problems.count)
    }
}
