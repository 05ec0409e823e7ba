import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Expected values are worked out by hand from DESIGN.md "History", `years`.

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

private func workout(_ id: String, _ start: String, _ type: String, _ duration: Int, distance: Double? = nil, climb: Double? = nil) -> Workout {
    var workout = Workout(id: id, type: type, start: start, duration: duration, distance: distance)
    workout.elevationGain = climb
    return workout
}

/// `YYYY-01` … `YYYY-12`.
private func months(of year: Int) -> [String] {
    (1...12).map { month in String(year) + (month < 10 ? "-0" : "-") + String(month) }
}

@Suite(.scratch) struct YearSummariesTests {
    private let workouts = [
        // 2020-02-29 in Moscow: the leap day, February.
        workout("a", "2020-02-29T23:30:00+03:00", "running", 1800, distance: 5000.4),
        // 21:30 UTC on the 29th is 00:30 on March 1st in Moscow: March. No distance or climb of
        // its own: its track's.
        workout("b", "2020-02-29T21:30:00Z", "walking", 3600),
        // 2021: nothing.
        workout("c", "2022-12-31T23:59:00+03:00", "cycling", 1200, distance: 3000.3, climb: 20.4),
        workout("d", "2022-06-01T08:00:00+03:00", "cycling", 600, distance: 1000),
        workout("e", "2022-06-02T08:00:00+03:00", "running", 900, distance: 2000),
        // 2023-01-01 in Moscow, though 2022 in UTC.
        workout("f", "2022-12-31T21:10:00Z", "running", 1000),
        // After D: ignored.
        workout("g", "2023-01-11T08:00:00+03:00", "running", 1000, distance: 99_999),
    ]

    @Test func everyYearFromTheFirstWorkoutsToTheAsOfDays() throws {
        let moscow = try #require(TimeZone(identifier: "Europe/Moscow"))
        let years = YearSummaries.compute(
            workouts, tracks: ["b": TrackFigures(distance: 4000.3, elevationGain: 10.2), "a": TrackFigures(distance: 1, elevationGain: 7)],
            asOf: try day("2023-01-10"), timeZone: moscow)
        #expect(years.map(\.year) == [2020, 2021, 2022, 2023])
        guard years.count == 4 else { return }

        // 2020: 5,000.4 + 4,000.3 = 9,000.7 → 9,001 m; climbs: a has no field, its track's 7,
        // and b's track's 10.2: 17.2 → 17. One of each type: by type name.
        let y2020 = years[0]
        #expect(y2020.count == 2 && y2020.seconds == 5400 && y2020.distance == 9001 && y2020.elevationGain == 17)
        #expect(
            y2020.byType == [
                YearTypeCount(type: "running", count: 1, seconds: 1800, distance: 5000),
                YearTypeCount(type: "walking", count: 1, seconds: 3600, distance: 4000),
            ])
        #expect(y2020.monthly.count == 12)
        #expect(y2020.monthly[1] == YearMonthCount(month: "2020-02", count: 1, seconds: 1800, distance: 5000))
        #expect(y2020.monthly[2] == YearMonthCount(month: "2020-03", count: 1, seconds: 3600, distance: 4000))
        #expect(y2020.monthly.map(\.month).first == "2020-01" && y2020.monthly.map(\.month).last == "2020-12")

        // 2021: zeros, all twelve months present.
        let y2021 = years[1]
        #expect(y2021.count == 0 && y2021.seconds == 0 && y2021.distance == 0 && y2021.elevationGain == 0 && y2021.byType.isEmpty)
        #expect(y2021.monthly.map(\.month) == months(of: 2021))
        #expect(y2021.monthly.allSatisfy { $0.count == 0 && $0.seconds == 0 && $0.distance == 0 })

        // 2022: two rides (c, d) before one run (e): by count first.
        let y2022 = years[2]
        #expect(y2022.count == 3 && y2022.seconds == 2700 && y2022.distance == 6000 && y2022.elevationGain == 20)
        #expect(
            y2022.byType == [
                YearTypeCount(type: "cycling", count: 2, seconds: 1800, distance: 4000),
                YearTypeCount(type: "running", count: 1, seconds: 900, distance: 2000),
            ])
        #expect(y2022.monthly[11].count == 1 && y2022.monthly[5].count == 2)

        // 2023: f alone (g is after D), no distance anywhere: 0.
        var monthly = months(of: 2023).map { YearMonthCount(month: $0, count: 0, seconds: 0, distance: 0) }
        monthly[0] = YearMonthCount(month: "2023-01", count: 1, seconds: 1000, distance: 0)
        let expected = YearSummary(
            year: 2023, count: 1, seconds: 1000, distance: 0, elevationGain: 0,
            byType: [YearTypeCount(type: "running", count: 1, seconds: 1000, distance: 0)], monthly: monthly)
        #expect(years[3] == expected)
    }

    @Test func noWorkoutNoYears() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(YearSummaries.compute([], asOf: try day("2023-01-10"), timeZone: utc).isEmpty)
        // Only a workout after D: none either.
        #expect(YearSummaries.compute([workouts[6]], asOf: try day("2023-01-10"), timeZone: utc).isEmpty)
    }
}
