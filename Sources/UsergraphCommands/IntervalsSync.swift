import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphRemote
import UsergraphStore

/// intervals.icu: the activities since the newest one the store has from it, each read from
/// the original file the device uploaded, by the readers `usergraph import` uses.
struct IntervalsSync {
    let config: SiteConfig
    let source: SiteConfig.IntervalsSource
    let key: String
    let options: TransportOptions
    let now: Date

    /// Files one run downloads at most; the next run goes on from the newest it got.
    static let maxPerRun = 200

    func run() async throws -> SyncOutcome {
        let client = IntervalsClient(api: source.apiURL, athlete: source.athlete, key: key, options: options)
        let stored = try SyncImport.stored(kind: ImportSource.intervals.rawValue, config: config)
        let today = Day(now, in: config.timeZone)
        // From the newest one's day, not the day after: an activity uploaded later that day is
        // still found, and the ones the store has are skipped by id without a download.
        let oldest =
            stored.newest.map { Day($0, in: config.timeZone) } ?? source.since
            ?? today.adding(days: -SiteConfig.IntervalsSource.firstRunDays)
        // A day ahead: the athlete's zone may be ahead of the site's.
        let (list, activities) = try await client.activities(oldest: oldest, newest: today.adding(days: 1))
        let fresh = activities.filter { !stored.ids.contains($0.id) && $0.hasFile }
            .sorted { ($0.startDateLocal ?? "", $0.id) < ($1.startDateLocal ?? "", $1.id) }
        var outcome = SyncOutcome()
        let taken = fresh.prefix(Self.maxPerRun)
        if fresh.count > taken.count {
            outcome.postponed = Message("notes.sync.postponed", nested: ["count": .count("count.workouts", fresh.count - taken.count)])
        }
        // Every file is downloaded and read before anything is written: a failure midway
        // leaves the store as it was.
        let reader = ExportReader(scratch: NSTemporaryDirectory())
        var imported: [ImportedActivity] = []
        for entry in taken {
            let read: [ImportedActivity]
            if let data = try await client.file(entry.id) {
                do {
                    read = try reader.readDownloaded(data, name: "intervals.icu \(entry.id)")
                } catch let problem as ImportProblem {
                    throw SyncFailure(
                        Message("errors.sync.intervalsFile", ["id": entry.id], nested: ["problem": Message(problem.key, problem.args)]))
                }
            } else {
                read = []
            }
            // One activity a file (a multisport file's first part stands for it); without a
            // file (entered by hand), the list's numbers.
            guard var activity = read.first ?? Self.withoutFile(entry, zone: config.timeZone) else { continue }
            if activity.source != .intervals {
                activity.typeSource = activity.source
                activity.source = .intervals
            }
            if activity.sourceType.trimmingCharacters(in: .whitespaces).isEmpty, let type = entry.type {
                activity.sourceType = type
                activity.typeSource = .intervals
            }
            // The name the person sees (and may have edited) on intervals.icu, over the file's.
            if let name = entry.name.flatMap(ImportedActivity.cleanName) { activity.name = name }
            activity.sourceID = entry.id
            imported.append(activity)
        }
        let applied = try SyncImport.apply(imported, config: config)
        outcome.added = applied.added
        outcome.merged = applied.merged
        try SyncImport.cache(list, source: client.listSource, at: config.store + "/intervals/activities.json", now: now)
        return outcome
    }

    /// An activity from the list alone: its start (UTC, else the local time in the site's
    /// zone), elapsed time, distance and energy; nil when it lacks a start or a duration.
    static func withoutFile(_ entry: IntervalsActivity, zone: TimeZone) -> ImportedActivity? {
        let local = entry.startDateLocal.flatMap { text in
            // A wall-clock time: read as if UTC, then moved by the zone's offset at that time.
            Timestamp.parse(String(text.prefix(19)) + "Z").map { $0.addingTimeInterval(-Double(zone.secondsFromGMT(for: $0))) }
        }
        let start = entry.startDate.flatMap(Timestamp.parse) ?? local
        guard let start, let elapsed = entry.elapsedTime, elapsed.isFinite, elapsed > 0 else { return nil }
        var activity = ImportedActivity(
            source: .intervals, sourceID: entry.id, sourceType: entry.type ?? "", start: start, duration: elapsed,
            movingTime: entry.movingTime.flatMap { $0.isFinite && $0 > 0 ? $0 : nil },
            distance: entry.distance.flatMap { $0.isFinite && $0 > 0 ? $0 : nil },
            energy: entry.calories.flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
        activity.typeSource = .intervals
        return activity
    }
}
