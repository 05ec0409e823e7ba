import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphRemote
import UsergraphStore

/// The services `update` brings new workouts from (DESIGN.md "Sources that sync"): each asks
/// only for what is newer than the store has, reads what it gets as a file import would, and
/// merges it with ImportMerge's duplicate rule. A source that fails writes nothing.
enum SyncedSource: String, CaseIterable, Sendable, Comparable {
    case intervals, strava

    static func < (a: SyncedSource, b: SyncedSource) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// The config key that sets it up.
    var configKey: String {
        switch self {
        case .intervals: "intervals.athlete"
        case .strava: "strava.clientId"
        }
    }

    var name: Message { Message("notes.sources.\(rawValue)") }

    func isConfigured(_ config: SiteConfig) -> Bool {
        switch self {
        case .intervals: config.intervals != nil
        case .strava: config.strava != nil
        }
    }

    /// The sources a run syncs: those `--only` names (each must be configured), else every
    /// configured one.
    static func wanted(_ named: Set<SyncedSource>?, config: SiteConfig) throws -> [SyncedSource] {
        guard let named else { return allCases.filter { $0.isConfigured(config) } }
        if let missing = named.sorted().first(where: { !$0.isConfigured(config) }) {
            throw UsergraphError("errors.fetch.notConfigured", ["source": missing.rawValue, "key": missing.configKey], kind: .usage)
        }
        return named.sorted()
    }
}

/// What one synced source did.
struct SyncOutcome: Sendable, Equatable {
    /// New workouts, and those that joined one the store had (the same activity from another source).
    var added = 0
    var merged = 0
    /// Left for the next run (a per-run cap, a rate limit): said, not a failure.
    var postponed: Message?
}

/// The secrets a run may hold, by the environment variable they come from: never printed.
enum Secrets {
    static let variables = ["GITHUB_TOKEN", "INTERVALS_API_KEY", "STRAVA_CLIENT_SECRET", "STRAVA_REFRESH_TOKEN"]

    /// `text` with every secret of the environment (and `extra`, read from a token file) replaced by its name.
    static func scrubbed(_ text: String, _ environment: [String: String], extra: [String] = []) -> String {
        var text = text
        for name in variables {
            if let secret = environment[name], secret.count >= 4 { text = text.replacingOccurrences(of: secret, with: "[\(name)]") }
        }
        for secret in extra where secret.count >= 4 { text = text.replacingOccurrences(of: secret, with: "[secret]") }
        return text
    }
}

/// Merges the activities a synced source brought into the store, as `import` does.
enum SyncImport {
    static func apply(_ activities: [ImportedActivity], config: SiteConfig) throws -> SyncOutcome {
        guard !activities.isEmpty else { return SyncOutcome() }
        var contents = ImportedContents()
        contents.activities = activities
        let summary = try StoreImport.apply(contents, to: StoreLayout(root: config.store), zone: config.timeZone, dryRun: false)
        return SyncOutcome(added: summary.workouts.added, merged: summary.workouts.skipped)
    }

    /// The store's workouts that came from `kind` (as their source, or joined from it), each
    /// with its start.
    static func stored(kind: String, config: SiteConfig) throws -> (ids: Set<String>, newest: Date?) {
        let workouts = try JSONFile.read([Workout].self, at: StoreLayout(root: config.store).workouts) ?? []
        var ids = Set<String>()
        var newest: Date?
        for workout in workouts {
            let sources = [workout.source].compactMap { $0 } + (workout.alsoFrom ?? [])
            let mine = sources.filter { $0.kind == kind }
            guard !mine.isEmpty else { continue }
            ids.formUnion(mine.map(\.id))
            if let start = workout.startDate, start > (newest ?? .distantPast) { newest = start }
        }
        return (ids, newest)
    }

    /// Saves a list a service answered in the store's cache (`Store/<service>/activities.json`):
    /// the entries kept before and the new ones, one per id, so the cache holds every answer
    /// seen. Only the store's own record: a run never reads its workouts back from it.
    static func cache(_ list: Data, source: String, at path: String, now: Date) throws {
        var merged: [[String: Any]] = []
        var seen = Set<String>()
        func add(_ data: Data) {
            guard let items = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else { return }
            for item in items {
                let id = (item["id"]).map { "\($0)" } ?? ""
                guard !id.isEmpty, seen.insert(id).inserted else { continue }
                merged.append(item)
            }
        }
        add(list)
        let old = (try? EnvelopeFile.read(path)).flatMap { $0.source == source ? $0 : nil }
        if let old { add(old.data) }
        // By id, so that the same activities make the same bytes: a night that brings nothing
        // new leaves the file as it was, and a store kept in git makes no commit for it.
        merged.sort { ($0["id"].map { "\($0)" } ?? "") < ($1["id"].map { "\($0)" } ?? "") }
        let data = try JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys, .withoutEscapingSlashes])
        if let old, old.data == data { return }
        let fetchedAt = Timestamp.format(now, in: TimeZone(identifier: "UTC") ?? .current)
        try AtomicFile.write(EnvelopeFile.bytes(source: source, fetchedAt: fetchedAt, validators: [:], data: data), to: path)
    }
}
