import Foundation
import UsergraphCore

/// A workout as typed on the command line, before any of it is trusted.
package struct WorkoutInput: Sendable {
    package var type: String
    package var duration: String
    package var start: String?
    package var calories: String?
    package var exercises: String?
    package var notes: String?
    /// `10.2km`, `5mi`, `800m`.
    package var distance: String?
    package var name: String?

    package init(
        type: String, duration: String, start: String? = nil, calories: String? = nil,
        exercises: String? = nil, notes: String? = nil, distance: String? = nil, name: String? = nil
    ) {
        self.type = type; self.duration = duration; self.start = start
        self.calories = calories; self.exercises = exercises; self.notes = notes
        self.distance = distance; self.name = name
    }
}

/// What a recorded workout may hold. Pure: the caller passes the clock and the zone.
package enum WorkoutRules {
    package static let calories = 0...5000
    package static let exercises = 0...200
    static let typeLength = 1...32
    static let notesLength = 1000
    static let nameLength = 200
    /// Metres: from a lap of a track to a long ride.
    static let distance = 1.0...1_000_000
    /// Older than this is a typo in the year.
    static let earliestYear = 1990

    /// The workout to record, or every problem with the input at once (exit 64).
    package static func validate(_ input: WorkoutInput, id: String, now: Date, zone: TimeZone) throws -> Workout {
        var problems = InputProblems()
        let type = check(type: input.type, problems: &problems)

        var duration: Int?
        if let seconds = DurationText.seconds(input.duration) {
            if let why = DurationText.implausibility(seconds) {
                problems.add(option: "--duration", Message("errors.workout.implausibleDuration", ["value": input.duration], nested: ["reason": why]))
            } else {
                duration = seconds
            }
        } else {
            problems.add(option: "--duration", Message("errors.workout.duration", ["value": input.duration]))
        }

        var start: TimeText.Parsed?
        if let text = input.start {
            if let parsed = TimeText.parse(text, zone: zone, now: now) {
                if let why = implausibility(start: parsed.date, now: now, zone: zone) {
                    problems.add(option: "--start", Message("errors.workout.implausibleStart", ["value": text], nested: ["reason": why]))
                } else {
                    start = parsed
                }
            } else {
                problems.add(option: "--start", Message("errors.workout.start", ["value": text]))
            }
        }

        let calories = number(input.calories, option: "--calories", range: Self.calories, problems: &problems) { value, range in
            Message("errors.workout.calories", nested: ["value": .number(value), "min": .number(range.lowerBound), "max": .number(range.upperBound)])
        }
        let exercises = number(input.exercises, option: "--exercises", range: Self.exercises, problems: &problems) { value, range in
            Message("errors.workout.exercises", nested: ["value": .number(value), "min": .number(range.lowerBound), "max": .number(range.upperBound)])
        }
        let notes = check(notes: input.notes, problems: &problems)
        let distance = input.distance.flatMap { check(distance: $0, problems: &problems) }
        let name = check(name: input.name, problems: &problems)
        try problems.check()

        guard let type, let duration else { throw UsergraphError(verbatim: "internal: workout input passed checks without values") }
        // Logged after the fact, a workout without --start ended just now.
        let when = start ?? TimeText.Parsed(date: now.addingTimeInterval(-Double(duration)), zone: zone)
        var workout = Workout(
            id: id, type: type, start: when.stored, duration: duration, calories: calories,
            exercises: exercises, notes: notes, distance: distance)
        workout.name = name
        return workout
    }

    /// Metres from `10.2km`, `10,2 km`, `5mi`, `800m` (a number and its unit), to 0.1 m.
    static func check(distance raw: String, problems: inout InputProblems) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, metres: Double)] = [("km", 1000), ("mi", 1609.344), ("m", 1)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }),
            case .success(let amount) = DecimalText.parse(
                String(text.dropLast(unit.suffix.count)).trimmingCharacters(in: .whitespaces), places: 3,
                range: 0...Double.greatestFiniteMagnitude)
        else {
            problems.add(option: "--distance", Message("errors.workout.distance", ["value": raw]))
            return nil
        }
        let metres = (amount * unit.metres * 10).rounded() / 10
        guard Self.distance.contains(metres) else {
            problems.add(option: "--distance", Message("errors.workout.distanceRange", ["value": raw]))
            return nil
        }
        return metres
    }

    /// A title on one line: trimmed, no control characters, at most `nameLength` characters.
    static func check(name raw: String?, problems: inout InputProblems) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.count > nameLength {
            problems.add(option: "--name", InputLimits.tooLong(name.count, limit: nameLength))
            return nil
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.add(option: "--name", Message("errors.workout.nameControl"))
            return nil
        }
        return name.isEmpty ? nil : name
    }

    /// The type as the store keeps it: trimmed and lower-cased, so `Running` and `running`
    /// count as one in the statistics.
    package static func normalized(type raw: String) -> String? {
        let type = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard typeLength.contains(type.count),
            type.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0) })
        else { return nil }
        return type
    }

    static func check(type raw: String, problems: inout InputProblems) -> String? {
        guard let type = normalized(type: raw) else {
            problems.add(option: "--type", Message("errors.workout.type", ["value": raw]))
            return nil
        }
        return type
    }

    /// Free text kept as typed, minus surrounding space; empty means none.
    static func check(notes raw: String?, problems: inout InputProblems) -> String? {
        guard let raw else { return nil }
        let notes = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if notes.count > notesLength {
            problems.add(option: "--notes", InputLimits.tooLong(notes.count, limit: notesLength))
            return nil
        }
        if notes.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            problems.add(option: "--notes", Message("errors.workout.notesControl"))
            return nil
        }
        return notes.isEmpty ? nil : notes
    }

    static func implausibility(start: Date, now: Date, zone: TimeZone) -> Message? {
        // A minute of grace for clocks that disagree a little.
        if start > now.addingTimeInterval(60) { return Message("errors.workout.future") }
        if Day(start, in: zone).year < earliestYear { return Message("errors.workout.tooOld", ["year": String(earliestYear)]) }
        return nil
    }

    static func number(
        _ raw: String?, option: String, range: ClosedRange<Int>, problems: inout InputProblems,
        outOfRange: (Int, ClosedRange<Int>) -> Message
    ) -> Int? {
        guard let raw else { return nil }
        guard let value = Int(raw.trimmingCharacters(in: .whitespaces)) else {
            problems.add(option: option, Message("errors.input.wholeNumber", ["value": raw]))
            return nil
        }
        guard range.contains(value) else {
            problems.add(option: option, outOfRange(value, range))
            return nil
        }
        return value
    }
}
