import Foundation
import UsergraphCore
import UsergraphStats
import UsergraphStore

/// What an import did (or, with `--dry-run`, would do).
package struct ImportSummary: Equatable, Sendable {
    package var workouts = ImportMerge.Counts()
    package var weights = ImportMerge.Counts()
    package var steps = ImportMerge.Counts()
    package var meals = ImportMerge.Counts()
    /// Workouts that gained a track (new ones, or ones whose track was poorer or missing).
    package var tracks = 0
    package var notUnderstood: [String] = []

    package var skipped: Int { workouts.skipped + weights.skipped + steps.skipped + meals.skipped }

    package init(notUnderstood: [String] = []) { self.notUnderstood = notUnderstood }
}

/// Merges what the exports hold into the store's files (`ImportMerge` says how) and writes
/// each file that changed, atomically; with `dryRun` it only counts. Everything was read and
/// checked before this runs, so a bad file never leaves a partial import behind.
package enum StoreImport {
    package static func apply(_ contents: ImportedContents, to layout: StoreLayout, zone: TimeZone, dryRun: Bool) throws -> ImportSummary {
        let merge = ImportMerge(zone: zone)
        var summary = ImportSummary(notUnderstood: contents.notUnderstood)

        let storedWorkouts = try JSONFile.read([Workout].self, at: layout.workouts) ?? []
        let workouts = merge.workouts(storedWorkouts, adding: contents.activities)
        summary.workouts = workouts.counts
        let tracks = try TrackPlan(offered: workouts.tracks, workouts: workouts.workouts, layout: layout)
        summary.tracks = tracks.writes.count

        let storedWeights = try JSONFile.read([WeightRecord].self, at: layout.weights) ?? []
        let weights = merge.weights(storedWeights, adding: contents.weights)
        summary.weights = weights.counts

        let storedSteps = try JSONFile.read([StepsRecord].self, at: layout.steps) ?? []
        let steps = merge.steps(storedSteps, adding: contents.steps, from: .appleHealth)
        summary.steps = steps.counts

        // Not counted in the summary: a day's basal energy comes with its steps and weights.
        let storedBasal = try JSONFile.read([BasalEnergyRecord].self, at: layout.basalEnergy) ?? []
        let basal = merge.basalEnergy(storedBasal, adding: contents.basalEnergy, from: .appleHealth)

        let storedMeals = try JSONFile.read([Meal].self, at: layout.meals) ?? []
        let healthMeals = merge.meals(storedMeals, adding: contents.nutrients, from: .appleHealth)
        let meals = merge.diaryMeals(healthMeals.meals, adding: contents.meals, from: .myFitnessPal)
        summary.meals = ImportMerge.Counts(
            added: healthMeals.counts.added + meals.counts.added,
            skipped: healthMeals.counts.skipped + meals.counts.skipped)

        guard !dryRun else { return summary }
        if meals.meals != storedMeals { try JSONFile.write(meals.meals, to: layout.meals) }
        if weights.weights != storedWeights { try JSONFile.write(weights.weights, to: layout.weights) }
        if steps.steps != storedSteps { try JSONFile.write(steps.steps, to: layout.steps) }
        if basal.records != storedBasal { try JSONFile.write(basal.records, to: layout.basalEnergy) }
        // The tracks before the list that names them; a failure takes back the tracks it added.
        try tracks.write { summaries in
            var list = workouts.workouts
            for index in list.indices {
                if let summary = summaries[list[index].id] { list[index].complete(from: summary) }
            }
            if list != storedWorkouts { try JSONFile.write(list, to: layout.workouts) }
        }
        return summary
    }
}

/// Which offered tracks the store takes: where the workout has none, or a poorer one (fewer
/// measures, then fewer samples), so importing the same files again writes nothing.
struct TrackPlan {
    struct Write {
        var id: String
        /// The workout's type, which sets what counts as moving.
        var type: String
        var path: String
        var offered: ImportMerge.OfferedTrack
        /// Whether a track was there before (then a failed import cannot take it back).
        var replaces: Bool
    }

    private(set) var writes: [Write] = []

    init(offered: [String: ImportMerge.OfferedTrack], workouts: [Workout], layout: StoreLayout) throws {
        let types = Dictionary(workouts.map { ($0.id, $0.type) }, uniquingKeysWith: { first, _ in first })
        for (id, offer) in offered.sorted(by: { $0.key < $1.key }) {
            guard let path = TrackFiles.path(layout, workout: id) else { continue }
            let existing = try TrackFiles.richness(at: path)
            if let existing, ActivityTrack.Richness(columns: existing.columns, count: existing.count) >= offer.track.richness { continue }
            writes.append(Write(id: id, type: types[id] ?? "", path: path, offered: offer, replaces: existing != nil))
        }
    }

    /// Writes the tracks (each read back from the import's scratch file, one at a time) as one
    /// batch (`AtomicFile.Batch`), then runs `then` with what each written track says of its
    /// workout; if anything fails, the tracks this import added are removed again.
    func write(then: ([String: TrackSummary]) throws -> Void) throws {
        var added: [String] = []
        var summaries: [String: TrackSummary] = [:]
        var batch = AtomicFile.Batch()
        do {
            for write in writes {
                guard var track = try write.offered.track.samples ?? write.offered.track.file.flatMap({ try TrackFiles.read(at: $0) }) else {
                    continue
                }
                track.start = Timestamp.format(write.offered.track.start, in: write.offered.zone)
                try batch.add(TrackFiles.encode(track), at: write.path)
                summaries[write.id] = TrackSummary(track: track, type: write.type)
                if !write.replaces { added.append(write.path) }
            }
            try batch.commit()
            try then(summaries)
        } catch {
            batch.discard()
            for path in added { try? TrackFiles.delete(at: path) }
            throw error
        }
    }
}

extension Workout {
    /// What its track says, where the source said nothing: distance, moving time, climb and
    /// heart rate (DESIGN.md "Tracks"), rounded as the store writes them.
    mutating func complete(from summary: TrackSummary) {
        if distance == nil, let metres = summary.distance, metres > 0 { distance = (metres * 10).rounded() / 10 }
        if movingTime == nil, let moving = summary.movingTime.map({ Int($0.rounded()) }), moving > 0, moving < duration { movingTime = moving }
        if elevationGain == nil, let gain = summary.elevationGain { elevationGain = (gain * 10).rounded() / 10 }
        if elevationLoss == nil, let loss = summary.elevationLoss { elevationLoss = (loss * 10).rounded() / 10 }
        if avgHeartRate == nil { avgHeartRate = summary.avgHeartRate }
        if maxHeartRate == nil { maxHeartRate = summary.maxHeartRate }
    }
}
