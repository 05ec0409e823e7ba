import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Expected values are worked out by hand from DESIGN.md "History", `eddington`.

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

/// `(YYYY-MM-DD, metres)` pairs as the days of one sport's workouts.
private func days(_ pairs: [(String, Double)]) throws -> [(day: Day, metres: Double)] {
    try pairs.map { (try day($0.0), $0.1) }
}

@Suite(.scratch) struct EddingtonTests {
    @Test func aDayWithTwoRunsCountsAsOneDay() throws {
        // June 1st: 1.5 + 1.6 = 3.1 km; June 2nd: 3 km; June 3rd: 3.5 km; June 4th: 1 km. Three
        // days of at least 3 km, not four of 4: E = 3; no day has 4 km, so 4 are needed for 4.
        // Counted run by run (1.5, 1.6, 3, 3.5, 1) it would be 2.
        let eddington = Eddington(
            days: try days([("2025-06-01", 1500), ("2025-06-02", 3000), ("2025-06-01", 1600), ("2025-06-03", 3500), ("2025-06-04", 1000)]),
            unit: .kilometre)
        #expect(eddington.number == 3)
        #expect(eddington.nextNeeds == 4)
    }

    @Test func EPlusOneReachedExactly() throws {
        // Four days of exactly 4,000 m: each at least 4 km (≥), so E = 4; no day has 5 km: 5 needed.
        let exact = Eddington(
            days: try days([("2025-06-01", 4000), ("2025-06-02", 4000), ("2025-06-03", 4000), ("2025-06-04", 4000)]), unit: .kilometre)
        #expect(exact.number == 4 && exact.nextNeeds == 5)
        // One of them 3,999.9 m, which is not 4 km unrounded: E = 3, and three days already have
        // 4 km, so one more is needed for 4.
        let short = Eddington(
            days: try days([("2025-06-01", 4000), ("2025-06-02", 3999.9), ("2025-06-03", 4000), ("2025-06-04", 4000)]), unit: .kilometre)
        #expect(short.number == 3 && short.nextNeeds == 1)
    }

    @Test func milesWithUnitsImperial() throws {
        // Six days of 8,046.72 m, exactly 5 miles each: E = 5 miles, no day has 6 miles (6
        // needed). In kilometres the same days are 8.05 km: six days of at least 6 km, E = 6,
        // and 7 km on one more day of seven makes 7 (six already have 7 km).
        let sixDays = try days((1...6).map { ("2025-06-0\($0)", 8046.72) })
        let miles = Eddington(days: sixDays, unit: .mile)
        #expect(miles.number == 5 && miles.nextNeeds == 6)
        let kilometres = Eddington(days: sixDays, unit: .kilometre)
        #expect(kilometres.number == 6 && kilometres.nextNeeds == 1)
    }

    @Test func aYearWithNoWorkoutBetweenTwoWithWorkouts() throws {
        // 2023: 5 km and 2 km: E = 2 at its end. 2024: nothing, E stays 2. 2025: 3 km twice:
        // days of 5, 2, 3, 3 km, three of at least 3 km: E = 3. 2022 is before any day: 0.
        let eddington = Eddington(
            days: try days([("2023-06-01", 5000), ("2023-12-31", 2000), ("2025-01-01", 3000), ("2025-03-01", 3000)]),
            unit: .kilometre, years: [2022, 2023, 2024, 2025])
        #expect(
            eddington.byYear == [
                EddingtonYear(year: 2022, number: 0), EddingtonYear(year: 2023, number: 2), EddingtonYear(year: 2024, number: 2),
                EddingtonYear(year: 2025, number: 3),
            ])
        // For 4: the 5 km day has it already, 3 more needed.
        #expect(eddington.number == 3 && eddington.nextNeeds == 3)
    }

    @Test func aLeapDayIsADayOfItsOwnInItsYear() throws {
        // December 31st 2023: 2 km; February 29th 2024: 2.5 km; March 1st 2024: 2 km. By the end of
        // 2023 one day of at least 1 km: E = 1. By the end of 2024 three days of at least 2 km:
        // E = 2, and none has 3 km: 3 needed. (Folded into March 1st, the leap day would make
        // days of 2 and 4.5 km: E = 2 still, but 2 needed for 3.)
        let eddington = Eddington(
            days: try days([("2023-12-31", 2000), ("2024-02-29", 2500), ("2024-03-01", 2000)]), unit: .kilometre, years: [2023, 2024])
        #expect(eddington.byYear.map(\.number) == [1, 2])
        #expect(eddington.number == 2 && eddington.nextNeeds == 3)
    }

    @Test func noDistanceNoNumber() throws {
        let none = Eddington(days: [], unit: .kilometre, years: [2025])
        #expect(none == Eddington(number: 0, nextNeeds: 1, byYear: [EddingtonYear(year: 2025, number: 0)]))
        // Under 1 km a day, or no distance at all: E = 0, one day of 1 km makes 1.
        let short = Eddington(days: try days([("2025-06-01", 999.9), ("2025-06-02", 0)]), unit: .kilometre)
        #expect(short.number == 0 && short.nextNeeds == 1)
        let one = Eddington(days: try days([("2025-06-01", 1000)]), unit: .kilometre)
        #expect(one.number == 1 && one.nextNeeds == 2)
    }

    @Test func wholeUnitsAreDecidedByTheProductNotTheQuotient() {
        #expect(Eddington.wholeUnits(8046.72, unit: 1609.344) == 5)
        #expect(Eddington.wholeUnits(8046.71, unit: 1609.344) == 4)
        #expect(Eddington.wholeUnits(23_000, unit: 1000) == 23)
        #expect(Eddington.wholeUnits(22_999.999, unit: 1000) == 22)
        #expect(Eddington.wholeUnits(.nan, unit: 1000) == 0)
    }
}
