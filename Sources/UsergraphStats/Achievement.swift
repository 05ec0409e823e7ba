/// The contract's achievements. Public so a page can show the locked ones as goals.
package struct Achievement: Sendable, Equatable {
    package enum Measure: Sendable, Equatable {
        /// Workouts on or before the as-of day.
        case workouts
        /// The longest streak on or before the as-of day.
        case longestStreak
    }

    package var id: String
    package var points: Int
    var measure: Measure
    var threshold: Int

    package init(id: String, points: Int, measure: Measure, threshold: Int) {
        self.id = id; self.points = points; self.measure = measure; self.threshold = threshold
    }

    func isUnlocked(workouts: Int, longestStreak: Int) -> Bool {
        switch measure {
        case .workouts: workouts >= threshold
        case .longestStreak: longestStreak >= threshold
        }
    }

    /// In the contract's order, which is also the order `achievements` lists them.
    package static let all: [Achievement] = [
        Achievement(id: "workout_1", points: 100, measure: .workouts, threshold: 1),
        Achievement(id: "workout_10", points: 250, measure: .workouts, threshold: 10),
        Achievement(id: "workout_50", points: 500, measure: .workouts, threshold: 50),
        Achievement(id: "workout_100", points: 1000, measure: .workouts, threshold: 100),
        Achievement(id: "streak_3", points: 100, measure: .longestStreak, threshold: 3),
        Achievement(id: "streak_7", points: 250, measure: .longestStreak, threshold: 7),
        Achievement(id: "streak_30", points: 1000, measure: .longestStreak, threshold: 30),
    ]
}
