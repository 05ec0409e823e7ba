import UsergraphCore

/// E as it stood at the end of one year.
package struct EddingtonYear: Sendable, Equatable {
    package var year: Int
    /// E counting only the days up to the year's end.
    package var number: Int

    package init(year: Int, number: Int) { self.year = year; self.number = number }
}

/// The Eddington number of one sport (DESIGN.md "History", `eddington`): the largest E such
/// that at least E days each have a total distance of at least E units (kilometres, or miles
/// with `units: imperial`).
///
/// A day's total is the sum of its workouts' distances, compared unrounded: a day of 22.999 km
/// does not count for 23. The comparison is made in metres (`metres ≥ E × unit`) rather than in
/// units, so that a day of exactly 5 miles (8,046.72 m) counts for 5 even where the division
/// 8,046.72 / 1,609.344 would round a hair below 5.
package struct Eddington: Sendable, Equatable {
    /// E.
    package var number: Int
    /// Days of at least E + 1 units still missing for E + 1: E + 1 minus the days that already
    /// have that much, so at least 1.
    package var nextNeeds: Int
    /// E at the end of each year asked for, in the order asked.
    package var byYear: [EddingtonYear]

    package init(number: Int, nextNeeds: Int, byYear: [EddingtonYear] = []) {
        self.number = number; self.nextNeeds = nextNeeds; self.byYear = byYear
    }

    /// `days`: the day (in the time zone) and metres of each workout of the sport on or before
    /// the as-of day, in any order, several a day allowed; `years`: those of `years` in the
    /// history, for `byYear`.
    package init(days: [(day: Day, metres: Double)], unit: SplitUnit, years: [Int] = []) {
        var totals: [Int: Double] = [:]
        for (day, metres) in days where metres > 0 { totals[day.number, default: 0] += metres }
        let dayOrder = totals.sorted { $0.key < $1.key }
        let units = dayOrder.map { Self.wholeUnits($0.value, unit: unit.metres) }
        let (number, nextNeeds) = Self.number(units)
        let byYear = years.map { year in
            // The first day of the next year: every day before it is up to the year's end.
            let end = Day(year: year + 1, month: 1, day: 1)?.number ?? Int.max
            let upTo = dayOrder.partitioningIndex { $0.key >= end }
            return EddingtonYear(year: year, number: Self.number(units[..<upTo]).number)
        }
        self.init(number: number, nextNeeds: nextNeeds, byYear: byYear)
    }

    /// The whole units a day's total reaches: the largest n with `metres ≥ n × unit`.
    static func wholeUnits(_ metres: Double, unit: Double) -> Int {
        guard metres.isFinite, metres > 0 else { return 0 }
        var n = Int((metres / unit).rounded(.down))
        // The quotient may round across a whole number either way; the product decides.
        if Double(n + 1) * unit <= metres { n += 1 }
        if n > 0, Double(n) * unit > metres { n -= 1 }
        return n
    }

    /// E and the days missing for E + 1 from each day's whole units (an h-index): with counts
    /// per value, capped at the number of days since E can be no more, in O(days).
    static func number(_ units: some Collection<Int>) -> (number: Int, nextNeeds: Int) {
        let days = units.count
        var counts = [Int](repeating: 0, count: days + 2)
        for value in units { counts[min(value, days + 1)] += 1 }
        // atLeast: days with at least `candidate` units, counted down from the top.
        var atLeast = counts[days + 1]
        var candidate = days
        while candidate > 0 {
            let above = atLeast
            atLeast += counts[candidate]
            if atLeast >= candidate { return (candidate, candidate + 1 - above) }
            candidate -= 1
        }
        // No day reaches one unit.
        return (0, 1)
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, which holds for a suffix of the
    /// array (binary search); `endIndex` when none does.
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
