import ArgumentParser
import Foundation
import UsergraphKit

/// What `build` and `update` share about fetching: the loader with the token from the
/// environment, the activity line, and the wording of the outcome.
enum Fetching {
    static func loader(config: SiteConfig, showProgress: Bool) throws -> Loader {
        let line = showProgress ? ProgressLine() : nil
        let environment = ProcessInfo.processInfo.environment
        return Loader(config: config, token: environment["GITHUB_TOKEN"], options: try options(environment),
                      progress: { event in line?.show(event) })
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
                case .saved(let items): finish("✓ \(source.title): \(count(items, of: source)) fetched")
                case .unchanged(let items): finish("✓ \(source.title): unchanged, \(count(items, of: source))")
                case .failed: finish("✗ \(source.title): not fetched")
                case .cached, .notConfigured: break
                }
            }
        }
    }

    private func count(_ items: Int, of source: RemoteSource) -> String {
        switch source {
        case .profile: "1 profile"
        case .statistics: "\(items) event\(items == 1 ? "" : "s")"
        default: "\(items) item\(items == 1 ? "" : "s")"
        }
    }

    private func redraw(_ text: String) { write("\r\u{1B}[2K" + text) }
    private func finish(_ text: String) { write("\r\u{1B}[2K" + text + "\n") }
    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// `runReportingErrors` for the commands that fetch.
func runReportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as UsergraphError {
        Terminal.error(error.message)
        throw ExitCode(error.exitCode)
    }
}
