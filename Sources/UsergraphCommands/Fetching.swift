import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphRemote

/// What `build` and `update` share about fetching: the loader with the token from the
/// environment, the activity line, and the wording of the outcome.
enum Fetching {
    /// Runs the loader, with the activity line on a terminal unless `quiet`.
    static func load(
        _ mode: LoadMode, config: SiteConfig, quiet: Bool, console: Console,
        check: (Loader) throws -> Void = { _ in }
    ) async throws -> LoadReport {
        let line = !quiet && console.terminals.stderr ? ProgressLine(console) : nil
        let environment = console.environment
        let loader = Loader(
            config: config, token: environment["GITHUB_TOKEN"], options: try options(environment),
            progress: { event in line?.show(event) })
        try check(loader)
        let report = try await loader.load(mode)
        line?.clear()
        return report
    }

    /// `USERGRAPH_TIMEOUT` and `USERGRAPH_RETRY_DELAY` (seconds) tune the HTTP layer for a
    /// slow link, or make a test's failures quick.
    static func options(_ environment: [String: String]) throws -> TransportOptions {
        var options = TransportOptions()
        if let timeout = try seconds(environment, "USERGRAPH_TIMEOUT"), timeout > 0 { options.timeout = timeout }
        if let delay = try seconds(environment, "USERGRAPH_RETRY_DELAY") { options.retryDelay = delay }
        return options
    }

    private static func seconds(_ environment: [String: String], _ name: String) throws -> Double? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw UsergraphError("errors.options.seconds", ["name": name, "value": text], kind: .usage)
        }
        return value
    }

    /// Prints the failures (always, they are errors) and, unless quiet, the warnings.
    static func printProblems(_ report: LoadReport, quiet: Bool, console: Console) {
        for failure in report.failures { console.error(scrubbed(console.say(failure), console)) }
        guard !quiet, console.terminals.stderr else { return }
        for warning in report.warnings { console.note(scrubbed(console.say(Message("notes.warning", nested: ["text": warning])), console)) }
    }

    /// The loader already keeps the token out of its messages; this is the last check before
    /// a sentence reaches the terminal, whatever language it was said in.
    static func scrubbed(_ text: String, _ console: Console) -> String {
        guard let token = console.environment["GITHUB_TOKEN"], !token.isEmpty else { return text }
        return text.replacingOccurrences(of: token, with: "[GITHUB_TOKEN]")
    }

    /// `profile, repos` for the closing line of a run with failures.
    static func names(_ sources: [RemoteSource]) -> String {
        sources.map(\.rawValue).joined(separator: ", ")
    }
}

/// The activity line on a terminal: one line per source, redrawn as pages and images
/// arrive, finished with what happened.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private var tick = 0

    init(_ console: Console) { self.console = console }

    func show(_ event: LoadEvent) {
        lock.withLock {
            tick += 1
            let spinner = frames[tick % frames.count]
            switch event {
            case .started(let source):
                redraw(spinner + " " + console.say(Message("notes.progress.fetching", nested: ["source": source.name])))
            case .page(let source, let page):
                redraw(
                    spinner + " "
                        + console.say(
                            page > 1
                                ? Message("notes.progress.page", ["page": String(page)], nested: ["source": source.name])
                                : Message("notes.progress.fetching", nested: ["source": source.name])))
            case .files(let source, let done, let total):
                redraw(
                    spinner + " "
                        + console.say(Message("notes.progress.image", ["done": String(done), "total": String(total)], nested: ["source": source.name])))
            case .finished(let source, let outcome):
                switch outcome {
                case .saved(let items): finish("✓ " + console.say(Self.outcome(source, items, saved: true)))
                case .unchanged(let items): finish("✓ " + console.say(Self.outcome(source, items, saved: false)))
                case .failed: finish("✗ " + console.say(Message("notes.progress.failed", nested: ["source": source.name])))
                case .cached, .notConfigured: break
                }
            }
        }
    }

    /// `repositories: 169 fetched`, `visit statistics: 50,000 events unchanged`, `GitHub profile: fetched`,
    /// `contributions: 370 days fetched`, `languages: 42 repositories fetched`.
    static func outcome(_ source: RemoteSource, _ items: Int, saved: Bool) -> Message {
        let what: [String: Message] = ["source": source.name]
        switch (source, saved) {
        case (.profile, true): return Message("notes.progress.profileFetched", nested: what)
        case (.profile, false): return Message("notes.progress.profileUnchanged", nested: what)
        default:
            // Statistics count events, the calendar its days, languages the repositories they
            // were read from; the other lists their items.
            let count: Message
            switch source {
            case .statistics: count = .count("count.eventsShort", items)
            case .contributions: count = .count("count.days", items)
            case .languages: count = .count("count.repositories", items)
            default: count = .number(items)
            }
            return saved
                ? Message("notes.progress.fetched", nested: ["source": source.name, "count": count])
                : Message("notes.progress.unchanged", nested: ["source": source.name, "count": count])
        }
    }

    /// Removes a line still showing progress (images of the last source).
    func clear() { lock.withLock { write("\r\u{1B}[2K") } }

    private func redraw(_ text: String) { write("\r\u{1B}[2K" + text) }
    private func finish(_ text: String) { write("\r\u{1B}[2K" + text + "\n") }
    private func write(_ text: String) { console.writeDiagnostic(text) }
}
