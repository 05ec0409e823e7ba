import Foundation
import Testing
@testable import UsergraphKit

@Suite struct DayTests {
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
}
