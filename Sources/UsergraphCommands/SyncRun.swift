import Foundation
import UsergraphCore
import UsergraphRemote

/// Runs the synced sources of an `update` one after the other: each reads its secret from the
/// environment (or Strava's token file), and one that fails says why in one sentence and
/// leaves the store as it was, while the others go on.
struct SyncRun {
    let config: SiteConfig
    let console: Console
    let quiet: Bool

    struct Report {
        var failed: [SyncedSource] = []
        var fetched: [SyncedSource] = []
    }

    func run(_ sources: [SyncedSource]) async -> Report {
        var report = Report()
        guard !sources.isEmpty else { return report }
        let options: TransportOptions
        let now: Date
        do {
            options = try Fetching.options(console.environment)
            now = try console.now()
        } catch let error as UsergraphError {
            console.error(error.text(console.strings))
            report.failed = sources
            return report
        } catch {
            report.failed = sources
            return report
        }
        for source in sources {
            var secrets: [String] = []
            do {
                let outcome = try await sync(source, options: options, now: now, secrets: &secrets)
                report.fetched.append(source)
                say(source, outcome, secrets: secrets)
            } catch let failure as SyncFailure {
                report.failed.append(source)
                console.error(Secrets.scrubbed(console.say(failure.sentence), console.environment, extra: secrets))
            } catch let error as UsergraphError {
                report.failed.append(source)
                console.error(Secrets.scrubbed(error.text(console.strings), console.environment, extra: secrets))
            } catch {
                report.failed.append(source)
                console.error(console.say(Message("errors.sync.failed", nested: ["source": source.name])))
            }
        }
        return report
    }

    private func sync(_ source: SyncedSource, options: TransportOptions, now: Date, secrets: inout [String]) async throws -> SyncOutcome {
        switch source {
        case .intervals:
            guard let settings = config.intervals else { return SyncOutcome() }
            guard let key = console.environment["INTERVALS_API_KEY"], !key.isEmpty else {
                throw SyncFailure(Message("errors.sync.intervalsNoKey"))
            }
            return try await IntervalsSync(config: config, source: settings, key: key, options: options, now: now).run()
        case .strava:
            guard let settings = config.strava else { return SyncOutcome() }
            return try await StravaSync(config: config, settings: settings, environment: console.environment, options: options, now: now)
                .run(secrets: &secrets)
        }
    }

    /// `intervals.icu: 2 workouts added` on a terminal; a postponed remainder is said always
    /// (but under --quiet), since it is why the next run has more to do.
    private func say(_ source: SyncedSource, _ outcome: SyncOutcome, secrets: [String]) {
        guard !quiet else { return }
        if let postponed = outcome.postponed {
            console.note(
                Secrets.scrubbed(
                    console.say(Message("notes.warning", nested: ["text": Message("notes.sync.later", nested: ["source": source.name, "why": postponed])])),
                    console.environment, extra: secrets))
        }
        guard console.terminals.stderr else { return }
        console.note(
            "✓ "
                + console.say(
                    Message(
                        "notes.sync.done",
                        nested: [
                            "source": source.name, "added": .count("count.workouts", outcome.added), "merged": .number(outcome.merged),
                        ])))
    }
}
