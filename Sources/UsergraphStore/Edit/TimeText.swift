import Foundation
import UsergraphCore

/// Instants as people type them on the command line, read in the site's time zone.
enum TimeText {
    /// An instant and the zone to write it in: the offset the text gave, else the site's zone.
    struct Parsed: Sendable {
        package var date: Date
        package var zone: TimeZone
        /// How the store writes it: ISO-8601 with that offset.
        package var stored: String { Timestamp.format(date, in: zone) }
    }

    /// Accepts ISO-8601 with an offset (`2026-11-20T07:30:00+03:00`), a local date and time
    /// (`2026-11-20 07:30`, `2026-11-20T07:30:15`), or a time today (`07:30`).
    static func parse(_ raw: String, zone: TimeZone, now: Date) -> Parsed? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if let date = Timestamp.parse(text), let offset = offsetSeconds(text) {
            return Parsed(date: date, zone: TimeZone(secondsFromGMT: offset) ?? zone)
        }
        let day: Day, clock: Substring
        if text.count == 5 || text.count == 8 {
            day = Day(now, in: zone)
            clock = Substring(text)
        } else if text.count == 16 || text.count == 19, let d = Day(iso: text.prefix(10)),
            [" ", "T", "t"].contains(text[text.index(text.startIndex, offsetBy: 10)])
        {
            day = d
            clock = text.dropFirst(11)
        } else {
            return nil
        }
        guard let seconds = secondsOfDay(clock) else { return nil }
        return Parsed(date: instant(day: day, secondsOfDay: seconds, zone: zone), zone: zone)
    }

    /// `HH:MM` or `HH:MM:SS`.
    static func secondsOfDay(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) : 0
        guard let s, s < 60 else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// The instant a wall-clock time names in a zone. In the hour a DST change skips or
    /// repeats, this picks the offset in force just after it.
    static func instant(day: Day, secondsOfDay: Int, zone: TimeZone) -> Date {
        let local = Double(day.number * 86_400 + secondsOfDay)
        let guess = Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
        return Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: guess)))
    }

    /// The offset written at the end of an ISO-8601 instant (`Z`, `+03:00`).
    static func offsetSeconds(_ text: String) -> Int? {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return 0 }
        let tail = Array(text.suffix(6))
        guard tail.count == 6, tail[0] == "+" || tail[0] == "-", tail[3] == ":",
            let h = Int(String(tail[1...2])), let m = Int(String(tail[4...5]))
        else { return nil }
        return (h * 3600 + m * 60) * (tail[0] == "-" ? -1 : 1)
    }
}
