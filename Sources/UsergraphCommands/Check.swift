import ArgumentParser
import Foundation
import UsergraphCheck
import UsergraphCore
import UsergraphPublish
import UsergraphRemote
import UsergraphStore

struct Check: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Checks the built site: every internal link, image and #fragment resolves (exit 1 listing what does not)."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("Check this folder instead of the config's `output`.", valueName: "dir"))
    var output: String?

    @Flag(name: .long, help: "Also check external links: 4 at a time, one request a second per host, results kept a day.")
    var external = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --external, leave out links that start with this (repeatable; default: https://github.com/, which answers link checkers with 429).",
            valueName: "prefix"))
    var skip: [String] = []

    @Option(name: .long, help: ArgumentHelp("With --external, reuse a result younger than this many hours (default 24).", valueName: "hours"))
    var maxAge: Double = 24

    @Flag(name: .long, help: "Print the result as JSON.")
    var json = false

    static let defaultSkips = ["https://github.com/", "http://github.com/"]

    struct ExternalResult: Encodable {
        var url: String
        var page: String
        var status: LinkStatus
    }

    struct Report: Encodable {
        var pages: Int
        var checked: Int
        var broken: [SiteCheck.Problem]
        var external: [ExternalResult]?
    }

    func run(_ console: Console) async throws {
        let config = try site.load(console)
        guard maxAge >= 0, maxAge.isFinite else {
            throw UsergraphError("errors.options.hours", ["name": "--max-age", "value": String(maxAge)], kind: .usage)
        }
        let folder = output.map(console.resolve) ?? config.output
        let result = try SiteCheck.run(site: folder)
        var externalResults: [ExternalResult]?
        if external {
            let skips = skip.isEmpty ? Self.defaultSkips : skip
            let links = result.external.filter { link in !skips.contains { link.url.hasPrefix($0) } }
            let cachePath = Self.cachePath(for: folder)
            let cache = (try? JSONDecoder().decode([String: LinkStatus].self, from: Data(contentsOf: URL(fileURLWithPath: cachePath)))) ?? [:]
            let probe = LinkProbe(maxAge: maxAge * 3600)
            let statuses = await probe.check(links.map(\.url), cache: cache)
            // Kept for the next run; a cache that cannot be written only costs requests.
            try? FileManager.default.createDirectory(atPath: (cachePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? JSONFile.write(cache.merging(statuses) { $1 }, to: cachePath)
            externalResults = links.compactMap { link in statuses[link.url].map { ExternalResult(url: link.url, page: link.page, status: $0) } }
        }
        let brokenExternal = (externalResults ?? []).filter { $0.status.state == .broken }
        if json {
            try console.json(Report(pages: result.pages, checked: result.checked, broken: result.problems, external: externalResults))
        } else {
            for problem in result.problems {
                console.line(Message("notes.check." + problem.kind.rawValue, ["page": problem.page, "link": problem.link]))
            }
            for link in externalResults ?? [] where link.status.state != .ok {
                console.line(Self.describe(link))
            }
        }
        let problems = result.problems.count + brokenExternal.count
        guard problems == 0 else {
            throw UsergraphError(messages: [Message("errors.check.broken", nested: ["links": .count("count.links", problems)])], kind: .failure)
        }
        if !json {
            let limited = (externalResults ?? []).filter { $0.status.state == .limited }.count
            console.note(
                Message(
                    externalResults == nil ? "notes.check.passed" : "notes.check.passedExternal",
                    [
                        "checked": String(result.checked), "pages": String(result.pages),
                        "external": String((externalResults ?? []).count - limited), "limited": String(limited),
                    ]))
        }
    }

    static func describe(_ link: ExternalResult) -> Message {
        let values = [
            "page": link.page, "link": link.url, "status": link.status.status.map(String.init) ?? "",
            "reason": link.status.reason ?? "",
        ]
        switch link.status.state {
        case .limited: return Message("notes.check.limited", values)
        default: return Message(link.status.status == nil ? "notes.check.unreachable" : "notes.check.status", values)
        }
    }

    /// In the output's state folder, like the build's stamp: `.usergraph/_site/links.json`.
    static func cachePath(for output: String) -> String {
        StateFolder.file("links.json", forOutput: output)
    }
}
