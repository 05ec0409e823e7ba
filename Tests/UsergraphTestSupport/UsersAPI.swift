import Foundation
import UsergraphCore
import UsergraphStats

/// A users directory and its visit statistics made up from a seed, in the APIs' shapes, with
/// the statistics a careful person would count from them by hand.
package struct GeneratedDirectory {
    package var users: [DirectoryUser] = []
    package var entries: [StatisticsEntry] = []
    /// Dates that are not real days, planted among the events.
    package var badDates: [Int] = []

    /// `users` users and `events` events over 2026 (some after the as-of day), the first
    /// `avatars` users with an image on `imageBase`.
    package static func make(users count: Int, events: Int, avatars: Int, imageBase: String) -> GeneratedDirectory {
        var random = SplitMix64(seed: 2026)
        var directory = GeneratedDirectory()
        for id in 1...count {
            var files: [UserFile]? = nil
            if id <= avatars { files = [UserFile(id: 10_000 + id, url: "\(imageBase)/img/\(id).png", type: "avatar")] } else if id % 3 == 0 { files = [] }
            let sex = id % 97 == 0 ? "X" : (random.below(2) == 0 ? "M" : "W")
            directory.users.append(
                DirectoryUser(
                    id: id, sex: sex, username: "user_\(id)", isOnline: random.below(5) == 0,
                    age: 15 + random.below(50), files: files))
        }
        directory.badDates = [31_022_026, 0, 32_012_026, 1_132_026, 123]
        var remaining = events - directory.badDates.count
        let types = ["view", "view", "view", "view", "view", "view", "view", "subscription", "unsubscription"]
        let start = Day(year: 2026, month: 1, day: 1)?.number ?? 0
        while remaining > 0 {
            let size = min(remaining, 1 + random.below(40))
            let dates = (0..<size).map { _ -> Int in
                let day = Day(number: start + random.below(345))  // to 2026-12-11: some after the as-of day
                let (y, m, d) = day.components
                return d * 1_000_000 + m * 10_000 + y
            }
            directory.entries.append(StatisticsEntry(userId: 1 + random.below(count), type: types[random.below(types.count)], dates: dates))
            remaining -= size
        }
        directory.entries.append(StatisticsEntry(userId: 1, type: "view", dates: directory.badDates))
        return directory
    }

    package var usersJSON: Data { (try? JSONEncoder().encode(UsersResponse(users: users))) ?? Data() }
    package var statisticsJSON: Data { (try? JSONEncoder().encode(StatisticsResponse(statistics: entries))) ?? Data() }
    package var eventCount: Int { entries.reduce(0) { $0 + $1.dates.count } }

    /// Parsed by hand: left-pad to 8 digits, then day, month, year.
    package static func day(_ value: Int) -> Day? {
        let text = String(repeating: "0", count: max(0, 8 - String(value).count)) + String(value)
        guard text.count == 8, let d = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)), let y = Int(text.suffix(4)),
            y >= 1900, (1...12).contains(m), d >= 1
        else { return nil }
        let lengths = [31, y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard d <= lengths[m - 1] else { return nil }
        return Day(year: y, month: m, day: d)
    }

    /// Every event whose date is a real day: (user, type, day), parsed once.
    package var events: [(userId: Int, type: String, day: Day)] {
        entries.flatMap { entry in entry.dates.compactMap { value in GeneratedDirectory.day(value).map { (entry.userId, entry.type, $0) } } }
    }

    /// Views per day for the 30 days ending on `asOf`, with distinct visitors.
    package static func daily(_ events: [(userId: Int, type: String, day: Day)], asOf: Day) -> [DailyViews] {
        var views: [Day: Int] = [:]
        var visitors: [Day: Set<Int>] = [:]
        for event in events where event.type == "view" {
            views[event.day, default: 0] += 1
            visitors[event.day, default: []].insert(event.userId)
        }
        return (0..<30).reversed().map { back in
            let day = Day(number: asOf.number - back)
            return DailyViews(date: day.iso, views: views[day] ?? 0, unique: visitors[day]?.count ?? 0)
        }
    }

    package static func count(_ events: [(userId: Int, type: String, day: Day)], _ type: String, inMonthOf asOf: Day) -> Int {
        events.filter { $0.type == type && $0.day <= asOf && $0.day.year == asOf.year && $0.day.month == asOf.month }.count
    }

    package static func topVisitors(_ events: [(userId: Int, type: String, day: Day)], asOf: Day) -> [TopVisitor] {
        var views: [Int: Int] = [:]
        for event in events where event.type == "view" && event.day <= asOf { views[event.userId, default: 0] += 1 }
        return views.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(3).map { TopVisitor(userId: $0.key, views: $0.value) }
    }
}
