import Foundation
import UsergraphCore
import UsergraphStore

/// What an import did (or, with `--dry-run`, would do).
package struct ImportSummary: Equatable, Sendable {
    package var workouts = ImportMerge.Counts()
    package var weights = ImportMerge.Counts()
    package var steps = ImportMerge.Counts()
    package var meals = ImportMerge.Counts()
    package var notUnderstood: [String] = []

    package var skipped: Int { workouts.skipped + weights.skipped + steps.skipped + meals.skipped }
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
        if workouts.workouts != storedWorkouts { try JSONFile.write(workouts.workouts, to: layout.workouts) }
        return summary
    }
}
