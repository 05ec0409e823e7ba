import Foundation
import UsergraphCore

/// `Store/timer.json`: a workout being timed. It keeps instants, not a ticking count, so
/// whatever happens to the process the time counted so far can be worked out again:
/// `countedSeconds` holds what was counted up to the last pause or resume, and
/// `runningSince` the instant counting went on from. The workout's id is chosen at start,
/// so `finish` can tell whether a crash already recorded it.
package struct WorkoutTimer: Codable, Sendable, Equatable {
    /// The id the finished workout gets.
    package var id: String
    package var type: String
    /// When the timer was first started: the workout's `start`.
    package var startedAt: String
    /// Set while running: when it was started or last resumed.
    var runningSince: String?
    /// Set while paused: when.
    package var pausedAt: String?
    /// Whole seconds counted before `runningSince` (or up to `pausedAt`).
    package var countedSeconds: Int

    package init(id: String, type: String, startedAt: String, runningSince: String?, pausedAt: String?, countedSeconds: Int) {
        self.id = id; self.type = type; self.startedAt = startedAt
        self.runningSince = runningSince; self.pausedAt = pausedAt; self.countedSeconds = countedSeconds
    }

    /// A new running timer.
    package static func started(type: String, id: String, at now: Date, zone: TimeZone) -> WorkoutTimer {
        let stamp = Timestamp.format(now, in: zone)
        return WorkoutTimer(id: id, type: type, startedAt: stamp, runningSince: stamp, pausedAt: nil, countedSeconds: 0)
    }

    package var isRunning: Bool { runningSince != nil }

    /// Seconds counted by `now`. A clock set back never takes counted time away.
    package func counted(at now: Date) -> Int {
        guard let text = runningSince, let since = Timestamp.parse(text) else { return countedSeconds }
        return countedSeconds + max(0, Int(now.timeIntervalSince(since).rounded(.down)))
    }

    func paused(at now: Date, zone: TimeZone) throws -> WorkoutTimer {
        guard isRunning else {
            throw UsergraphError("errors.timer.alreadyPaused", ["type": type, "since": pausedAt ?? "?"])
        }
        var next = self
        next.countedSeconds = counted(at: now)
        next.runningSince = nil
        next.pausedAt = Timestamp.format(now, in: zone)
        return next
    }

    func resumed(at now: Date, zone: TimeZone) throws -> WorkoutTimer {
        guard !isRunning else {
            throw UsergraphError("errors.timer.alreadyRunning", ["type": type, "counted": DurationText.clock(counted(at: now))])
        }
        var next = self
        next.runningSince = Timestamp.format(now, in: zone)
        next.pausedAt = nil
        return next
    }

    /// The workout this timer records when it is finished at `now`.
    package func workout(at now: Date, notes: String?) -> Workout {
        Workout(id: id, type: type, start: startedAt, duration: counted(at: now), notes: notes)
    }

    /// Why a timer file that decoded is still not one we can trust, or nil.
    var inconsistency: Message? {
        if WorkoutRules.normalized(type: type) != type { return Message("errors.timer.type") }
        if UUID(uuidString: id) == nil { return Message("errors.timer.id") }
        if Timestamp.parse(startedAt) == nil { return Self.notATime("startedAt") }
        if countedSeconds < 0 { return Message("errors.timer.negative") }
        switch (runningSince, pausedAt) {
        case (let since?, nil): if Timestamp.parse(since) == nil { return Self.notATime("runningSince") }
        case (nil, let paused?): if Timestamp.parse(paused) == nil { return Self.notATime("pausedAt") }
        default: return Message("errors.timer.state")
        }
        return nil
    }

    private static func notATime(_ key: String) -> Message {
        Message("errors.timer.time", ["key": key])
    }
}
