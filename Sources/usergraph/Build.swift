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

    /// English names of the collections a build may find missing (`notes.collections.*`).
    static let collectionNames = [
        "profile": "GitHub profile", "repositories": "repositories", "starred": "starred repositories",
        "users": "users", "statistics": "visit statistics",
    ]

    func run() async throws {
        try await runReportingErrors {
            let voice = Voice.shared
            let config = try site.load()
            if offline, refresh {
                throw UsergraphError("errors.options.offlineRefresh", "--offline and --refresh cannot be used together.", kind: .usage)
            }
            if let baseURL, !URLCheck.isAbsoluteHTTP(baseURL) {
                throw UsergraphError("errors.options.baseURL", "--base-url must be an absolute http(s) URL, not `{value}`.",
                                     ["value": baseURL], kind: .usage)
            }
            let day = try parseDay(asOf, option: "--as-of")
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
            let report = try SiteBuild.run(config: config, options: BuildOptions(output: output, baseURL: baseURL, asOf: day, force: force))
            if !notFetched.isEmpty {
                throw UsergraphError("errors.build.notFetched", "Not fetched: {sources}; the site was built from what the store already held.",
                                     ["sources": Fetching.names(notFetched)])
            }
            // Cron mails whatever a job prints, so success is silent unless a person is watching.
            guard !quiet, Terminal.isInteractive else { return }
            if let hint = OwnerProfile.fillHint(store: config.store) { Terminal.note(voice.say(hint)) }
            for warning in report.warnings {
                Terminal.note(voice.say(Message("notes.warning", "warning: {text}", nested: ["text": warning])))
            }
            if !report.missing.isEmpty {
                let names = report.missing.map { voice.say(Message("notes.collections." + $0, Build.collectionNames[$0] ?? $0)) }
                let list = names.joined(separator: voice.say(Message("notes.listSeparator", ", ")))
                Terminal.note(voice.say(Message("notes.missing", "The store has no {list}; those pages say so.", ["list": list])))
            }
            let ms = Int(Date().timeIntervalSince(started) * 1000)
            let pages = Message.count("count.pages", report.pages, one: "{n} page", other: "{n} pages")
            if report.upToDate {
                Terminal.note(voice.say(Message(
                    "notes.upToDate", "Nothing changed since the last build; {output} is up to date ({pages}, as of {date}).",
                    ["output": report.output, "date": voice.date(report.asOf)], nested: ["pages": pages])))
                return
            }
            let changes = report.changes
            Terminal.note(voice.say(Message(
                "notes.built", "Built {pages} and {files} as of {date} into {output} in {ms} ms: {written} written, {kept} kept, {removed} removed.",
                ["date": voice.date(report.asOf), "output": report.output, "ms": voice.number(ms), "written": voice.number(changes.written),
                 "kept": voice.number(changes.kept), "removed": voice.number(changes.removed)],
                nested: ["pages": pages, "files": .count("count.files", report.files, one: "{n} file", other: "{n} files")])))
        }
    }
}
