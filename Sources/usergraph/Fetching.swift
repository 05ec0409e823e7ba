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
            throw UsergraphError("\(name) must be a number of seconds, not `\(text)`.", kind: .usage)
        }
        return value
    }

    /// Prints the failures (always, they are errors) and, unless quiet, the warnings.
    static func printProblems(_ report: LoadReport, quiet: Bool) {
        for failure in report.failures { Terminal.error(failure) }
        guard !quiet, Terminal.stderrIsTerminal else { return }
        for warning in report.warnings { Terminal.note("warning: " + warning) }
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
                redraw("\(spinner) \(source.title)…")
            case .page(let source, let page):
                redraw(page > 1 ? "\(spinner) \(source.title): page \(page)…" : "\(spinner) \(source.title)…")
            case .files(let source, let done, let total):
                redraw("\(spinner) \(source.title): image \(done) of \(total)…")
            case .finished(let source, let outcome):
                switch outcome {
                case .saved(let items): finish("✓ \(source.title): \(count(items, of: source))fetched")
                case .unchanged(let items): finish("✓ \(source.title): \(count(items, of: source))unchanged")
                case .failed: finish("✗ \(source.title): not fetched")
                case .cached, .notConfigured: break
                }
            }
        }
    }

    /// `169 `, `50000 events `, or nothing for the one profile.
    private func count(_ items: Int, of source: RemoteSource) -> String {
        switch source {
        case .profile: ""
        case .statistics: "\(items) event\(items == 1 ? "" : "s") "
        default: "\(items) "
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
