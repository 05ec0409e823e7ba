import UsergraphCore

/// The GitHub contribution calendar counted on the site's as-of day.
///
/// GitHub gives calendar dates, not instants, so nothing here converts a zone: the zone enters
/// only through the as-of day, which the caller takes in the site's zone. That is where
/// streak counters usually go wrong (a streak that "breaks" at midnight UTC for someone in
/// Tokyo or Los Angeles), so the rule is the workouts' rule: a streak is alive on D when D or
/// D−1 had a contribution.
enum ContributionStats {
    static func summary(_ calendar: ContributionCalendar?, asOf: Day) -> (summary: ContributionSummary, days: [DayCount])? {
        guard let calendar else { return nil }
        var counts: [Int: Int] = [:]
        for day in calendar.days {
            // A date that is not a real day belongs to no day; a day after D has not happened yet.
            guard let date = Day(iso: day.date), date <= asOf, day.contributionCount > 0 else { continue }
            counts[date.number, default: 0] += day.contributionCount
        }
        let yearStart = asOf.adding(days: -364).number
        var lastYear = 0
        var busiest: (number: Int, count: Int)?
        for (number, count) in counts where number >= yearStart {
            lastYear += count
            // The busiest day of the year; the earlier day wins a tie, so the answer is stable.
            if busiest.map({ count > $0.count || (count == $0.count && number < $0.number) }) ?? true { busiest = (number, count) }
        }
        let streaks = WorkoutStats.streaks(days: Set(counts.keys), asOf: asOf)
        let summary = ContributionSummary(
            lastYear: lastYear, currentStreak: streaks.current, longestStreak: streaks.longest,
            busiestDay: busiest.map { DayCount(date: Day(number: $0.number).iso, count: $0.count) })
        // The heatmap's days: the 53 Monday-started weeks ending with D's week, as the workouts' calendar.
        let first = asOf.weekStart.adding(days: -52 * 7)
        let daily = (first.number...asOf.number).map { DayCount(date: Day(number: $0).iso, count: counts[$0] ?? 0) }
        return (summary, daily)
    }
}
