import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Every expected value is worked out by hand from DESIGN.md ("Additions": visitors, views
// weekly and monthly, viewers), not read back from the code. Event dates are ddMMyyyy.

@Suite struct VisitorStatsTests {
    private func user(_ id: Int, sex: String, age: Int) -> DirectoryUser {
        DirectoryUser(id: id, sex: sex, username: "user\(id)", isOnline: false, age: age, files: nil)
    }

    private func users(_ asOf: String, _ users: [DirectoryUser], _ events: [StatisticsEntry]) throws -> UserSummary {
        let snapshot = Snapshot(users: Cached(users, fetchedAt: ""), statistics: Cached(events, fetchedAt: ""))
        let day = try #require(Day(iso: asOf))
        return Statistics.compute(snapshot, asOf: day, timeZone: try #require(TimeZone(identifier: "UTC"))).report.users
    }

    @Test func monthToDateOnThe31stAgainstAThirtyDayMonth() throws {
        // D = 31 October: this month is 1–31 Oct; the previous is 1–30 Sep (clamped: no 31 Sep).
        let events = [
            StatisticsEntry(userId: 1, type: "view", dates: [1_102_026, 31_102_026, 15_102_026]),  // this month, counted once
            StatisticsEntry(userId: 2, type: "view", dates: [31_102_026]),
            StatisticsEntry(userId: 3, type: "view", dates: [30_092_026]),  // previous month's last day
            StatisticsEntry(userId: 4, type: "view", dates: [1_092_026, 2_092_026]),  // previous month, once
            StatisticsEntry(userId: 1, type: "view", dates: [3_092_026]),  // in both months
            StatisticsEntry(userId: 5, type: "view", dates: [31_082_026, 1_112_026]),  // before, and after D
            StatisticsEntry(userId: 6, type: "subscription", dates: [5_102_026]),  // not a view
        ]
        let summary = try users("2026-10-31", [], events)
        #expect(summary.visitors == VisitorTrend(monthToDate: 2, previousMonthToDate: 3, change: -1))
    }

    @Test func theSameDayOfAShorterMonthIsClampedAndEarlierDaysAreNot() throws {
        // D = 15 March: 1–15 Mar against 1–15 Feb; 20 Feb is after the 15th and does not count.
        let events = [
            StatisticsEntry(userId: 1, type: "view", dates: [10_032_026]),
            StatisticsEntry(userId: 2, type: "view", dates: [15_022_026]),
            StatisticsEntry(userId: 3, type: "view", dates: [20_022_026]),
        ]
        #expect(try users("2026-03-15", [], events).visitors == VisitorTrend(monthToDate: 1, previousMonthToDate: 1, change: 0))
        // D = 31 March against 1–28 Feb 2026 (not a leap year): 20 Feb counts now.
        #expect(try users("2026-03-31", [], events).visitors == VisitorTrend(monthToDate: 1, previousMonthToDate: 2, change: -1))
    }

    @Test func weeksAndMonthsCrossTheYearAndCountEachViewerOncePerPeriod() throws {
        // D = Tuesday 6 January 2026; its week starts Monday 5 Jan, the first of 12 on 20 Oct 2025.
        let events = [
            StatisticsEntry(userId: 1, type: "view", dates: [5_012_026, 6_012_026, 6_012_026]),  // week 12 and Jan, 3 views
            StatisticsEntry(userId: 2, type: "view", dates: [1_012_026, 31_122_025]),  // week of 29 Dec (both), Jan and Dec
            StatisticsEntry(userId: 3, type: "view", dates: [20_102_025, 19_102_025]),  // first week; the day before is not
            StatisticsEntry(userId: 4, type: "view", dates: [7_012_026]),  // after D
        ]
        let summary = try users("2026-01-06", [], events)
        let weekly = summary.views.weekly
        #expect(weekly.count == 12)
        #expect(weekly.first == WeeklyViews(weekStart: "2025-10-20", views: 1, unique: 1))
        #expect(weekly[10] == WeeklyViews(weekStart: "2025-12-29", views: 2, unique: 1))
        #expect(weekly[11] == WeeklyViews(weekStart: "2026-01-05", views: 3, unique: 1))
        #expect(weekly.map(\.views).reduce(0, +) == 6)
        let monthly = summary.views.monthly
        #expect(
            monthly.map(\.month) == [
                "2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08",
                "2025-09", "2025-10", "2025-11", "2025-12", "2026-01",
            ])
        #expect(monthly[11] == MonthlyViews(month: "2026-01", views: 4, unique: 2))
        #expect(monthly[10] == MonthlyViews(month: "2025-12", views: 1, unique: 1))
        #expect(monthly[8] == MonthlyViews(month: "2025-10", views: 2, unique: 1))
    }

    @Test func viewersByPeriodBySexAndAgeWithTheUnderEighteenInNoBucket() throws {
        let directory = [user(1, sex: "W", age: 27), user(2, sex: "M", age: 17), user(3, sex: "W", age: 52), user(4, sex: "M", age: 33)]
        // D = 20 Nov 2026: the week is 14–20 Nov, the month 22 Oct – 20 Nov.
        let events = [
            StatisticsEntry(userId: 1, type: "view", dates: [20_112_026, 20_112_026]),  // today, twice: one viewer
            StatisticsEntry(userId: 2, type: "view", dates: [14_112_026]),  // the week's first day; under 18
            StatisticsEntry(userId: 3, type: "view", dates: [22_102_026]),  // the month's first day
            StatisticsEntry(userId: 4, type: "view", dates: [21_102_026]),  // all time only
            StatisticsEntry(userId: 9, type: "view", dates: [20_112_026]),  // no user record: not counted
        ]
        let viewers = try users("2026-11-20", directory, events).viewers
        func buckets(_ group: ViewerGroup) -> [Int] { group.ageBuckets.map(\.count) }
        #expect(viewers.today.sex == SexCounts(["W": 1]))
        #expect(buckets(viewers.today) == [0, 0, 1, 0, 0, 0, 0])
        #expect(viewers.week.sex == SexCounts(["W": 1, "M": 1]))
        #expect(buckets(viewers.week) == [0, 0, 1, 0, 0, 0, 0], "the 17-year-old is in the sex count but no bucket")
        #expect(viewers.month.sex == SexCounts(["W": 2, "M": 1]))
        #expect(buckets(viewers.month) == [0, 0, 1, 0, 0, 0, 1])
        #expect(viewers.all.sex == SexCounts(["W": 2, "M": 2]))
        #expect(buckets(viewers.all) == [0, 0, 1, 1, 0, 0, 1])

    }

    @Test func theContractWritesTheNewKeysInItsOrder() throws {
        let summary = try users(
            "2026-11-20", [user(1, sex: "W", age: 27)],
            [StatisticsEntry(userId: 1, type: "view", dates: [20_112_026])])
        let json = try OrderedJSON.encode(summary)
        let keys = [
            "\"views\"", "\"daily\"", "\"weekly\"", "\"monthly\"", "\"topVisitors\"", "\"unsubscriptions\"",
            "\"visitors\"", "\"monthToDate\"", "\"previousMonthToDate\"", "\"change\"", "\"viewers\"", "\"today\"",
            "\"week\"", "\"all\"",
        ]
        let positions = keys.map { json.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(json)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(!json.contains("men"))
    }
}
