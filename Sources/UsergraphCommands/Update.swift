import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphRemote
import UsergraphStore

struct Update: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Fetches the remote collections again, with conditional requests.",
        discussion: """
            Asks GitHub and the users and statistics APIs again for everything usergraph.yml \
            configures (the app's Update button), sending back the ETag and Last-Modified of \
            every cached page so that unchanged data costs a 304. A source that fails keeps its \
            cached data; the others are saved. Exits 1 if any source failed. GITHUB_TOKEN, when \
            set, is sent to the GitHub API only, and unlocks the sources only GitHub's GraphQL \
            API gives: pinned repositories, the contribution calendar and languages by size. \
            It also brings new workouts from intervals.icu (`intervals.athlete`, INTERVALS_API_KEY) \
            and Strava's API (`strava.clientId`, see `usergraph auth strava`), and reads the inbox, \
            the folders `import.folders` names, as `import --inbox` does (the source `inbox`; it \
            is local, so --offline reads it too).
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fetch only these sources: profile, repos, starred, pinned, contributions, languages, users, statistics, intervals, strava, inbox (comma-separated; pinned, contributions and languages need GITHUB_TOKEN).",
            valueName: "list"))
    var only: String?

    @Flag(name: .long, help: "Fetch nothing; only read the inbox (`import.folders`), which is local.")
    var offline = false

    @Flag(name: .long, help: "Print nothing on success.")
    var quiet = false

    @Flag(name: .long, help: "When another run holds the site's lock, wait for it instead of exiting 75.")
    var wait = false

    func run(_ console: Console) async throws {
        let config = try site.load(console)
        // Checked after the config loads, so a bad --only is said in the site's language.
        let (sources, synced, readsInbox) = try Self.parseOnly(only)
        if readsInbox, only != nil, config.importFolders.isEmpty { throw UsergraphError("errors.import.noInbox", kind: .usage) }
        let inbox = readsInbox && !config.importFolders.isEmpty
        let syncs = try SyncedSource.wanted(synced, config: config)
        if offline, !inbox { throw UsergraphError("errors.update.offlineNothing", kind: .usage) }
        let lock = try SiteLock.acquire(siteRoot: config.root, wait: wait)
        defer { lock.release() }
        // The inbox first: it is local and quick, and a fetch that fails does not stop it.
        let skipped = inbox ? try await readInbox(config, console) : 0
        guard !offline, sources?.isEmpty != true || !syncs.isEmpty else {
            if skipped > 0 { throw Import.skipped(skipped, dryRun: false) }
            return
        }
        var report = LoadReport()
        if sources?.isEmpty != true {
            report = try await Fetching.load(.update(only: sources), config: config, quiet: quiet, console: console) { loader in
                if sources == nil, loader.configured.isEmpty, !inbox, syncs.isEmpty {
                    throw UsergraphError("errors.update.noSources", kind: .usage)
                }
            }
        }
        Fetching.printProblems(report, quiet: quiet, console: console)
        if !quiet, console.terminals.stderr, report.skippedEventDates > 0 {
            let example = report.exampleBadEventDate.map { Message("notes.skippedEventsExample", ["value": String($0)]) }
            let sent = Message(
                "notes.fetch.badEventDates",
                nested: ["count": .count("count.events", report.skippedEventDates), "example": example ?? .verbatim("")])
            console.note(Message("notes.warning", nested: ["text": sent]))
        }
        let syncReport = await SyncRun(config: config, console: console, quiet: quiet).run(syncs)
        let failed = report.failed.map(\.rawValue) + syncReport.failed.map(\.rawValue)
        let fetched = report.fetched.map(\.rawValue) + syncReport.fetched.map(\.rawValue)
        if !failed.isEmpty {
            let failedNames = failed.joined(separator: ", ")
            if fetched.isEmpty {
                throw UsergraphError("errors.update.failed", ["failed": failedNames])
            }
            throw UsergraphError("errors.update.partly", ["failed": failedNames, "saved": fetched.joined(separator: ", ")])
        }
        if skipped > 0 { throw Import.skipped(skipped, dryRun: false) }
    }

    /// `--only`: the remote collections it names (nil: every configured one), the synced
    /// sources it names (nil: every configured one) and whether it names the inbox (no
    /// `--only`: yes).
    static func parseOnly(_ text: String?) throws -> (sources: Set<RemoteSource>?, synced: Set<SyncedSource>?, inbox: Bool) {
        guard let text else { return (nil, nil, true) }
        let words = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        let inbox = words.contains("inbox")
        let synced = Set(words.compactMap(SyncedSource.init(rawValue:)))
        let remote = words.filter { $0 != "inbox" && SyncedSource(rawValue: $0) == nil }
        // An unknown word is said with every name `--only` takes, not only the collections'.
        let known = (RemoteSource.allCases.map(\.rawValue) + SyncedSource.allCases.map(\.rawValue) + ["inbox"]).joined(separator: ", ")
        if let unknown = remote.first(where: { RemoteSource(rawValue: $0) == nil }) {
            throw UsergraphError("errors.fetch.unknownSource", ["word": unknown, "known": known], kind: .usage)
        }
        if words.isEmpty { throw UsergraphError("errors.fetch.emptyOnly", ["known": known], kind: .usage) }
        // Nothing but the inbox and the synced sources: no collection. An empty or unknown
        // word is said by the collections' parser, which names every source.
        guard remote.isEmpty, inbox || !synced.isEmpty else {
            return (try RemoteSource.parseList(remote.joined(separator: ",")), synced, inbox)
        }
        return ([], synced, inbox)
    }

    /// The inbox, as `import --inbox` reads it; the number of files skipped (said above).
    private func readInbox(_ config: SiteConfig, _ console: Console) async throws -> Int {
        let bar = !quiet && console.terminals.stderr ? ImportProgress(console) : nil
        ImportScratch.sweep()
        let scratch = NSTemporaryDirectory() + ImportScratch.prefix + "\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let files = FileByFileImport(console: console, reader: ExportReader(scratch: scratch), scratch: scratch, config: config, bar: bar)
        let outcome = try await InboxImport(files: files, dryRun: false).run()
        if !quiet, console.terminals.stderr, let summary = outcome.summary {
            console.note("✓ " + console.say(Import.describe(summary, dryRun: false)))
        }
        return outcome.skipped
    }
}
