import ArgumentParser
import Foundation
import UsergraphBuild
import UsergraphCore
import UsergraphRemote
import UsergraphStore

struct Build: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
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

    @Flag(name: .long, help: "Fail (exit 1, nothing published) when the build has a warning, like an empty template key.")
    var strict = false

    func run(_ console: Console) async throws {
        let config = try site.load(console)
        if offline, refresh {
            throw UsergraphError("errors.options.offlineRefresh", kind: .usage)
        }
        if let baseURL, !URLCheck.isAbsoluteHTTP(baseURL) {
            throw UsergraphError("errors.options.baseURL", ["value": baseURL], kind: .usage)
        }
        let day = try parseDay(asOf, option: "--as-of")
        let lock = try SiteLock.acquire(siteRoot: config.root, wait: wait)
        defer { lock.release() }
        let started = Date()
        // Cache-first: only what the store lacks (or holds stale, or all with --refresh) is fetched.
        var notFetched: [RemoteSource] = []
        if !offline {
            let loaded = try await Fetching.load(.build(refresh: refresh), config: config, quiet: quiet, console: console)
            Fetching.printProblems(loaded, quiet: quiet, console: console)
            notFetched = loaded.failed
        }
        // A cached answer is shown only for the source it was fetched for: after `github.login`
        // changes, an offline build shows no profile rather than the previous account's.
        // A fetching build's loader has checked (or replaced) the sources it loads; the others
        // (those that failed, those it does not load without a token) are checked here.
        let loader = Loader(config: config, token: console.environment["GITHUB_TOKEN"])
        let unchecked = offline ? RemoteSource.allCases : notFetched + RemoteSource.allCases.filter { !loader.configured.contains($0) }
        let foreign = loader.foreignCollections(among: unchecked)
        let options = BuildOptions(
            output: output.map(console.resolve), baseURL: baseURL, asOf: day, force: force, strict: strict,
            ignoredCollections: Set(foreign.map(\.path)))
        let now = try console.now()
        let report = try await OwnThread.run { try SiteBuild.run(config: config, options: options, now: now) }
        if !foreign.isEmpty {
            console.note(Message("notes.foreignCollections", ["sources": Fetching.names(foreign.map(\.source))]))
        }
        if !notFetched.isEmpty {
            throw UsergraphError("errors.build.notFetched", ["sources": Fetching.names(notFetched)])
        }
        // A warning is said always, to stderr: under cron a page with an empty heading must
        // reach somebody (cron mails what a job prints). Success without one prints nothing there.
        for warning in report.warnings {
            console.note(Message("notes.warning", nested: ["text": warning]))
        }
        for copy in report.staleTheme {
            let text = Message(copy.untouched ? "notes.theme.oldCopy" : "notes.theme.changedSince", ["path": copy.path, "name": copy.name])
            console.note(Message("notes.warning", nested: ["text": text]))
        }
        guard !quiet, console.isInteractive else { return }
        // Only about what the site shows: a site that keeps the e-mail private does not ask for it.
        if let hint = OwnerProfile.fillHint(store: config.store, showing: config.ownerPublic) { console.note(hint) }
        if !report.missing.isEmpty {
            let names = report.missing.map { console.say(Message("notes.collections." + $0)) }
            let list = names.joined(separator: console.say(Message("notes.listSeparator")))
            console.note(Message("notes.missing", ["list": list]))
        }
        let ms = Int(Date().timeIntervalSince(started) * 1000)
        let pages = Message.count("count.pages", report.pages)
        if report.upToDate {
            console.note(Message("notes.upToDate", ["output": report.output, "date": console.date(report.asOf)], nested: ["pages": pages]))
            return
        }
        let changes = report.changes
        console.note(
            Message(
                "notes.built",
                [
                    "date": console.date(report.asOf), "output": report.output, "ms": console.number(ms),
                    "written": console.number(changes.written), "kept": console.number(changes.kept),
                    "removed": console.number(changes.removed),
                ],
                nested: ["pages": pages, "files": .count("count.files", report.files)]))
    }
}
