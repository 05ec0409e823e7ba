import UsergraphCore

/// Workout durations as people type them: `45m`, `1h20m`, `90s`, `1h5m30s`.
package enum DurationText {
    /// A workout shorter than a minute or longer than a day is a typo, not a workout.
    static let plausible = 60...86_400

    /// Whole seconds, or nil when the text is not hours, minutes and seconds in that order.
    package static func seconds(_ text: String) -> Int? {
        let units: [(Character, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
        var rest = Substring(text.lowercased().filter { $0 != " " })
        guard !rest.isEmpty else { return nil }
        var total = 0
        var next = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let unit = rest.first,
                let index = units[next...].firstIndex(where: { $0.0 == unit })
            else { return nil }
            total += value * units[index].1
            next = index + 1
            rest = rest.dropFirst()
        }
        return total
    }

    /// The same notation back: `1h20m`, `45m`, `1m30s`, `0s`.
    package static func format(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        var text = ""
        if h > 0 { text += "\(h)h" }
        if m > 0 { text += "\(m)m" }
        if s > 0 || text.isEmpty { text += "\(s)s" }
        return text
    }

    /// `H:MM:SS`, for a running clock.
    package static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        return "\(s / 3600):" + Day.pad(s / 60 % 60, 2) + ":" + Day.pad(s % 60, 2)
    }

    /// Why `seconds` is not a plausible workout, or nil when it is.
    static func implausibility(_ seconds: Int) -> Message? {
        if seconds < plausible.lowerBound { return Message("errors.workout.short") }
        if seconds > plausible.upperBound { return Message("errors.workout.long") }
        return nil
    }
}
