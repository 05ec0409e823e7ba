import ArgumentParser
import Foundation
import UsergraphKit

struct Update: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fetches the remote collections again, with conditional requests.",
        discussion: """
            Asks GitHub and the users and statistics APIs again for everything usergraph.yml \
            configures (the app's Update button), sending back the ETag and Last-Modified of \
            every cached page so that unchanged data costs a 304. A source that fails keeps its \
            cached data; the others are saved. Exits 1 if any source failed. GITHUB_TOKEN, when \
            set, is sent to the GitHub API only.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("Fetch only these sources: profile, repos, starred, users, statistics (comma-separated).", valueName: "list"))
    var only: String?

    @Flag(name: .long, help: "Print nothing on success.")
    var quiet = false

    @Flag(name: .long, help: "When another run holds the site's lock, wait for it instead of exiting 75.")
    var wait = false

    func validate() throws {
        if let only {
            do { _ = try RemoteSource.parseList(only) } catch let error as UsergraphError { throw ValidationError(error.message) }
        }
    }

    func run() async throws {
        try await runReportingErrors {
            let config = try site.load()
            let sources = try only.map(RemoteSource.parseList)
            let lock = try SiteLock.acquire(siteRoot: config.root, wait: wait)
            defer { lock.release() }
            let report = try await Fetching.load(.update(only: sources), config: config, quiet: quiet) { loader in
                if sources == nil, loader.configured.isEmpty {
                    throw UsergraphError("usergraph.yml configures no source to update: set `github.login`, `users.url` or `statistics.url`.", kind: .usage)
                }
            }
            Fetching.printProblems(report, quiet: quiet)
            if !quiet, Terminal.stderrIsTerminal, report.skippedEventDates > 0 {
                let example = report.exampleBadEventDate.map { " (for example \($0))" } ?? ""
                Terminal.note("warning: The statistics API sent \(report.skippedEventDates) event(s) whose date is not a real ddMMyyyy day\(example); the statistics skip them.")
            }
            let failed = report.failed
            if !failed.isEmpty {
                throw UsergraphError("Not updated: \(Fetching.names(failed)); their cached data is kept\(report.fetched.isEmpty ? "" : ", and \(Fetching.names(report.fetched)) were saved").")
            }
        }
    }
}
