import Foundation
import Testing
@testable import UsergraphCore
import UsergraphTestSupport

@Suite(.scratch) struct DayTests {
    @Test func roundTripsThroughDayNumber() {
        #expect(Day(iso: "1970-01-01")?.number == 0)
        #expect(Day(iso: "2026-11-20")?.iso == "2026-11-20")
        #expect(Day(iso: "2024-02-29") != nil)
        #expect(Day(iso: "2023-02-29") == nil)
        #expect(Day(iso: "2026-13-01") == nil)
    }

    @Test func weeksStartOnMonday() throws {
        let friday = try #require(Day(iso: "2026-11-20"))
        #expect(friday.weekdayFromMonday == 4)
        #expect(friday.weekStart.iso == "2026-11-16")
    }

    @Test func instantsFallOnTheLocalDay() throws {
        let moscow = try #require(TimeZone(identifier: "Europe/Moscow"))
        let late = try #require(Timestamp.parse("2026-11-19T20:30:00Z"))
        #expect(Day(late, in: moscow).iso == "2026-11-19")
        let next = try #require(Timestamp.parse("2026-11-19T21:30:00Z"))
        #expect(Day(next, in: moscow).iso == "2026-11-20")
    }

    @Test func parsesApiEventDates() {
        #expect(EventDate.parse(10_092_024)?.iso == "2024-09-10")
        #expect(EventDate.parse(1_092_024)?.iso == "2024-09-01")
        #expect(EventDate.parse(31_022_024) == nil)
        #expect(EventDate.parse(0) == nil)
    }

    @Test func instantsUseTheOffsetInForceThenAcrossDaylightSaving() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // After the spring change (+02:00): 22:30Z is already Monday.
        let spring = try #require(Timestamp.parse("2026-03-29T22:30:00Z"))
        #expect(Day(spring, in: berlin).iso == "2026-03-30")
        // After the autumn change (+01:00): 22:30Z is still Sunday.
        let autumn = try #require(Timestamp.parse("2026-10-25T22:30:00Z"))
        #expect(Day(autumn, in: berlin).iso == "2026-10-25")
    }

    @Test func negativeOffsetsMoveTheInstantForward() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let evening = try #require(Timestamp.parse("2026-11-19T22:30:00.250-05:00"))
        #expect(Day(evening, in: utc).iso == "2026-11-20")
        #expect(Day(evening, in: newYork).iso == "2026-11-19")
    }

    @Test func weeksBeforeTheEpochStillStartOnMonday() throws {
        let wednesday = try #require(Day(iso: "1969-12-31"))
        #expect(wednesday.number == -1)
        #expect(wednesday.weekdayFromMonday == 2)
        #expect(wednesday.weekStart.iso == "1969-12-29")
    }

    @Test func monthsStepAcrossYears() {
        let january = Month(year: 2026, month: 1)
        #expect(january.adding(months: -1).iso == "2025-12")
        #expect(january.adding(months: -12).iso == "2025-01")
        #expect(january.adding(months: 11).iso == "2026-12")
        #expect(Month(year: 2025, month: 12) < january)
    }

    @Test func rejectsEventDatesThatAreNotDays() {
        #expect(EventDate.parse(29_022_024)?.iso == "2024-02-29")
        #expect(EventDate.parse(29_022_023) == nil)
        #expect(EventDate.parse(1_132_024) == nil)  // month 13
        #expect(EventDate.parse(100_092_024) == nil)  // 9 digits
        #expect(EventDate.parse(1_011_899) == nil)  // year before 1900
        #expect(EventDate.parse(-10_092_024) == nil)
    }
}
