import Foundation

/// A calendar day with no time and no zone: the unit of every statistic.
///
/// Arithmetic goes through a day number (days since 1970-01-01) computed with
/// Howard Hinnant's civil-calendar algorithms, so no `Calendar` is needed on hot paths
/// and the result never depends on the machine's locale or zone.
package struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    package let number: Int

    package init(number: Int) { self.number = number }

    package init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        self.number = era * 146_097 + doe - 719_468
    }

    /// Parses `YYYY-MM-DD`; anything else, or a date that does not exist, is nil.
    package init?(iso text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
            let y = Day.digits(u[0..<4]), let m = Day.digits(u[5..<7]), let d = Day.digits(u[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day an instant falls on in a time zone (DST-aware: the offset is the one in force then).
    package init(_ instant: Date, in zone: TimeZone) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        self.number = Int((Double(seconds) / 86_400).rounded(.down))
    }

    package var components: (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    package var year: Int { components.year }
    package var month: Int { components.month }

    /// 0 for Monday … 6 for Sunday.
    var weekdayFromMonday: Int { ((number % 7) + 7 + 3) % 7 }

    /// The Monday of this day's week.
    package var weekStart: Day { Day(number: number - weekdayFromMonday) }

    package func adding(days: Int) -> Day { Day(number: number + days) }

    /// The first moment of the day in `zone`.
    package func start(in zone: TimeZone) -> Date {
        let midnightUTC = Date(timeIntervalSince1970: Double(number) * 86_400)
        // The zone's offset at that moment, then again at the corrected one (a change of offset
        // near midnight moves it).
        let guess = midnightUTC.addingTimeInterval(-Double(zone.secondsFromGMT(for: midnightUTC)))
        return midnightUTC.addingTimeInterval(-Double(zone.secondsFromGMT(for: guess)))
    }

    /// `YYYY-MM-DD`.
    package var iso: String {
        let c = components
        return Day.pad(c.year, 4) + "-" + Day.pad(c.month, 2) + "-" + Day.pad(c.day, 2)
    }

    package var description: String { iso }

    package static func < (a: Day, b: Day) -> Bool { a.number < b.number }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    package static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        return value
    }
}

/// A calendar month, for monthly series.
package struct Month: Hashable, Comparable, Sendable {
    package let year: Int
    package let month: Int

    package init(year: Int, month: Int) { self.year = year; self.month = month }
    package init(_ day: Day) { let c = day.components; self.init(year: c.year, month: c.month) }

    package var index: Int { year * 12 + (month - 1) }
    package init(index: Int) { self.init(year: index / 12, month: index % 12 + 1) }
    package func adding(months: Int) -> Month { Month(index: index + months) }
    package var iso: String { Day.pad(year, 4) + "-" + Day.pad(month, 2) }
    package static func < (a: Month, b: Month) -> Bool { a.index < b.index }
}
