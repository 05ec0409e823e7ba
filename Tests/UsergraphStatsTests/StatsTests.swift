import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Every expected value below is worked out by hand from DESIGN.md, not read back from the code.

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

private func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

private func workout(_ start: String, type: String = "running", duration: Int = 1800, calories: Int? = nil) -> Workout {
    Workout(id: UUID().uuidString, type: type, start: start, duration: duration, calories: calories)
}

/// A workout at noon Moscow time on each of the given days.
private func workouts(on days: [String], type: String = "running") -> [Workout] {
    days.map { workout($0 + "T12:00:00+03:00", type: type) }
}

/// `count` consecutive days starting at `first`, as ISO strings.
private func consecutiveDays(from first: String, count: Int) throws -> [String] {
    let start = try day(first)
    return (0..<count).map { start.adding(days: $0).iso }
}

private func compute(
    _ snapshot: Snapshot, asOf: String, zone identifier: String = "Europe/Moscow"
) throws
    -> StatisticsResult
{
    Statistics.compute(snapshot, asOf: try day(asOf), timeZone: try zone(identifier))
}

@Suite(.scratch) struct WorkoutStreakTests {
    @Test func streakAliveOnTheAsOfDay() throws {
        let snapshot = Snapshot(workouts: workouts(on: ["2026-11-18", "2026-11-19", "2026-11-20"]))
        let summary = try compute(snapshot, asOf: "2026-11-20").report.workouts
        #expect(summary.currentStreak == 3)
        #expect(summary.longestStreak == 3)
    }

    @Test func streakStillAliveWhenOnlyYesterdayHasAWorkout() throws {
        let snapshot = Snapshot(workouts: workouts(on: ["2026-11-17", "2026-11-18", "2026-11-19"]))
        #expect(try compute(snapshot, asOf: "2026-11-20").report.workouts.currentStreak == 3)
    }

    @Test func streakBrokenWhenTheLastWorkoutWasTwoDaysAgo() throws {
        let snapshot = Snapshot(workouts: workouts(on: ["2026-11-16", "2026-11-17", "2026-11-18"]))
        let summary = try compute(snapshot, asOf: "2026-11-20").report.workouts
        #expect(summary.currentStreak == 0)
        #expect(summary.longestStreak == 3)
    }

    @Test func longestStreakIsTheLongestRunOnOrBeforeTheAsOfDay() throws {
        // Five days in October, then two up to D, then a week after D that must not count:
        // joined to the current run it would make 2 + 7 = 9.
        let october = try consecutiveDays(from: "2026-10-01", count: 5)
        let afterD = try consecutiveDays(from: "2026-11-21", count: 7)
        let snapshot = Snapshot(workouts: workouts(on: october + ["2026-11-19", "2026-11-20"] + afterD))
        let summary = try compute(snapshot, asOf: "2026-11-20").report.workouts
        #expect(summary.longestStreak == 5)
        #expect(summary.currentStreak == 2)
        #expect(summary.count == 7)
    }

    @Test func severalWorkoutsOnOneDayAreOneStreakDay() throws {
        let snapshot = Snapshot(workouts: workouts(on: ["2026-11-19", "2026-11-19", "2026-11-20", "2026-11-20"]))
        let summary = try compute(snapshot, asOf: "2026-11-20").report.workouts
        #expect(summary.currentStreak == 2)
        #expect(summary.longestStreak == 2)
        #expect(summary.count == 4)
    }
}

@Suite(.scratch) struct WorkoutDayTests {
    @Test func lateEveningAndJustAfterMidnightInMoscow() throws {
        // 20:30Z is 23:30 in Moscow (UTC+3 all year), 21:30Z is 00:30 the next day.
        let snapshot = Snapshot(workouts: [
            workout("2026-11-18T20:30:00Z"),
            workout("2026-11-18T21:30:00Z"),
            workout("2026-11-19T23:30:00+03:00"),
            workout("2026-11-20T00:30:00+03:00"),
        ])
        let result = try compute(snapshot, asOf: "2026-11-19")
        let daily = result.details.dailyWorkouts
        #expect(daily.last?.day.iso == "2026-11-19")
        #expect(daily.suffix(2).map(\.count) == [1, 2])
        // The 00:30 on the 20th is after D.
        #expect(result.report.workouts.count == 3)
    }

    @Test func springForwardWeekInBerlin() throws {
        // Berlin moves from +01:00 to +02:00 at 01:00Z on Sunday 2026-03-29.
        let snapshot = Snapshot(workouts: [
            workout("2026-03-28T23:30:00Z"),  // 00:30 CET, Sunday 29th
            workout("2026-03-29T21:30:00Z"),  // 23:30 CEST, Sunday 29th
            workout("2026-03-29T22:30:00Z"),  // 00:30 CEST, Monday 30th (23:30 with a stale +01:00)
        ])
        let result = try compute(snapshot, asOf: "2026-04-05", zone: "Europe/Berlin")
        let weekly = result.report.workouts.weekly
        #expect(weekly.suffix(2).map(\.weekStart) == ["2026-03-23", "2026-03-30"])
        #expect(weekly.suffix(2).map(\.count) == [2, 1])
        let byDay = Dictionary(uniqueKeysWithValues: result.details.dailyWorkouts.map { ($0.day.iso, $0.count) })
        #expect(byDay["2026-03-29"] == 2)
        #expect(byDay["2026-03-30"] == 1)
    }

    @Test func fallBackWeekInBerlin() throws {
        // Berlin moves from +02:00 to +01:00 at 01:00Z on Sunday 2026-10-25.
        let snapshot = Snapshot(workouts: [
            workout("2026-10-25T00:30:00Z"),  // 02:30 CEST, Sunday 25th
            workout("2026-10-25T22:30:00Z"),  // 23:30 CET, Sunday 25th (00:30 Monday with a stale +02:00)
            workout("2026-10-25T23:30:00Z"),  // 00:30 CET, Monday 26th
        ])
        let result = try compute(snapshot, asOf: "2026-11-01", zone: "Europe/Berlin")
        let weekly = result.report.workouts.weekly
        #expect(weekly.suffix(2).map(\.weekStart) == ["2026-10-19", "2026-10-26"])
        #expect(weekly.suffix(2).map(\.count) == [2, 1])
    }

    @Test func unparseableStartsAreSkippedAndCounted() throws {
        let snapshot = Snapshot(workouts: workouts(on: ["2026-11-20"]) + [workout("yesterday"), workout("2026-11-20")])
        let result = try compute(snapshot, asOf: "2026-11-20")
        #expect(result.details.skippedWorkouts == 2)
        #expect(result.report.workouts.count == 1)
    }

    @Test func heatmapCoversFiftyThreeMondayAlignedWeeksUpToD() throws {
        let result = try compute(Snapshot(), asOf: "2026-11-20")
        let daily = result.details.dailyWorkouts
        // 52 full weeks plus Monday to Friday of D's week.
        #expect(daily.count == 52 * 7 + 5)
        #expect(daily.first?.day.iso == "2025-11-17")
        #expect(daily.first?.day.weekdayFromMonday == 0)
        #expect(daily.last?.day.iso == "2026-11-20")
    }

    @Test func thisWeekRunsFromMondayToDNewestFirst() throws {
        let snapshot = Snapshot(workouts: [
            workout("2026-11-15T12:00:00+03:00", calories: 999),  // Sunday before
            workout("2026-11-16T08:00:00+03:00", duration: 600, calories: 300),
            workout("2026-11-18T08:00:00+03:00", duration: 900),
            // 17:00 and 18:00 Moscow: the string order says the first is later, the instants do not.
            workout("2026-11-20T17:00:00+03:00", type: "yoga", duration: 1200, calories: 100),
            workout("2026-11-20T15:00:00Z", type: "boxing", duration: 300, calories: 50),
            workout("2026-11-21T08:00:00+03:00", calories: 999),  // after D
        ])
        let details = try compute(snapshot, asOf: "2026-11-20").details
        #expect(details.thisWeek == PeriodTotal(count: 4, seconds: 3000, calories: 450))
        #expect(
            details.thisWeekWorkouts.map(\.start) == [
                "2026-11-20T15:00:00Z", "2026-11-20T17:00:00+03:00", "2026-11-18T08:00:00+03:00", "2026-11-16T08:00:00+03:00",
            ])
    }

    @Test func totalsAndTypesOrderedByCountThenName() throws {
        let snapshot = Snapshot(workouts: [
            workout("2026-11-01T10:00:00+03:00", type: "running", duration: 100, calories: 10),
            workout("2026-11-02T10:00:00+03:00", type: "yoga", duration: 200),
            workout("2026-11-03T10:00:00+03:00", type: "cycling", duration: 300, calories: 30),
            workout("2026-11-04T10:00:00+03:00", type: "running", duration: 400),
            workout("2026-11-05T10:00:00+03:00", type: "cycling", duration: 500),
            workout("2026-11-06T10:00:00+03:00", type: "yoga", duration: 600, calories: 60),
            workout("2026-11-07T10:00:00+03:00", type: "cycling", duration: 700),
            workout("2026-11-08T10:00:00+03:00", type: "boxing", duration: 800),
            workout("2026-11-21T10:00:00+03:00", type: "boxing", duration: 900, calories: 90),  // after D
        ])
        let summary = try compute(snapshot, asOf: "2026-11-20").report.workouts
        #expect(summary.count == 8)
        #expect(summary.totalSeconds == 3600)
        #expect(summary.totalCalories == 100)
        #expect(
            summary.byType == [
                TypeCount(type: "cycling", count: 3, seconds: 1500),
                TypeCount(type: "running", count: 2, seconds: 500),
                TypeCount(type: "yoga", count: 2, seconds: 800),
                TypeCount(type: "boxing", count: 1, seconds: 800),
            ])
    }
}

@Suite(.scratch) struct WorkoutWindowTests {
    // D is Wednesday 2026-01-07; its week starts Monday 2026-01-05.
    let snapshot = Snapshot(
        workouts: workouts(on: [
            "2025-01-31",  // before the monthly window; still in the count
            "2025-10-19",  // Sunday: the week before the weekly window, but inside the monthly one
            "2025-10-20",  // Monday: first day of the weekly window
            "2025-12-31", "2026-01-02",  // one week across the year boundary
            "2026-01-07",
            "2026-01-08",  // after D
        ]))

    @Test func weeklyIsTwelveWeeksEndingWithDsWeek() throws {
        let weekly = try compute(snapshot, asOf: "2026-01-07").report.workouts.weekly
        #expect(weekly.count == 12)
        #expect(weekly.first?.weekStart == "2025-10-20")
        #expect(weekly[10].weekStart == "2025-12-29")
        #expect(weekly.last?.weekStart == "2026-01-05")
        #expect(weekly.map(\.count) == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1])
        #expect(weekly[10].seconds == 3600)
    }

    @Test func monthlyIsTwelveCalendarMonthsEndingWithDsMonth() throws {
        let summary = try compute(snapshot, asOf: "2026-01-07").report.workouts
        #expect(
            summary.monthly.map(\.month) == [
                "2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07",
                "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01",
            ])
        #expect(summary.monthly.map(\.count) == [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 2])
        #expect(summary.count == 6)
    }
}

@Suite(.scratch) struct AchievementTests {
    private func summary(days: [String]) throws -> WorkoutSummary {
        try compute(Snapshot(workouts: workouts(on: days)), asOf: "2026-11-20").report.workouts
    }

    @Test func noWorkoutsIsLevelOneWithNothing() throws {
        let s = try summary(days: [])
        #expect(s.points == 0)
        #expect(s.level == 1)
        #expect(s.achievements.isEmpty)
    }

    @Test func firstWorkout() throws {
        let s = try summary(days: ["2026-11-20"])
        #expect(s.points == 50 + 100)
        #expect(s.achievements == ["workout_1"])
    }

    @Test func twoDayStreakUnlocksNoStreakAchievement() throws {
        let s = try summary(days: ["2026-11-19", "2026-11-20", "2026-11-20"])
        #expect(s.achievements == ["workout_1"])
        #expect(s.points == 150 + 100)
    }

    @Test func nineDaysStayOnLevelOne() throws {
        let s = try summary(days: try consecutiveDays(from: "2026-11-12", count: 9))
        #expect(s.achievements == ["workout_1", "streak_3", "streak_7"])
        #expect(s.points == 450 + 100 + 100 + 250)
        #expect(s.level == 1)
    }

    @Test func tenDaysReachLevelTwo() throws {
        let s = try summary(days: try consecutiveDays(from: "2026-11-11", count: 10))
        #expect(s.achievements == ["workout_1", "workout_10", "streak_3", "streak_7"])
        #expect(s.points == 500 + 100 + 250 + 100 + 250)
        #expect(s.level == 2)
    }

    @Test func fiftyOnOneDayUnlockNoStreak() throws {
        let s = try summary(days: Array(repeating: "2026-11-20", count: 50))
        #expect(s.achievements == ["workout_1", "workout_10", "workout_50"])
        #expect(s.points == 2500 + 100 + 250 + 500)
        #expect(s.level == 4)
    }

    @Test func hundredDaysUnlockEverything() throws {
        let s = try summary(days: try consecutiveDays(from: "2026-08-13", count: 100))
        #expect(s.longestStreak == 100)
        #expect(s.achievements == ["workout_1", "workout_10", "workout_50", "workout_100", "streak_3", "streak_7", "streak_30"])
        #expect(s.points == 5000 + 100 + 250 + 500 + 1000 + 100 + 250 + 1000)
        #expect(s.level == 9)
    }
}

@Suite(.scratch) struct WeightStatsTests {
    // D = 2026-11-20, so D−30 = 2026-10-21 and D−90 = 2026-08-22.
    @Test func latestAndChangeWithNothingNinetyDaysBack() throws {
        let snapshot = Snapshot(weights: [
            WeightRecord(date: "2026-11-20", kg: 72.4),
            WeightRecord(date: "2026-10-22", kg: 74.0),  // one day too late for D−30
            WeightRecord(date: "2026-10-21", kg: 73.2),
            WeightRecord(date: "2026-11-25", kg: 70.0),  // after D
            WeightRecord(date: "someday", kg: 10),
            WeightRecord(date: "2026-11-10", kg: 72.9),
        ])
        let result = try compute(snapshot, asOf: "2026-11-20")
        #expect(result.report.weight == WeightSummary(latest: 72.4, change30: -0.8, change90: nil))
        #expect(result.details.weightSeries.map(\.day.iso) == ["2026-10-21", "2026-10-22", "2026-11-10", "2026-11-20"])
    }

    @Test func nothingThirtyDaysBackIsNil() throws {
        let snapshot = Snapshot(weights: [
            WeightRecord(date: "2026-11-06", kg: 71.0),  // 16 days after D−30: too far from it
            WeightRecord(date: "2026-11-19", kg: 72.0),
        ])
        #expect(
            try compute(snapshot, asOf: "2026-11-20").report.weight
                == WeightSummary(latest: 72.0, change30: nil, change90: nil))
    }

    @Test func ninetyDayChangeRoundsToATenth() throws {
        let snapshot = Snapshot(weights: [
            WeightRecord(date: "2026-08-22", kg: 74.5),
            WeightRecord(date: "2026-10-08", kg: 70.04),  // 13 days before D−30: the nearest, within 15
            WeightRecord(date: "2026-11-18", kg: 72.4),
        ])
        let weight = try compute(snapshot, asOf: "2026-11-20").report.weight
        #expect(weight.change90 == -2.1)
        #expect(weight.change30 == 2.4)
    }

    /// "−14.7 kg in 30 days" against a record of 2021 while one of 7 days ago exists: the change
    /// over N days compares only with a record within N/2 days of D−N, the nearest one.
    @Test func aChangeComparesOnlyWithARecordNearDMinusN() throws {
        let snapshot = Snapshot(weights: [
            WeightRecord(date: "2021-03-01", kg: 87.0),
            WeightRecord(date: "2026-11-13", kg: 72.5),
            WeightRecord(date: "2026-11-20", kg: 72.3),
        ])
        #expect(try compute(snapshot, asOf: "2026-11-20").report.weight == WeightSummary(latest: 72.3, change30: nil, change90: nil))
        // Two records as near, 5 days either side of D−30 (10-21): the earlier one counts.
        let tie = Snapshot(weights: [
            WeightRecord(date: "2026-10-16", kg: 74.0), WeightRecord(date: "2026-10-26", kg: 73.0),
            WeightRecord(date: "2026-11-20", kg: 72.0),
        ])
        #expect(try compute(tie, asOf: "2026-11-20").report.weight.change30 == -2.0)
        // A nearer record after D−30 wins over a farther one before it.
        let after = Snapshot(weights: [
            WeightRecord(date: "2026-10-10", kg: 75.0), WeightRecord(date: "2026-10-23", kg: 73.0),
            WeightRecord(date: "2026-11-20", kg: 72.0),
        ])
        #expect(try compute(after, asOf: "2026-11-20").report.weight.change30 == -1.0)
    }

    @Test func noRecordsGiveNulls() throws {
        let snapshot = Snapshot(weights: [WeightRecord(date: "2026-11-21", kg: 72.4)])
        #expect(
            try compute(snapshot, asOf: "2026-11-20").report.weight
                == WeightSummary(latest: nil, change30: nil, change90: nil))
    }
}

@Suite(.scratch) struct UserStatsTests {
    private func user(_ id: Int, sex: String, age: Int, online: Bool = false) -> DirectoryUser {
        DirectoryUser(id: id, sex: sex, username: "user\(id)", isOnline: online, age: age, files: nil)
    }

    @Test func agesLandInTheirBucketsAndUnderEighteenInNone() throws {
        let users = [
            user(1, sex: "M", age: 17, online: true), user(2, sex: "M", age: 18), user(3, sex: "W", age: 40, online: true),
            user(4, sex: "X", age: 41), user(5, sex: "M", age: 50), user(6, sex: "W", age: 51),
        ]
        let result = try compute(Snapshot(users: Cached(users, fetchedAt: "")), asOf: "2026-11-20")
        let summary = result.report.users
        #expect(summary.count == 6)
        #expect(summary.online == 2)
        #expect(summary.sex == SexCounts(["M": 3, "W": 2, "X": 1]))
        #expect(summary.ageBuckets.map(\.bucket) == ["18-21", "22-25", "26-30", "31-35", "36-40", "41-50", "51+"])
        #expect(summary.ageBuckets.map(\.count) == [1, 0, 0, 0, 1, 2, 1])
        let byBucket = result.details.ageBySex
        #expect(byBucket[0] == AgeBucketBySex(bucket: "18-21", men: 1))
        #expect(byBucket[4] == AgeBucketBySex(bucket: "36-40", women: 1))
        #expect(byBucket[5] == AgeBucketBySex(bucket: "41-50", men: 1, other: 1))
        #expect(byBucket[6] == AgeBucketBySex(bucket: "51+", women: 1))
    }

    @Test func bucketBoundaries() {
        let expected: [Int: Int?] = [
            17: nil, 18: 0, 21: 0, 22: 1, 25: 1, 26: 2, 30: 2, 31: 3, 35: 3, 36: 4,
            40: 4, 41: 5, 50: 5, 51: 6, 99: 6,
        ]
        for (age, bucket) in expected {
            #expect(AgeBucket.index(forAge: age) == bucket, "age \(age)")
        }
    }

    /// The README's example plus a bad date, a second view entry for user 1 and events after D.
    let statistics = [
        StatisticsEntry(userId: 1, type: "view", dates: [1_092_024, 10_092_024, 10_092_024, 5_022_024]),
        StatisticsEntry(userId: 2, type: "view", dates: [30_082_024]),
        StatisticsEntry(userId: 1, type: "view", dates: [11_092_024, 3_092_024, 31_022_024]),
        StatisticsEntry(userId: 1, type: "subscription", dates: [10_092_024, 31_082_024, 11_092_024]),
        StatisticsEntry(userId: 3, type: "unsubscription", dates: [2_092_024, 123]),
        StatisticsEntry(userId: 4, type: "subscription", dates: [1_092_024]),
    ]

    @Test func eventsWithSevenAndEightDigitDates() throws {
        let result = try compute(Snapshot(statistics: Cached(statistics, fetchedAt: "")), asOf: "2024-09-10")
        let users = result.report.users
        let daily = users.views.daily
        #expect(daily.count == 30)
        #expect(daily.first?.date == "2024-08-12")
        #expect(daily.last == DailyViews(date: "2024-09-10", views: 2, unique: 1))
        let byDate = Dictionary(uniqueKeysWithValues: daily.map { ($0.date, $0) })
        #expect(byDate["2024-09-01"]?.views == 1)
        #expect(byDate["2024-09-03"]?.views == 1)
        #expect(byDate["2024-08-30"]?.views == 1)
        #expect(daily.reduce(0) { $0 + $1.views } == 5)  // 5 Feb is outside the window, 11 Sep after D
        // 31 Aug is last month and 11 Sep after D; 1 Sep (7 digits) and 10 Sep count.
        #expect(users.subscriptions == 2)
        #expect(users.unsubscriptions == 1)
        #expect(users.topVisitors == [TopVisitor(userId: 1, views: 5), TopVisitor(userId: 2, views: 1)])
    }

    @Test func badDatesAreSkippedAndCounted() throws {
        let details = try compute(Snapshot(statistics: Cached(statistics, fetchedAt: "")), asOf: "2024-09-10").details
        #expect(details.skippedEventDates == 2)
        #expect(details.exampleBadEventDate == 31_022_024)
    }

    @Test func activityAddsUpEveryEntryOfAUser() throws {
        let details = try compute(Snapshot(statistics: Cached(statistics, fetchedAt: "")), asOf: "2024-09-10").details
        #expect(
            details.activity(for: 1)
                == UserActivity(views: 5, subscriptions: 2, unsubscriptions: 0, lastVisit: try day("2024-09-10")))
        #expect(details.activity(for: 3) == UserActivity(unsubscriptions: 1))
        #expect(details.activity(for: 99) == UserActivity())
        #expect(details.activityByUser[4]?.lastVisit == nil)
    }

    @Test func topVisitorTiesGoToTheSmallerId() throws {
        let entries = [
            StatisticsEntry(userId: 9, type: "view", dates: [1_112_026]),
            StatisticsEntry(userId: 7, type: "view", dates: [1_112_026, 2_112_026]),
            StatisticsEntry(userId: 5, type: "view", dates: [1_112_026, 2_112_026]),
            StatisticsEntry(userId: 4, type: "view", dates: [1_112_026, 2_112_026, 3_112_026]),
            StatisticsEntry(userId: 3, type: "view", dates: [3_112_026]),
            StatisticsEntry(userId: 3, type: "view", dates: [4_112_026]),
        ]
        let users = try compute(Snapshot(statistics: Cached(entries, fetchedAt: "")), asOf: "2026-11-20").report.users
        #expect(
            users.topVisitors == [
                TopVisitor(userId: 4, views: 3), TopVisitor(userId: 3, views: 2), TopVisitor(userId: 5, views: 2),
            ])
    }

    /// The top visitors are kept in one pass: the same three a full sort would give.
    @Test func topVisitorsAreTheFirstThreeOfAFullSort() throws {
        var random = SplitMix64(seed: 11)
        for _ in 0..<50 {
            var views: [Int: Int] = [:]
            let entries = (0..<random.below(80)).map { _ -> StatisticsEntry in
                let user = 1 + random.below(25), count = 1 + random.below(3)
                views[user, default: 0] += count
                return StatisticsEntry(userId: user, type: "view", dates: (0..<count).map { _ in (1 + random.below(20)) * 1_000_000 + 112_026 })
            }
            let expected = views.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
                .map { TopVisitor(userId: $0.key, views: $0.value) }
            let users = try compute(Snapshot(statistics: Cached(entries, fetchedAt: "")), asOf: "2026-11-20").report.users
            #expect(users.topVisitors == expected)
        }
    }

    @Test func usersWithoutViewsAreNeverTopVisitors() throws {
        let entries = [
            StatisticsEntry(userId: 1, type: "subscription", dates: [1_112_026]),
            StatisticsEntry(userId: 2, type: "view", dates: [1_112_026]),
            StatisticsEntry(userId: 3, type: "view", dates: [1_122_026]),  // after D
        ]
        let users = try compute(Snapshot(statistics: Cached(entries, fetchedAt: "")), asOf: "2026-11-20").report.users
        #expect(users.topVisitors == [TopVisitor(userId: 2, views: 1)])
    }
}

@Suite(.scratch) struct RepositoryAndEmptyTests {
    @Test func repositorySumsAndLanguages() throws {
        let repositories = [
            Repository(name: "a", language: "Swift", stargazersCount: 5),
            Repository(name: "b", language: "Swift", stargazersCount: 3, forksCount: 2),
            Repository(name: "c", language: "Go", forksCount: 1),
            Repository(name: "d", language: "C", stargazersCount: 1, forksCount: 1),
            Repository(name: "e"),
            // A fork counts in the sums but is someone else's code: its language is not counted.
            Repository(name: "f", language: "Ruby", stargazersCount: 2, forksCount: 3, fork: true),
        ]
        let summary = try compute(Snapshot(repositories: Cached(repositories, fetchedAt: "")), asOf: "2026-11-20")
            .report.repositories
        #expect(
            summary
                == RepositorySummary(
                    count: 6, stars: 11, forks: 7, sources: 5, forkRepositories: 1,
                    languages: [
                        LanguageCount(language: "Swift", count: 2), LanguageCount(language: "C", count: 1),
                        LanguageCount(language: "Go", count: 1),
                    ]))
        #expect(summary.languageBytes == nil)
    }

    @Test func missingCollectionsGiveZerosAndEmptyLists() throws {
        let result = try compute(Snapshot(), asOf: "2026-11-20")
        let report = result.report
        #expect(report.asOf == "2026-11-20")
        #expect(report.workouts.count == 0)
        #expect(report.workouts.weekly.count == 12)
        #expect(report.workouts.monthly.count == 12)
        #expect(report.workouts.byType.isEmpty)
        #expect(report.users.count == 0)
        #expect(report.users.sex.orderedKeys == ["M", "W"])
        #expect(report.users.ageBuckets.map(\.count) == Array(repeating: 0, count: 7))
        #expect(report.users.views.daily.count == 30)
        #expect(report.users.topVisitors.isEmpty)
        #expect(report.repositories == RepositorySummary(count: 0, stars: 0, forks: 0, sources: 0, forkRepositories: 0, languages: []))
        #expect(report.contributions == nil)
        #expect(result.details.contributionDays.isEmpty)
        #expect(result.details.ageBySex.count == 7)
        #expect(result.details.activityByUser.isEmpty)
    }
}

@Suite(.scratch) struct StatsJSONTests {
    private func report() throws -> StatsReport {
        let snapshot = Snapshot(
            workouts: workouts(on: ["2026-11-19", "2026-11-20"]),
            weights: [WeightRecord(date: "2026-10-20", kg: 73.2), WeightRecord(date: "2026-11-20", kg: 72.4)],
            repositories: Cached([Repository(name: "a", language: "Swift", stargazersCount: 2)], fetchedAt: ""),
            users: Cached(
                [DirectoryUser(id: 1, sex: "other", username: "u", isOnline: true, age: 30, files: nil)],
                fetchedAt: ""),
            statistics: Cached([StatisticsEntry(userId: 1, type: "view", dates: [20_112_026])], fetchedAt: ""))
        return try compute(snapshot, asOf: "2026-11-20").report
    }

    private func object(_ value: Any?) throws -> [String: Any] { try #require(value as? [String: Any]) }

    private func firstElement(_ value: Any?) throws -> [String: Any] {
        try object(try #require(value as? [Any]).first)
    }

    @Test func hasExactlyTheContractsKeys() throws {
        let text = try report().jsonString()
        let root = try object(try JSONSerialization.jsonObject(with: Data(text.utf8)))
        #expect(
            Set(root.keys) == [
                "asOf", "workouts", "weight", "steps", "nutrition", "users", "repositories", "contributions", "years", "bests",
                "eddington", "heartRateZones",
            ])
        // No calendar in the store (it needs a token): null, not left out.
        #expect(root["contributions"] is NSNull)
        // No track, no config, no birth date: no maximum heart rate, so no zones.
        #expect(root["heartRateZones"] is NSNull)
        let year = try firstElement(root["years"])
        #expect(Set(year.keys) == ["year", "count", "seconds", "distance", "elevationGain", "byType", "monthly"])
        #expect(Set(try firstElement(year["byType"]).keys) == ["type", "count", "seconds", "distance"])
        #expect(Set(try firstElement(year["monthly"]).keys) == ["month", "count", "seconds", "distance"])
        let bests = try object(root["bests"])
        #expect(Set(bests.keys) == ["running", "cycling"])
        let eddington = try object(root["eddington"])
        #expect(Set(eddington.keys) == ["running", "cycling"])
        #expect(Set(try object(eddington["running"]).keys) == ["km", "nextNeeds", "byYear"])

        let workouts = try object(root["workouts"])
        #expect(
            Set(workouts.keys) == [
                "count", "totalSeconds", "totalCalories", "totalDistance", "byType", "weekly", "monthly", "currentStreak",
                "longestStreak", "points", "level", "achievements", "paces", "speeds",
            ])
        // `elevationGain`: issue 37's lifetime climb per type, beyond DESIGN.md's four keys.
        #expect(Set(try firstElement(workouts["byType"]).keys) == ["type", "count", "seconds", "distance", "elevationGain"])
        #expect(Set(try firstElement(workouts["weekly"]).keys) == ["weekStart", "count", "seconds", "distance"])
        #expect(Set(try firstElement(workouts["monthly"]).keys) == ["month", "count", "seconds"])

        let weight = try object(root["weight"])
        #expect(Set(weight.keys) == ["latest", "change30", "change90", "bmi", "target", "toTarget"])
        #expect(weight["bmi"] is NSNull)

        let steps = try object(root["steps"])
        #expect(Set(steps.keys) == ["today", "average30", "goal", "daysAtGoal30", "daily"])
        #expect(steps["today"] is NSNull)
        #expect(steps["average30"] is NSNull)
        #expect(Set(try firstElement(steps["daily"]).keys) == ["date", "steps"])

        let nutrition = try object(root["nutrition"])
        #expect(Set(nutrition.keys) == ["today", "average7", "burned7", "basal7", "balance7", "macros7", "daily"])
        #expect(Set(try object(nutrition["today"]).keys) == ["kcal", "protein", "fat", "carbs"])
        #expect(Set(try object(nutrition["macros7"]).keys) == ["protein", "fat", "carbs"])
        #expect(nutrition["average7"] is NSNull)
        #expect(Set(try firstElement(nutrition["daily"]).keys) == ["date", "kcal", "burned", "basal"])
        #expect(weight["latest"] as? Double == 72.4)
        #expect(weight["change30"] as? Double == -0.8)
        #expect(weight["change90"] is NSNull)

        let users = try object(root["users"])
        #expect(
            Set(users.keys) == [
                "count", "online", "sex", "ageBuckets", "views", "topVisitors", "subscriptions", "unsubscriptions", "visitors", "viewers",
            ])
        #expect(try object(users["sex"]) as? [String: Int] == ["M": 0, "W": 0, "other": 1])
        #expect(Set(try firstElement(users["ageBuckets"]).keys) == ["bucket", "count"])
        let views = try object(users["views"])
        #expect(Set(views.keys) == ["daily", "weekly", "monthly"])
        #expect(Set(try firstElement(views["weekly"]).keys) == ["weekStart", "views", "unique"])
        #expect(Set(try firstElement(views["monthly"]).keys) == ["month", "views", "unique"])
        #expect(Set(try object(users["visitors"]).keys) == ["monthToDate", "previousMonthToDate", "change"])
        let viewers = try object(users["viewers"])
        #expect(Set(viewers.keys) == ["today", "week", "month", "all"])
        #expect(Set(try object(viewers["week"]).keys) == ["sex", "ageBuckets"])
        #expect(Set(try firstElement(views["daily"]).keys) == ["date", "views", "unique"])
        #expect(Set(try firstElement(users["topVisitors"]).keys) == ["userId", "views"])

        let repositories = try object(root["repositories"])
        #expect(Set(repositories.keys) == ["count", "stars", "forks", "sources", "forkRepositories", "languages", "languageBytes"])
        #expect(repositories["languageBytes"] is NSNull)
        #expect(Set(try firstElement(repositories["languages"]).keys) == ["language", "count"])
        #expect(repositories["stars"] as? Int == 2)
        #expect(root["asOf"] as? String == "2026-11-20")
    }

    @Test func keysComeInTheContractsOrder() throws {
        let text = try report().jsonString()
        #expect(text.hasSuffix("}\n"))
        func position(_ key: String) throws -> String.Index {
            try #require(text.range(of: "\"\(key)\"")).lowerBound
        }
        let order = [
            "asOf", "workouts", "totalSeconds", "totalCalories", "byType", "weekly", "monthly",
            "currentStreak", "longestStreak", "points", "level", "achievements", "weight", "latest",
            "change30", "change90", "bmi", "toTarget", "steps", "average30", "goal", "daysAtGoal30",
            "nutrition", "average7", "burned7", "balance7", "macros7", "users", "online", "sex", "ageBuckets", "topVisitors",
            "subscriptions", "unsubscriptions", "repositories", "stars", "forks", "languages",
        ]
        let positions = try order.map(position)
        #expect(positions == positions.sorted())
        #expect(try position("M") < position("W"))
        #expect(try position("W") < position("other"))
    }

    @Test func decodesBackToTheSameReport() throws {
        let original = try report()
        let decoded = try JSONDecoder().decode(StatsReport.self, from: Data(try original.jsonString().utf8))
        #expect(decoded == original)
    }

    @Test func escapesStrings() throws {
        var report = try report()
        report.workouts.byType = [TypeCount(type: "a\"b\\c\n\u{1}é/", count: 1, seconds: 0)]
        let text = try report.jsonString()
        #expect(text.contains(#""type": "a\"b\\c\n\u0001é/""#))
        let decoded = try JSONDecoder().decode(StatsReport.self, from: Data(text.utf8))
        #expect(decoded.workouts.byType.first?.type == "a\"b\\c\n\u{1}é/")
    }
}

@Suite(.scratch) struct DistanceStatsTests {
    private func run(_ start: String, _ type: String, seconds: Int, metres: Double?) -> Workout {
        Workout(id: UUID().uuidString, type: type, start: start + "T07:00:00+03:00", duration: seconds, distance: metres)
    }

    /// Hand-worked: D = 2026-11-20; the 90-day window starts 2026-08-23.
    @Test func totalsWeeklyDistanceAndPacesFollowTheContract() throws {
        let snapshot = Snapshot(workouts: [
            run("2026-11-20", "running", seconds: 1650, metres: 5000),  // 5:30 /km
            run("2026-11-18", "running", seconds: 3300, metres: 10000.4),  // D's week (it starts Monday the 16th)
            run("2026-06-01", "running", seconds: 600, metres: 1000),  // outside the pace window, inside the total
            run("2026-11-19", "walking", seconds: 500, metres: 800),  // under 1 km: no walking pace
            run("2026-11-17", "cycling", seconds: 3600, metres: 25000),  // 25.0 km/h
            run("2026-11-16", "cycling", seconds: 1800, metres: 10500),  // (35.5 km in 1.5 h) 23.7 km/h together
            run("2026-11-19", "yoga", seconds: 1800, metres: nil),  // no distance: adds 0
            run("2026-11-21", "running", seconds: 1800, metres: 6000),  // after D: ignored
        ])
        let w = try compute(snapshot, asOf: "2026-11-20").report.workouts
        #expect(w.totalDistance == 5000 + 10000 + 1000 + 800 + 25000 + 10500)
        #expect(w.byType.first { $0.type == "running" }?.distance == 16000)
        #expect(w.byType.first { $0.type == "yoga" }?.distance == 0)
        #expect(w.weekly.last?.distance == 5000 + 10000 + 800 + 25000 + 10500)
        #expect(w.weekly.dropLast().reduce(0) { $0 + $1.distance } == 0, "June is before the 12 weeks (from 2026-08-31)")
        // running over the window: 4950 s / 15.0004 km = 329.99 s → 330.
        #expect(w.paces == [Pace(type: "running", secondsPerKm: 330)])
        #expect(w.speeds == [Speed(type: "cycling", kmPerHour: 23.7)])
    }
}
