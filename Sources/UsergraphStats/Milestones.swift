import Foundation
import UsergraphCore

/// When each achievement and level was reached: the workouts replayed in time order up to the
/// as-of day, with the points and streak rules of `WorkoutStats`, so the dates come from the
/// data (the workout that crossed the line), never from the clock. For the feeds.
package struct Milestone: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case achievement(String)
        case level(Int)
    }

    package var kind: Kind
    /// The workout that reached it, and its start as the store writes it.
    package var workoutId: String
    package var start: String
    package var instant: Date
}

package enum Milestones {
    /// In the order they were reached. Levels above 1 only; a workout that crosses several
    /// levels at once reaches each of them.
    package static func compute(_ workouts: [Workout], asOf: Day, timeZone: TimeZone) -> [Milestone] {
        let dated = workouts.compactMap { w -> (Workout, Date, Day)? in
            guard let instant = w.startDate else { return nil }
            let day = Day(instant, in: timeZone)
            return day <= asOf ? (w, instant, day) : nil
        }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.id < $1.0.id }

        var milestones: [Milestone] = []
        var count = 0, longest = 0, run = 0
        var lastDay: Day?
        var unlocked = Set<String>()
        var level = 1
        for (workout, instant, day) in dated {
            count += 1
            if day != lastDay {
                run = lastDay.map { day.number - $0.number == 1 } == true ? run + 1 : 1
                lastDay = day
                longest = max(longest, run)
            }
            for achievement in Achievement.all
            where !unlocked.contains(achievement.id)
                && achievement.isUnlocked(workouts: count, longestStreak: longest)
            {
                unlocked.insert(achievement.id)
                milestones.append(Milestone(kind: .achievement(achievement.id), workoutId: workout.id, start: workout.start, instant: instant))
            }
            let points =
                count * WorkoutStats.pointsPerWorkout
                + Achievement.all.filter { unlocked.contains($0.id) }.reduce(0) { $0 + $1.points }
            let reached = points / WorkoutStats.pointsPerLevel + 1
            while level < reached {
                level += 1
                milestones.append(Milestone(kind: .level(level), workoutId: workout.id, start: workout.start, instant: instant))
            }
        }
        return milestones
    }
}
