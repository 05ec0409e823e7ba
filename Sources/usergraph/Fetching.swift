import ArgumentParser
import Foundation
import UsergraphKit

/// What `build` and `update` share about fetching: the loader with the token from the
/// environment, the activity line, and the wording of the outcome.
enum Fetching {
    /// Runs the loader, with the activity line on a terminal unless `quiet`.
    static func load(_ mode: LoadMode, config: SiteConfig, quiet: Bool, check: (Loader) throws -> Void = { _ in }) async throws -> LoadReport {
        let line = !quiet && Terminal.stderrIsTerminal ? ProgressLine() : nil
        let environment = ProcessInfo.processInfo.environment
        let loader = Loader(config: config, token: environment["GITHUB_TOKEN"], options: try options(environment),
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
            throw UsergraphError("errors.options.seconds", "{name} must be a number of seconds, not `{value}`.", ["name": name, "value": text], kind: .usage)
        }
        return value
    }

    /// Prints the failures (always, they are errors) and, unless quiet, the warnings.
    static func printProblems(_ report: LoadReport, quiet: Bool) {
        for failure in report.failures { Terminal.error(scrubbed(say(failure))) }
        guard !quiet, Terminal.stderrIsTerminal else { return }
        for warning in report.warnings { Terminal.note(scrubbed(say(Message("notes.warning", "warning: {text}", nested: ["text": warning])))) }
    }

    /// The loader already keeps the token out of its messages; this is the last check before
    /// a sentence reaches the terminal, whatever language it was said in.
    static func scrubbed(_ text: String) -> String {
        guard let token = ProcessInfo.processInfo.environment["GITHUB_TOKEN"], !token.isEmpty else { return text }
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
    private let lock = NSLock()
    private let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private var tick = 0

    func show(_ event: LoadEvent) {
        lock.withLock {
            tick += 1
            let spinner = frames[tick % frames.count]
            switch event {
            case .started(let source):
                redraw(spinner + " " + say(Message("notes.progress.fetching", "{source}…", nested: ["source": source.name])))
            case .page(let source, let page):
                redraw(spinner + " " + say(page > 1
                    ? Message("notes.progress.page", "{source}: page {page}…", ["page": String(page)], nested: ["source": source.name])
                    : Message("notes.progress.fetching", "{source}…", nested: ["source": source.name])))
            case .files(let source, let done, let total):
                redraw(spinner + " " + say(Message("notes.progress.image", "{source}: image {done} of {total}…",
                                                   ["done": String(done), "total": String(total)], nested: ["source": source.name])))
            case .finished(let source, let outcome):
                switch outcome {
                case .saved(let items): finish("✓ " + say(Self.outcome(source, items, saved: true)))
                case .unchanged(let items): finish("✓ " + say(Self.outcome(source, items, saved: false)))
                case .failed: finish("✗ " + say(Message("notes.progress.failed", "{source}: not fetched", nested: ["source": source.name])))
                case .cached, .notConfigured: break
                }
            }
        }
    }

    /// `repositories: 169 fetched`, `visit statistics: 50,000 events unchanged`, `GitHub profile: fetched`.
    static func outcome(_ source: RemoteSource, _ items: Int, saved: Bool) -> Message {
        let what: [String: Message] = ["source": source.name]
        switch (source, saved) {
        case (.profile, true): return Message("notes.progress.profileFetched", "{source}: fetched", nested: what)
        case (.profile, false): return Message("notes.progress.profileUnchanged", "{source}: unchanged", nested: what)
        default:
            // Statistics count events, the other lists their items.
            let count: Message = source == .statistics
                ? .count("count.eventsShort", items, one: "{n} event", other: "{n} events") : .number(items)
            return saved ? Message("notes.progress.fetched", "{source}: {count} fetched", nested: ["source": source.name, "count": count])
                : Message("notes.progress.unchanged", "{source}: {count} unchanged", nested: ["source": source.name, "count": count])
        }
    }

    /// Removes a line still showing progress (images of the last source).
    func clear() { lock.withLock { write("\r\u{1B}[2K") } }

    private func redraw(_ text: String) { write("\r\u{1B}[2K" + text) }
    private func finish(_ text: String) { write("\r\u{1B}[2K" + text + "\n") }
    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// `runReportingErrors` for the commands that fetch.
func runReportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as UsergraphError {
        Terminal.error(error.text(Voice.shared.strings))
        throw ExitCode(error.exitCode)
    }
}
