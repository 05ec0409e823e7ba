import Foundation
import UsergraphCore

/// One calendar year of workouts (DESIGN.md "History", `years`), in the shape of its JSON.
package struct YearSummary: Codable, Sendable, Equatable {
    package var year: Int
    package var count: Int
    /// Elapsed seconds (`duration`).
    package var seconds: Int
    /// Metres, the sum rounded (`WorkoutFigures`).
    package var distance: Int
    /// Metres climbed, the sum rounded (`WorkoutFigures`).
    package var elevationGain: Int
    /// By count descending, then type.
    package var byType: [YearTypeCount]
    /// The twelve months of the year, January first.
    package var monthly: [YearMonthCount]

    package init(
        year: Int, count: Int, seconds: Int, distance: Int, elevationGain: Int, byType: [YearTypeCount], monthly: [YearMonthCount]
    ) {
        self.year = year; self.count = count; self.seconds = seconds; self.distance = distance
        self.elevationGain = elevationGain; self.byType = byType; self.monthly = monthly
    }
}

package struct YearTypeCount: Codable, Sendable, Equatable {
    package var type: String
    package var count: Int
    package var seconds: Int
    /// Metres, the sum rounded.
    package var distance: Int

    package init(type: String, count: Int, seconds: Int, distance: Int) {
        self.type = type; self.count = count; self.seconds = seconds; self.distance = distance
    }
}

package struct YearMonthCount: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    package var month: String
    package var count: Int
    package var seconds: Int
    /// Metres, the sum rounded.
    package var distance: Int

    package init(month: String, count: Int, seconds: Int, distance: Int) {
        self.month = month; self.count = count; self.seconds = seconds; self.distance = distance
    }
}

/// Every calendar year from the first workout's to the as-of day's, oldest first, a year
/// without a workout included with zeros (it has a year page too, and a chart of the years
/// would lie with a gap closed). A workout counts on its start day in the time zone and only on
/// or before the as-of day, as in `WorkoutStats`, whose dating it shares.
package enum YearSummaries {
    /// `tracks`: by workout id, what each track says (`TrackFigures`), for workouts whose record
    /// lacks a distance or a climb. Empty when no workout counts.
    package static func compute(
        _ workouts: [Workout], tracks: [String: TrackFigures] = [:], asOf: Day, timeZone: TimeZone
    ) -> [YearSummary] {
        compute(dated: WorkoutStats.dated(workouts, asOf: asOf, timeZone: timeZone).workouts, tracks: tracks, asOf: asOf)
    }

    /// The same of workouts already dated (`WorkoutStats.dated`), so that a caller that has
    /// dated them does not parse every start again.
    static func compute(
        dated: [(workout: Workout, instant: Date, day: Day)], tracks: [String: TrackFigures] = [:], asOf: Day
    ) -> [YearSummary] {
        guard let first = dated.map(\.day).min() else { return [] }
        let firstYear = first.year, lastYear = asOf.year
        var years = (firstYear...lastYear).map { Tally(year: $0) }
        for (workout, _, day) in dated {
            let figures = WorkoutFigures(workout, track: tracks[workout.id])
            years[day.year - firstYear].add(workout, figures: figures, month: day.month)
        }
        return years.map(\.summary)
    }

    /// One year's sums, unrounded until the end so that a thousand workouts of 0.4 m add up.
    private struct Tally {
        let year: Int
        var count = 0, seconds = 0
        var distance = 0.0, elevationGain = 0.0
        var types: [String: (count: Int, seconds: Int, distance: Double)] = [:]
        var months = [(count: Int, seconds: Int, distance: Double)](repeating: (0, 0, 0), count: 12)

        init(year: Int) { self.year = year }

        mutating func add(_ workout: Workout, figures: WorkoutFigures, month: Int) {
            count += 1
            seconds += workout.duration
            distance += figures.distance
            elevationGain += figures.elevationGain
            types[workout.type, default: (0, 0, 0)].count += 1
            types[workout.type, default: (0, 0, 0)].seconds += workout.duration
            types[workout.type, default: (0, 0, 0)].distance += figures.distance
            months[month - 1].count += 1
            months[month - 1].seconds += workout.duration
            months[month - 1].distance += figures.distance
        }

        var summary: YearSummary {
            let byType = types.map { YearTypeCount(type: $0.key, count: $0.value.count, seconds: $0.value.seconds, distance: Int($0.value.distance.rounded())) }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type }
            let monthly = months.enumerated().map { index, month in
                YearMonthCount(
                    month: Month(year: year, month: index + 1).iso, count: month.count, seconds: month.seconds,
                    distance: Int(month.distance.rounded()))
            }
            return YearSummary(
                year: year, count: count, seconds: seconds, distance: Int(distance.rounded()), elevationGain: Int(elevationGain.rounded()),
                byType: byType, monthly: monthly)
        }
    }
}
