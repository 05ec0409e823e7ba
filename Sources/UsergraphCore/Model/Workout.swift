import Foundation

/// One recorded workout (`Store/workouts.json`).
public struct Workout: Codable, Sendable, Equatable {
    public var id: String
    public var type: String
    /// ISO-8601 with an offset, kept as written so a rewrite of the store keeps the owner's offset.
    public var start: String
    /// Whole seconds.
    public var duration: Int
    public var calories: Int?
    public var exercises: Int?
    public var notes: String?

    public init(id: String, type: String, start: String, duration: Int, calories: Int? = nil,
                exercises: Int? = nil, notes: String? = nil) {
        self.id = id; self.type = type; self.start = start; self.duration = duration
        self.calories = calories; self.exercises = exercises; self.notes = notes
    }

    public var startDate: Date? { Timestamp.parse(start) }
}

/// One body-weight record (`Store/weights.json`).
public struct WeightRecord: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    public var kg: Double

    public init(date: String, kg: Double) { self.date = date; self.kg = kg }
}
