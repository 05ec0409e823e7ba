import UsergraphCore

/// Steps as of one day (DESIGN.md, "Additions"): today's record, the 30 days ending on it and
/// the days among them at or above the goal.
struct StepsStats {
    /// Days in the `daily` series and the average.
    static let windowDays = 30

    var summary: StepsSummary

    init(records: [StepsRecord], asOf: Day, goal: Int) {
        let first = asOf.adding(days: -(Self.windowDays - 1))
        // One record a day is the store's rule; a hand-edited file with two keeps the later one.
        var byDay: [Int: Int] = [:]
        for record in records {
            guard let day = Day(iso: record.date), day >= first, day <= asOf else { continue }
            byDay[day.number] = max(0, record.steps)
        }
        let recorded = byDay.values
        summary = StepsSummary(
            today: byDay[asOf.number],
            average30: recorded.isEmpty ? nil : Int((Double(recorded.reduce(0, +)) / Double(recorded.count)).rounded()),
            goal: goal,
            daysAtGoal30: recorded.reduce(0) { $0 + ($1 >= goal ? 1 : 0) },
            daily: (first.number...asOf.number).map { DailySteps(date: Day(number: $0).iso, steps: byDay[$0] ?? 0) })
    }
}
