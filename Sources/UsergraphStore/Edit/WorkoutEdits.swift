import Foundation
import UsergraphCore

extension StoreEditor {
    // MARK: workouts.json

    /// Records a checked workout. The same type at the same instant is refused: it is the
    /// same command run twice, not a second workout.
    package func addWorkout(_ workout: Workout) throws {
        var workouts = try OwnerRecords.workouts(layout)
        if let twin = workouts.first(where: {
            $0.id == workout.id
                || ($0.type == workout.type && $0.startDate != nil && $0.startDate == workout.startDate)
        }) {
            throw UsergraphError("errors.workout.twin", ["type": twin.type, "start": twin.start, "id": twin.id])
        }
        workouts.append(workout)
        try JSONFile.write(workouts, to: layout.workouts)
    }

    /// Deletes the workout whose id is `id` or starts with it, and its track.
    @discardableResult
    package func deleteWorkout(_ id: String) throws -> Workout {
        var workouts = try OwnerRecords.workouts(layout)
        let target = try WorkoutQuery.find(id, in: workouts)
        workouts.removeAll { $0.id == target.id }
        try JSONFile.write(workouts, to: layout.workouts)
        // After the list: a crash between the two leaves a track no workout names, which no
        // page reads, rather than a workout whose track is gone.
        if let track = TrackFiles.path(layout, workout: target.id) { try TrackFiles.delete(at: track) }
        return target
    }

    // MARK: timer.json

    /// Starts the timer. A timer left behind by a `finish` that crashed after recording its
    /// workout is cleared first; any other timer is an error.
    package func startTimer(type raw: String, id: String = UUID().uuidString.lowercased()) throws -> WorkoutTimer {
        var problems = InputProblems()
        let checked = WorkoutRules.check(type: raw, problems: &problems)
        try problems.check()
        guard let type = checked else { throw UsergraphError(verbatim: "internal: a workout type passed its check without a value") }
        if let existing = try OwnerRecords.timer(layout) {
            if try OwnerRecords.workouts(layout).contains(where: { $0.id == existing.id }) {
                try remove(layout.timer)
            } else {
                let values = ["type": existing.type, "counted": DurationText.clock(existing.counted(at: now))]
                if existing.isRunning {
                    throw UsergraphError("errors.timer.startRunning", values)
                }
                throw UsergraphError("errors.timer.startPaused", values)
            }
        }
        let timer = WorkoutTimer.started(type: type, id: id, at: now, zone: zone)
        try JSONFile.write(timer, to: layout.timer)
        return timer
    }

    package func pauseTimer() throws -> WorkoutTimer {
        let timer = try runningOrPausedTimer().paused(at: now, zone: zone)
        try JSONFile.write(timer, to: layout.timer)
        return timer
    }

    package func resumeTimer() throws -> WorkoutTimer {
        let timer = try runningOrPausedTimer().resumed(at: now, zone: zone)
        try JSONFile.write(timer, to: layout.timer)
        return timer
    }

    package struct Finished: Sendable, Equatable {
        package var workout: Workout
        /// A crash between saving the workout and removing the timer had already recorded it.
        package var wasAlreadyRecorded: Bool
    }

    /// Records the timer's workout, then removes the timer. The workout is saved first, so a
    /// crash loses nothing; it carries the timer's id, so running `finish` again after such a
    /// crash finds it and only removes the timer instead of recording it twice.
    package func finishTimer(notes rawNotes: String?, duration override: String? = nil) throws -> Finished {
        let timer = try runningOrPausedTimer()
        var workouts = try OwnerRecords.workouts(layout)
        if let recorded = workouts.first(where: { $0.id == timer.id }) {
            try remove(layout.timer)
            return Finished(workout: recorded, wasAlreadyRecorded: true)
        }
        var problems = InputProblems()
        let notes = WorkoutRules.check(notes: rawNotes, problems: &problems)
        var workout = timer.workout(at: now, notes: notes)
        if let override {
            if let seconds = DurationText.seconds(override), DurationText.implausibility(seconds) == nil {
                workout.duration = seconds
            } else {
                problems.add(option: "--duration", Message("errors.timer.duration", ["value": override]))
            }
        }
        try problems.check()
        if let why = DurationText.implausibility(workout.duration) {
            throw UsergraphError("errors.timer.implausible", ["type": timer.type, "duration": DurationText.format(workout.duration)], nested: ["reason": why])
        }
        workouts.append(workout)
        // Written and synced before the timer goes, so a crash between the two keeps the workout.
        try JSONFile.write(workouts, to: layout.workouts)
        try remove(layout.timer)
        return Finished(workout: workout, wasAlreadyRecorded: false)
    }

    /// Drops the timer without recording anything.
    package func cancelTimer() throws -> WorkoutTimer {
        let timer = try runningOrPausedTimer()
        try remove(layout.timer)
        return timer
    }

    func runningOrPausedTimer() throws -> WorkoutTimer {
        guard let timer = try OwnerRecords.timer(layout) else {
            throw UsergraphError("errors.timer.none")
        }
        return timer
    }
}

/// Finding and filtering recorded workouts, for `workout list` and `workout delete`.
package enum WorkoutQuery {
    /// The one workout whose id is `id` or starts with it (at least 4 characters).
    package static func find(_ id: String, in workouts: [Workout]) throws -> Workout {
        try RecordID.find(
            id, in: workouts, id: \.id,
            messages: RecordID.Messages(
                short: "errors.workout.shortID", missing: "errors.workout.noID", ambiguous: "errors.workout.ambiguousID", count: "count.workouts"))
    }

    /// Newest first; of the same type when `type` is given; starting on days `from`…`to` in the zone.
    package static func filter(_ workouts: [Workout], type: String?, from: Day?, to: Day?, zone: TimeZone) -> [Workout] {
        let dated: [(Workout, Date)] = workouts.compactMap { w in w.startDate.map { (w, $0) } }
        return dated.filter { workout, date in
            if let type, workout.type != type { return false }
            let day = Day(date, in: zone)
            if let from, day < from { return false }
            if let to, day > to { return false }
            return true
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id < $1.0.id }
        .map(\.0)
    }
}

/// Finding a record by its id or the first characters of it, as the lists show them.
enum RecordID {
    /// The shortest id prefix accepted: long enough that a typo rarely hits another record.
    static let shortestPrefix = 4

    /// What is said when an id names no record, or too many: keys of the strings file, named
    /// whole so the language tests see them.
    struct Messages {
        var short: String, missing: String, ambiguous: String
        /// The plural of the records' noun.
        var count: String
    }

    static func find<Record>(_ id: String, in records: [Record], id key: KeyPath<Record, String>, messages: Messages) throws -> Record {
        let wanted = id.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = records.first(where: { $0[keyPath: key].lowercased() == wanted }) { return exact }
        guard wanted.count >= shortestPrefix else {
            throw UsergraphError(
                messages.short, ["id": id], nested: ["count": .count("count.characters", shortestPrefix)],
                kind: .usage)
        }
        let matches = records.filter { $0[keyPath: key].lowercased().hasPrefix(wanted) }
        guard let first = matches.first else { throw UsergraphError(messages.missing, ["id": id]) }
        guard matches.count == 1 else {
            throw UsergraphError(
                messages.ambiguous, ["id": id, "ids": matches.map { $0[keyPath: key] }.joined(separator: ", ")],
                nested: ["count": .count(messages.count, matches.count)], kind: .usage)
        }
        return first
    }
}
