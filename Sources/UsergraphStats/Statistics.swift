import Foundation
import UsergraphCore

/// Everything the stats command and the pages show, as pure functions of a snapshot,
/// an as-of day and a time zone: no files, no clock, no network.
package enum Statistics {
    /// Everything computed once per build. Events after `asOf` are ignored everywhere; a
    /// collection missing from the snapshot counts as empty.
    /// `stepsGoal`: `goals.steps` from the config.
    /// `units`: the Eddington number is counted in kilometres, and in miles for an imperial site.
    package static func compute(
        _ snapshot: Snapshot, asOf: Day, timeZone: TimeZone, stepsGoal: Int = 10_000, units: SiteConfig.Units = .metric
    ) -> StatisticsResult {
        let workouts = WorkoutStats(workouts: snapshot.workouts, asOf: asOf, timeZone: timeZone)
        let history = WorkoutHistory(
            WorkoutStats.dated(snapshot.workouts, asOf: asOf, timeZone: timeZone).workouts, asOf: asOf, timeZone: timeZone, units: units)
        let weight = WeightStats(records: snapshot.weights, asOf: asOf, owner: snapshot.owner)
        let steps = StepsStats(records: snapshot.steps, asOf: asOf, goal: stepsGoal)
        let burnedByDay = Dictionary(workouts.daily.map { ($0.day.number, $0.calories) }, uniquingKeysWith: +)
        let nutrition = NutritionStats(
            meals: snapshot.meals, burnedByDay: burnedByDay,
            basal: BasalEnergy(owner: snapshot.owner, weights: weight.series, recorded: snapshot.basalEnergy),
            asOf: asOf)
        let users = UserStats(
            users: snapshot.users?.value ?? [], statistics: snapshot.statistics?.value ?? [],
            asOf: asOf)
        let repositories = RepositoryStats.summary(snapshot.repositories?.value ?? [], languageSizes: snapshot.languageSizes?.value)
        let contributions = ContributionStats.summary(snapshot.contributions?.value, asOf: asOf)

        let report = StatsReport(
            asOf: asOf.iso, workouts: workouts.summary, weight: weight.summary,
            steps: steps.summary, nutrition: nutrition.summary, users: users.summary, repositories: repositories,
            contributions: contributions?.summary, history: history)
        var details = StatsDetails(
            dailyWorkouts: workouts.daily, thisWeek: workouts.thisWeek, thisWeekWorkouts: workouts.thisWeekWorkouts,
            weightSeries: weight.series, ageBySex: users.ageBySex, activityByUser: users.activityByUser,
            skippedEventDates: users.skippedEventDates, exampleBadEventDate: users.exampleBadEventDate,
            skippedWorkouts: workouts.skipped)
        details.viewerAgeBySex = users.viewerAgeBySex
        details.contributionDays = contributions?.days ?? []
        return StatisticsResult(report: report, details: details, history: history)
    }
}

package struct StatisticsResult: Sendable {
    /// Exactly the JSON contract of `usergraph stats --json`.
    package var report: StatsReport
    /// Extra series the pages need; not part of the JSON.
    package var details: StatsDetails
    /// The years and the Eddington numbers, also in the site's units.
    package var history: WorkoutHistory

    package init(report: StatsReport, details: StatsDetails, history: WorkoutHistory) {
        self.report = report; self.details = details; self.history = history
    }
}
