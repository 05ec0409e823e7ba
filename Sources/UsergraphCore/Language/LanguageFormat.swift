import Foundation

/// How a language writes numbers, dates and durations, and which plural form a count takes:
/// rules written out from the strings file (`language.*`, `dates.*`, `duration.*`), not taken
/// from the system's locale data, so the output is the same on every machine. A class, read-only,
/// shared by every value that formats (see `Strings`).
package final class LanguageFormat: Sendable {
    package let plural: PluralRule
    /// `.` in English, `,` in Russian.
    package let decimalSeparator: String
    /// Between groups of three digits: `,` in English, a no-break space in Russian.
    package let groupSeparator: String
    /// After a percentage: `%`, or a no-break space and `%`.
    package let percentSign: String
    /// A full date: `{month} {day}, {year}` → November 20, 2026.
    let datePattern: Placeholders.Pattern
    /// A month of a year: `{month} {year}` → November 2026.
    let monthYearPattern: Placeholders.Pattern
    /// A short date for chart axes: `{mon} {day}` → Nov 20.
    let shortDatePattern: Placeholders.Pattern
    /// Month names as they stand in a full date (genitive in Russian: ноября).
    package let months: [String]
    /// Month names on their own (nominative in Russian: ноябрь).
    let monthsStandalone: [String]
    /// Short month names in a date (`20 мая`).
    let monthsShort: [String]
    /// Short month names on their own (chart labels: `май`).
    let monthsShortStandalone: [String]
    /// Monday first.
    package let weekdaysShort: [String]
    /// `{h} h {m} min`.
    let hoursMinutesPattern: Placeholders.Pattern
    /// `{m} min`.
    let minutesPattern: Placeholders.Pattern

    /// The keys this reads, all required.
    package static let requirements: [Strings.Requirement] = [
        .init("language.plural"), .init("language.decimalSeparator"), .init("language.groupSeparator"),
        .init("language.percentSign"), .init("dates.date"), .init("dates.monthYear"), .init("dates.shortDate"),
        .init("dates.months", .list(count: 12)), .init("dates.monthsStandalone", .list(count: 12)),
        .init("dates.monthsShort", .list(count: 12)), .init("dates.monthsShortStandalone", .list(count: 12)),
        .init("dates.weekdaysShort", .list(count: 7)),
        .init("duration.hoursMinutes"), .init("duration.minutes"),
    ]

    init(entries: [String: Strings.Entry], file: String) throws {
        func text(_ key: String) throws -> String {
            guard case .text(let value) = entries[key] else { throw Self.problem(key, file: file, kind: .text) }
            return value
        }
        func list(_ key: String, _ count: Int) throws -> [String] {
            guard case .list(let items) = entries[key], items.count == count else { throw Self.problem(key, file: file, kind: .list(count: count)) }
            return items
        }
        let ruleName = try text("language.plural")
        guard let rule = PluralRule(rawValue: ruleName) else {
            throw UsergraphError(
                "errors.strings.pluralRule", ["file": file, "rules": PluralRule.allCases.map(\.rawValue).joined(separator: ", "), "rule": ruleName])
        }
        self.plural = rule
        decimalSeparator = try text("language.decimalSeparator")
        groupSeparator = try text("language.groupSeparator")
        percentSign = try text("language.percentSign")
        datePattern = .init(try text("dates.date"), names: Self.dateNames)
        monthYearPattern = .init(try text("dates.monthYear"), names: ["month", "mon", "year"])
        shortDatePattern = .init(try text("dates.shortDate"), names: Self.dateNames)
        months = try list("dates.months", 12)
        monthsStandalone = try list("dates.monthsStandalone", 12)
        monthsShort = try list("dates.monthsShort", 12)
        monthsShortStandalone = try list("dates.monthsShortStandalone", 12)
        weekdaysShort = try list("dates.weekdaysShort", 7)
        hoursMinutesPattern = .init(try text("duration.hoursMinutes"), names: ["h", "m"])
        minutesPattern = .init(try text("duration.minutes"), names: ["m"])
    }

    static func problem(_ key: String, file: String, kind: Strings.Kind) -> UsergraphError {
        if case .list(let count) = kind {
            return UsergraphError("errors.strings.notList", ["where": file, "key": key, "count": String(count)])
        }
        return UsergraphError("errors.strings.missingKey", ["file": file, "key": key])
    }

    // MARK: - Numbers

    /// 12,345 / 12 345.
    package func number(_ value: Int) -> String {
        group(String(value.magnitude).utf8, negative: value < 0)
    }

    /// 12,345.6 / 12 345,6 with exactly `places` digits after the mark; never "-0.0".
    package func number(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return number(0) }
        let places = max(0, places)
        let scale = pow(10.0, Double(places))
        let scaled = (value * scale).rounded()
        let magnitude = UInt64(min(scaled.magnitude, 9.0e15))
        // Digits are ASCII: cut as bytes, not as Characters (every number a page shows).
        var digits = Array(String(magnitude).utf8)
        if places > 0, digits.count <= places { digits = [UInt8](repeating: UInt8(ascii: "0"), count: places - digits.count + 1) + digits }
        let text = group(digits.dropLast(places), negative: scaled < 0 && magnitude != 0)
        return places > 0 ? text + decimalSeparator + String(decoding: digits.suffix(places), as: UTF8.self) : text
    }

    /// A change: +0.8 / −0.8 with one decimal; no sign when it rounds to zero.
    package func signed(_ value: Double, places: Int = 1) -> String {
        let text = number(value, places: places)
        let scale = pow(10.0, Double(max(0, places)))
        return (value * scale).rounded() > 0 ? "+" + text : text
    }

    private func group(_ digits: some Collection<UInt8>, negative: Bool) -> String {
        var out = negative ? "-" : ""
        let count = digits.count
        for (i, digit) in digits.enumerated() {
            if i > 0, (count - i) % 3 == 0 { out += groupSeparator }
            out.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return out
    }

    // MARK: - Dates

    /// November 20, 2026 / 20 ноября 2026 г.
    package func date(_ day: Day) -> String { fill(datePattern, with: day) }

    /// Nov 20 / 20 ноя.
    package func shortDate(_ day: Day) -> String { fill(shortDatePattern, with: day) }

    /// The places a date pattern may have: `{day}`, `{month}`, `{mon}`, `{year}`.
    private static let dateNames = ["day", "month", "mon", "year"]

    /// A date pattern filled in for one day.
    private func fill(_ pattern: Placeholders.Pattern, with day: Day) -> String {
        let c = day.components
        return pattern.fill { place in
            switch place {
            case 0: String(c.day)
            case 1: months[c.month - 1]
            case 2: monthsShort[c.month - 1]
            default: String(c.year)
            }
        }
    }

    /// November 2026 / ноябрь 2026.
    package func monthYear(_ month: Month) -> String {
        monthYearPattern.fill { place in
            switch place {
            case 0: monthsStandalone[month.month - 1]
            case 1: monthsShortStandalone[month.month - 1]
            default: String(month.year)
            }
        }
    }

    /// A month's short name on its own, 1 = January.
    package func monthShort(_ month: Int) -> String { monthsShortStandalone[((month - 1) % 12 + 12) % 12] }

    // MARK: - Durations

    /// 1 h 20 min / 1 ч 20 мин, or 45 min under an hour; whole minutes, rounded.
    package func duration(seconds: Int) -> String {
        let minutes = Format.minutes(seconds)
        if minutes >= 60 {
            return hoursMinutesPattern.fill { $0 == 0 ? number(minutes / 60) : String(minutes % 60) }
        }
        return minutesPattern.fill { _ in String(minutes) }
    }
}
