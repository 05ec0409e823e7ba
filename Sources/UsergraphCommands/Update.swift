import ArgumentParser
import Foundation
import UsergraphCore
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
            API gives: pinned repositories, the contribution calendar and languages by size.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fetch only these sources: profile, repos, starred, pinned, contributions, languages, users, statistics (comma-separated; pinned, contributions and languages need GITHUB_TOKEN).",
            valueName: "list"))
    var only: String?

    @Flag(name: .long, help: "Print nothing on success.")
    var quiet = false

    @Flag(name: .long, help: "When another run holds the site's lock, wait for it instead of exiting 75.")
    var wait = false

    func run(_ console: Console) async throws {
        let config = try site.load(console)
        // Checked after the config loads, so a bad --only is said in the site's language.
        let sources = try only.map(RemoteSource.parseList)
        let lock = try SiteLock.acquire(siteRoot: config.root, wait: wait)
        defer { lock.release() }
        let report = try await Fetching.load(.update(only: sources), config: config, quiet: quiet, console: console) { loader in
            if sources == nil, loader.configured.isEmpty {
                throw UsergraphError("errors.update.noSources", kind: .usage)
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
        let failed = report.failed
        if !failed.isEmpty {
            if report.fetched.isEmpty {
                throw UsergraphError("errors.update.failed", ["failed": Fetching.names(failed)])
            }
            throw UsergraphError("errors.update.partly", ["failed": Fetching.names(failed), "saved": Fetching.names(report.fetched)])
        }
    }
}
