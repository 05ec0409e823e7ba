import ArgumentParser
import Foundation
import UsergraphKit

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders the site from the store into the output folder."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("Write the site here instead of the config's `output`.", valueName: "dir"))
    var output: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The site's public URL (canonical links, sitemap.xml).", valueName: "url"))
    var baseURL: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Count statistics as of this day (YYYY-MM-DD).", valueName: "date"))
    var asOf: String?

    @Flag(name: .long, help: "Never fetch: render from what the store holds.")
    var offline = false

    @Flag(name: .long, help: "Fetch every remote collection again (with conditional requests) before rendering.")
    var refresh = false

    @Flag(name: .long, help: "Print nothing on success.")
    var quiet = false

    @Flag(name: .long, help: "When another run holds the site's lock, wait for it instead of exiting 75.")
    var wait = false

    @Flag(name: .long, help: "Render every page even when nothing changed since the last build.")
    var force = false

    func validate() throws {
        if let baseURL, !URLCheck.isAbsoluteHTTP(baseURL) {
            throw ValidationError("--base-url must be an absolute http(s) URL, not `\(baseURL)`.")
        }
        _ = try parseDay(asOf, option: "--as-of")
        if offline, refresh { throw ValidationError("--offline and --refresh cannot be used together.") }
    }

    func run() async throws {
        try await runReportingErrors {
            let config = try site.load()
            let lock = try SiteLock.acquire(siteRoot: config.root, wait: wait)
            defer { lock.release() }
            let started = Date()
            // Cache-first: only what the store lacks (or holds stale, or all with --refresh) is fetched.
            var notFetched: [RemoteSource] = []
            if !offline {
                let loaded = try await Fetching.load(.build(refresh: refresh), config: config, quiet: quiet)
                Fetching.printProblems(loaded, quiet: quiet)
                notFetched = loaded.failed
            }
            let report = try SiteBuild.run(
                config: config,
                options: BuildOptions(output: output, baseURL: baseURL, asOf: try parseDay(asOf, option: "--as-of"), force: force))
            if !notFetched.isEmpty {
                throw UsergraphError("Not fetched: \(Fetching.names(notFetched)); the site was built from what the store already held.")
            }
            // Cron mails whatever a job prints, so success is silent unless a person is watching.
            guard !quiet, Terminal.isInteractive else { return }
            if let hint = OwnerProfile.fillHint(store: config.store) { Terminal.note(hint) }
            for warning in report.warnings { Terminal.note("warning: " + warning) }
            if !report.missing.isEmpty {
                Terminal.note("The store has no \(report.missing.joined(separator: ", ")); those pages say so.")
            }
            let ms = Int(Date().timeIntervalSince(started) * 1000)
            if report.upToDate {
                Terminal.note("Nothing changed since the last build; \(report.output) is up to date (\(report.pages) pages, as of \(report.asOf.iso)).")
                return
            }
            let changes = report.changes
            Terminal.note("Built \(report.pages) pages and \(report.files) files as of \(report.asOf.iso) into \(report.output) in \(ms) ms: "
                + "\(changes.written) written, \(changes.kept) kept, \(changes.removed) removed.")
        }
    }
}
