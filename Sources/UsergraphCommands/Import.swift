import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphStore

struct Import: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Imports workouts, weights, steps and meals from exports: Apple Health, Strava, GPX, TCX, FIT and nutrition CSV files.",
        discussion: """
            Each PATH is a file or a folder; its kind is recognised from its content: an Apple Health \
            export (export.zip, the apple_health_export folder or export.xml), a Strava bulk export \
            (its zip or folder, or activities.csv), a MyFitnessPal-style nutrition CSV (Date, Meal, \
            Calories columns), GPX, TCX and FIT files (.fit.gz too), or folders \
            of them. Importing the same files again adds nothing, and an activity that two exports \
            describe is recorded once. A file that cannot be read stops the import before anything \
            is written (exit 1); with --keep-going it is named in one line and skipped, the rest \
            is imported, and the exit status is 1. --inbox reads the folders `import.folders` in \
            usergraph.yml names: only the files that are new or changed since the last time.
            """
    )

    @OptionGroup var options: EditOptions

    @Argument(help: ArgumentHelp("Export files or folders.", valueName: "path"))
    var paths: [String] = []

    @Flag(name: .long, help: "Read the inbox, the folders of `import.folders`: the files new or changed since the last time.")
    var inbox = false

    @Flag(name: .customLong("keep-going"), help: "Skip a file that cannot be read (named in one line) and import the rest; exit 1.")
    var keepGoing = false

    @Flag(name: .customLong("dry-run"), help: "Read everything and say, file by file, what would be imported, but write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Only records that start on or after this day (YYYY-MM-DD, in the site's time zone).", valueName: "date"))
    var since: String?

    func run(_ console: Console) async throws {
        let session = try options.begin(console)
        if paths.isEmpty, !inbox { throw UsergraphError("errors.import.noPaths", kind: .usage) }
        if inbox, !paths.isEmpty { throw UsergraphError("errors.import.inboxAndPaths", kind: .usage) }
        if inbox, session.config.importFolders.isEmpty { throw UsergraphError("errors.import.noInbox", kind: .usage) }
        let since = try parseDay(since, option: "--since").map { $0.start(in: session.zone) }
        let bar = console.terminals.stderr ? ImportProgress(console) : nil
        ImportScratch.sweep()
        let scratch = NSTemporaryDirectory() + ImportScratch.prefix + "\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let reader = ExportReader(since: since, scratch: scratch, progress: { read, total in bar?.show(read: read, of: total) })
        let files = FileByFileImport(console: console, reader: reader, scratch: scratch, config: session.config, bar: bar)
        if inbox { return try await readInbox(files, session: session) }
        let paths = self.paths.map(console.resolve)
        if keepGoing || dryRun { return try await readFileByFile(paths, files, session: session) }
        // Read everything before taking the lock: a big export takes a while, and a cron build
        // should not wait for it. Only the merge and the writes hold the lock.
        let contents: ImportedContents
        do {
            contents = try await OwnThread.run { try reader.read(paths) }
            bar?.clear()
        } catch {
            bar?.clear()  // so the error starts on a line of its own
            throw error
        }
        let summary = try session.edit { editor in
            try StoreImport.apply(contents, to: editor.layout, zone: session.zone, dryRun: dryRun)
        }
        console.line(Self.describe(summary, dryRun: dryRun))
    }

    /// `--inbox`: the site's lock is held while the inbox is read, so two runs never read it
    /// at once. Under cron a run that skipped nothing prints nothing.
    private func readInbox(_ files: FileByFileImport, session: EditSession) async throws {
        let lock = try SiteLock.acquire(siteRoot: session.config.root, wait: session.wait)
        defer { lock.release() }
        let outcome = try await InboxImport(files: files, dryRun: dryRun).run()
        if dryRun || files.console.terminals.stderr {
            files.console.line(Self.describe(outcome.summary ?? ImportSummary(), dryRun: dryRun))
        }
        if outcome.skipped > 0 { throw Self.skipped(outcome.skipped, dryRun: dryRun) }
    }

    /// `--keep-going` or `--dry-run`: each file on its own, a refused one said and skipped (a dry
    /// run lists every file, the refused ones too, and writes nothing whatever it finds).
    private func readFileByFile(_ paths: [String], _ files: FileByFileImport, session: EditSession) async throws {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw UsergraphError("errors.import.noFile", ["path": path], kind: .usage)
        }
        let units = paths.flatMap { path in
            let units = files.reader.units(of: path)
            // A folder with nothing in it is read as a folder, which says why it gave nothing.
            return (units.isEmpty ? [path] : units).map { ($0, $0 == path) }
        }
        let read = try await files.read(units, notAnExportSkips: false, listing: dryRun)
        let summary = try session.edit { editor in
            try StoreImport.apply(read.contents, to: editor.layout, zone: session.zone, dryRun: dryRun)
        }
        files.console.line(Self.describe(summary, dryRun: dryRun))
        if read.skipped > 0 { throw Self.skipped(read.skipped, dryRun: dryRun) }
    }

    /// The closing line of a run that skipped files (named above it): exit 1.
    static func skipped(_ count: Int, dryRun: Bool) -> UsergraphError {
        UsergraphError(dryRun ? "errors.import.wouldSkip" : "errors.import.skipped", nested: ["files": .count("count.files", count)])
    }

    /// `imported 12 workouts, 3 weights, 40 days of steps; skipped 5 already there; 1 not understood (first: notes.txt)`.
    static func describe(_ summary: ImportSummary, dryRun: Bool) -> Message {
        var values: [String: Message] = [
            "workouts": .count("count.workouts", summary.workouts.added),
            "weights": .count("count.weights", summary.weights.added),
            "steps": .count("count.stepDays", summary.steps.added),
            "meals": .count("count.meals", summary.meals.added),
            "skipped": .number(summary.skipped),
        ]
        let key = dryRun ? "notes.import.wouldImport" : "notes.import.imported"
        guard let first = summary.notUnderstood.first else { return Message(key, nested: values) }
        values["unknown"] = .number(summary.notUnderstood.count)
        return Message(key + "Unknown", ["first": first], nested: values)
    }
}

/// The progress bar of an import on a terminal: bytes read of the total.
final class ImportProgress: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var shown = -1

    init(_ console: Console) { self.console = console }

    func show(read: Int64, of total: Int64) {
        guard total > 0 else { return }
        let percent = Int(min(100, read * 100 / total))
        lock.withLock {
            guard percent != shown else { return }
            shown = percent
            let width = 30, filled = width * percent / 100
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let megabytes = Message.decimal(Double(read) / 1_048_576, places: 1)
            console.writeDiagnostic(
                "\r\u{1B}[2K" + bar + " "
                    + console.say(
                        Message(
                            "notes.import.progress", ["percent": String(percent)],
                            nested: ["megabytes": megabytes])))
        }
    }

    func clear() { lock.withLock { console.writeDiagnostic("\r\u{1B}[2K") } }
}

/// The scratch folders of imports (`usergraph-import-PID-UUID` in the temporary folder), where
/// an import stages its tracks: as big as the tracks it reads (730 MB for ten years). A run
/// killed by a signal cannot remove its own, so each import removes those of runs that are no
/// longer alive.
enum ImportScratch {
    static let prefix = "usergraph-import-"

    static func sweep(in folder: String = NSTemporaryDirectory()) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0,
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: folder + (folder.hasSuffix("/") ? "" : "/") + name)
        }
    }
}
