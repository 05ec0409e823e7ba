import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

/// The contribution calendar counted on the as-of day: streaks, the year's total, the busiest
/// day, and the time zone entering only through the as-of day.
@Suite struct ContributionStatsTests {
    /// A calendar with one count per listed day, in GitHub's weeks (the grouping does not matter).
    static func calendar(_ counts: [String: Int]) -> ContributionCalendar {
        let days = counts.keys.sorted().map { ContributionDay(date: $0, contributionCount: counts[$0] ?? 0, color: "#40c463") }
        return ContributionCalendar(totalContributions: counts.values.reduce(0, +), weeks: [ContributionCalendar.Week(contributionDays: days)])
    }

    static func summary(_ counts: [String: Int], asOf: String) throws -> ContributionSummary {
        let day = try #require(Day(iso: asOf))
        let result = Statistics.compute(Snapshot(contributions: Cached(calendar(counts), fetchedAt: "")), asOf: day, timeZone: .current)
        return try #require(result.report.contributions)
    }

    static func run(_ first: String, _ last: String, count: Int = 2) -> [String: Int] {
        guard let a = Day(iso: first), let b = Day(iso: last) else { return [:] }
        return Dictionary(uniqueKeysWithValues: (a.number...b.number).map { (Day(number: $0).iso, count) })
    }

    @Test func aStreakIsAliveOnDOrTheDayBeforeAndBrokenTwoDaysLater() throws {
        let days = Self.run("2026-11-10", "2026-11-20")
        #expect(try Self.summary(days, asOf: "2026-11-20").currentStreak == 11)
        // D has nothing yet: the streak still stands on D−1's contributions.
        #expect(try Self.summary(days, asOf: "2026-11-21").currentStreak == 11)
        // D−1 had nothing either: broken.
        #expect(try Self.summary(days, asOf: "2026-11-22").currentStreak == 0)
        #expect(try Self.summary(days, asOf: "2026-11-22").longestStreak == 11)
    }

    @Test func theSameInstantCountsOnTheSiteZonesDayEastAndWestOfUTC() throws {
        // Contributions through November 21. At 20:00 UTC on November 22 it is already the 23rd
        // in Auckland (UTC+13): the 22nd had none, so the streak is broken there. In Los Angeles
        // (UTC−8) it is still the 22nd, and the streak stands on the 21st.
        let days = Self.run("2026-11-15", "2026-11-21")
        let instant = try #require(Timestamp.parse("2026-11-22T20:00:00Z"))
        for (zone, day, streak) in [("Pacific/Auckland", "2026-11-23", 0), ("America/Los_Angeles", "2026-11-22", 7), ("UTC", "2026-11-22", 7)] {
            let timeZone = try #require(TimeZone(identifier: zone))
            let config = SiteConfig(root: "/", timeZone: timeZone)
            let asOf = config.asOfDay(now: instant)
            #expect(asOf.iso == day, "\(zone)")
            #expect(try Self.summary(days, asOf: asOf.iso).currentStreak == streak, "\(zone)")
        }
        // Early morning in Auckland (still the 22nd in UTC): the streak is alive there on D−1.
        let morning = try #require(Timestamp.parse("2026-11-21T12:30:00Z"))
        let aucklandZone = try #require(TimeZone(identifier: "Pacific/Auckland"))
        let auckland = SiteConfig(root: "/", timeZone: aucklandZone)
        #expect(auckland.asOfDay(now: morning).iso == "2026-11-22")
        #expect(try Self.summary(days, asOf: "2026-11-22").currentStreak == 7)
    }

    @Test func aStreakRunsUnbrokenThroughADSTChangeAndAYearBoundary() throws {
        // Europe's clocks went back on 2025-10-26 (a 25-hour day) and the year turned: 78 days in a row.
        let days = Self.run("2025-10-20", "2026-01-05")
        let summary = try Self.summary(days, asOf: "2026-01-05")
        #expect(summary.currentStreak == 78)
        #expect(summary.longestStreak == 78)
        #expect(summary.lastYear == 156)
        // Seen from the far side of the year, with one day missing on 31 December.
        var gap = days
        gap["2025-12-31"] = 0
        let broken = try Self.summary(gap, asOf: "2026-01-05")
        #expect(broken.currentStreak == 5)
        #expect(broken.longestStreak == 72)
    }

    @Test func theYearIsThe365DaysEndingDAndLaterDaysDoNotCount() throws {
        var days = ["2025-11-20": 50, "2025-11-21": 4, "2026-06-01": 9, "2026-11-20": 3]
        days["2026-11-21"] = 100  // after D: not counted anywhere
        let summary = try Self.summary(days, asOf: "2026-11-20")
        #expect(summary.lastYear == 16)
        #expect(summary.busiestDay == DayCount(date: "2026-06-01", count: 9))
        #expect(summary.currentStreak == 1)
        #expect(summary.longestStreak == 2)
    }

    @Test func theBusiestDayTieGoesToTheEarlierDay() throws {
        let summary = try Self.summary(["2026-03-02": 7, "2026-01-05": 7, "2026-02-01": 3], asOf: "2026-11-20")
        #expect(summary.busiestDay == DayCount(date: "2026-01-05", count: 7))
    }

    @Test func heatmapDaysCover53MondayWeeksEndingD() throws {
        let day = try #require(Day(iso: "2026-11-20"))
        let result = Statistics.compute(
            Snapshot(contributions: Cached(Self.calendar(["2026-11-19": 5, "2024-01-01": 1]), fetchedAt: "")),
            asOf: day, timeZone: .current)
        let days = result.details.contributionDays
        #expect(days.first?.date == "2025-11-17")
        #expect(Day(iso: days.first?.date ?? "")?.weekdayFromMonday == 0)
        #expect(days.last?.date == "2026-11-20")
        #expect(days.count == 52 * 7 + 5)
        #expect(days.first { $0.date == "2026-11-19" }?.count == 5)
        #expect(days.reduce(0) { $0 + $1.count } == 5)
    }

    @Test func languageBytesSumTheSourcesAndKeepOnlyValidColours() throws {
        let sizes = [
            RepositoryLanguages(
                name: "a", isFork: false, sizes: [(GraphLanguage(name: "Swift", color: "#F05138"), 900), (GraphLanguage(name: "C", color: "red;x"), 100)]),
            RepositoryLanguages(name: "b", sizes: [(GraphLanguage(name: "C", color: "#555555"), 300), (GraphLanguage(name: "Shell"), 0)]),
            RepositoryLanguages(name: "fork", isFork: true, sizes: [(GraphLanguage(name: "Ruby", color: "#701516"), 5000)]),
        ]
        let day = try #require(Day(iso: "2026-11-20"))
        let report = Statistics.compute(Snapshot(languageSizes: Cached(sizes, fetchedAt: "")), asOf: day, timeZone: .current).report
        let summary = try #require(report.repositories.languageBytes)
        #expect(summary == [LanguageBytes(language: "Swift", bytes: 900, color: "#f05138"), LanguageBytes(language: "C", bytes: 400, color: "#555555")])
    }
}
