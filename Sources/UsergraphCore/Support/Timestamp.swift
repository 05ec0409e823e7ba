import Foundation

/// ISO-8601 instants as the store and the GitHub API write them:
/// `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`.
///
/// Hand-parsed because it runs once per workout and per repository on every build, and a
/// formatter would bring locale state we do not want.
package enum Timestamp {
    package static func parse(_ text: String) -> Date? {
        let u = Array(text.utf8)
        guard u.count >= 20, u[4] == 45, u[7] == 45, u[10] == 84 || u[10] == 116 || u[10] == 32,
            u[13] == 58, u[16] == 58,
            let day = Day(iso: text.prefix(10)),
            let hh = number(u, 11, 2), let mm = number(u, 14, 2), let ss = number(u, 17, 2),
            hh < 24, mm < 60, ss < 61
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < u.count, u[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < u.count, u[i] >= 48, u[i] <= 57 {
                fraction += Double(u[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < u.count else { return nil }
        var offset = 0
        if u[i] == 90 || u[i] == 122 {
            guard i + 1 == u.count else { return nil }
        } else if u[i] == 43 || u[i] == 45 {
            guard u.count == i + 6, u[i + 3] == 58, let oh = number(u, i + 1, 2), let om = number(u, i + 4, 2),
                oh <= 18, om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (u[i] == 45 ? -1 : 1)
        } else {
            return nil
        }
        let seconds = day.number * 86_400 + hh * 3600 + mm * 60 + ss - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` in the given zone (`Z` for UTC), whole seconds.
    package static func format(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let day = Day(number: Int((Double(local) / 86_400).rounded(.down)))
        let secondOfDay = local - day.number * 86_400
        var text =
            day.iso + "T" + Day.pad(secondOfDay / 3600, 2) + ":" + Day.pad(secondOfDay / 60 % 60, 2)
            + ":" + Day.pad(secondOfDay % 60, 2)
        if offset == 0 {
            text += "Z"
        } else {
            let a = abs(offset)
            text += (offset < 0 ? "-" : "+") + Day.pad(a / 3600, 2) + ":" + Day.pad(a / 60 % 60, 2)
        }
        return text
    }

    private static func number(_ u: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at + count <= u.count else { return nil }
        var v = 0
        for b in u[at..<at + count] {
            guard b >= 48, b <= 57 else { return nil }
            v = v * 10 + Int(b - 48)
        }
        return v
    }
}
