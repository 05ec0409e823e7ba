import UsergraphCore

/// What one workout brings to the bests: its best efforts and its figures. The caller makes one
/// per workout on or before the as-of day, with its start day in the time zone.
package struct BestsWorkout: Sendable, Equatable {
    package var id: String
    /// The day of its start in the time zone (DESIGN.md: `date` is the workout's start day).
    package var day: Day
    package var type: String
    /// `WorkoutFigures`: the field, else the track's, else 0.
    package var figures: WorkoutFigures
    /// `BestEfforts.of` over its track for `BestEfforts.distances(type:)`; empty without one.
    package var efforts: [BestEffort]

    package init(id: String, day: Day, type: String, figures: WorkoutFigures, efforts: [BestEffort] = []) {
        self.id = id; self.day = day; self.type = type; self.figures = figures; self.efforts = efforts
    }
}

/// The fastest effort over one distance and the workout that holds it.
package struct BestEffortRecord: Sendable, Equatable {
    /// Metres.
    package var distance: Double
    /// Rounded to 0.1, as `BestEffort`.
    package var seconds: Double
    /// The workout's id and start day.
    package var workout: String
    package var day: Day

    package init(distance: Double, seconds: Double, workout: String, day: Day) {
        self.distance = distance; self.seconds = seconds; self.workout = workout; self.day = day
    }
}

/// The greatest value of one figure (a distance, a climb) and the workout that holds it.
package struct WorkoutRecord: Sendable, Equatable {
    /// Metres.
    package var value: Double
    package var workout: String
    package var day: Day

    package init(value: Double, workout: String, day: Day) {
        self.value = value; self.workout = workout; self.day = day
    }
}

/// Personal bests over a set of workouts (DESIGN.md "History", `bests`): the fastest effort
/// per type and distance, the longest run, ride and walk, and the biggest climb. The same
/// value serves all time (`init`) and each year (`byYear`).
///
/// Of two workouts equally good (efforts compare at their rounded 0.1 s, as they are shown),
/// the earlier day holds the record, as the first to run a time holds it; on one day, the
/// smaller id, so that the answer never depends on the order of the input.
package struct PersonalBests: Sendable, Equatable {
    /// The types whose longest workout is kept: run, ride and walk.
    package static let longestTypes = ["running", "cycling", "walking"]

    /// Per workout type, one record per distance reached, shortest distance first.
    package var efforts: [String: [BestEffortRecord]]
    /// Per type of `longestTypes`, the workout of the greatest distance; a type without a
    /// workout with a distance is absent.
    package var longest: [String: WorkoutRecord]
    /// The workout of any type with the greatest elevation gain; nil when none climbed.
    package var biggestClimb: WorkoutRecord?

    package init(efforts: [String: [BestEffortRecord]] = [:], longest: [String: WorkoutRecord] = [:], biggestClimb: WorkoutRecord? = nil) {
        self.efforts = efforts; self.longest = longest; self.biggestClimb = biggestClimb
    }

    /// All-time bests over `workouts`.
    package init(_ workouts: [BestsWorkout]) {
        var efforts: [String: [Double: BestEffortRecord]] = [:]
        var longest: [String: WorkoutRecord] = [:]
        var biggestClimb: WorkoutRecord?
        for workout in workouts {
            for effort in workout.efforts {
                let record = BestEffortRecord(distance: effort.distance, seconds: effort.seconds, workout: workout.id, day: workout.day)
                if let held = efforts[workout.type]?[effort.distance], !Self.beats(record, held) { continue }
                efforts[workout.type, default: [:]][effort.distance] = record
            }
            if Self.longestTypes.contains(workout.type), workout.figures.distance > 0 {
                let record = WorkoutRecord(value: workout.figures.distance, workout: workout.id, day: workout.day)
                if longest[workout.type].map({ Self.beats(record, $0) }) ?? true { longest[workout.type] = record }
            }
            if workout.figures.elevationGain > 0 {
                let record = WorkoutRecord(value: workout.figures.elevationGain, workout: workout.id, day: workout.day)
                if biggestClimb.map({ Self.beats(record, $0) }) ?? true { biggestClimb = record }
            }
        }
        self.init(
            efforts: efforts.mapValues { $0.values.sorted { $0.distance < $1.distance } },
            longest: longest, biggestClimb: biggestClimb)
    }

    /// The bests of each calendar year that has a workout, by the workouts' start days; a year
    /// without one is absent (its page shows none).
    package static func byYear(_ workouts: [BestsWorkout]) -> [Int: PersonalBests] {
        Dictionary(grouping: workouts) { $0.day.year }.mapValues { PersonalBests($0) }
    }

    private static func beats(_ a: BestEffortRecord, _ b: BestEffortRecord) -> Bool {
        a.seconds != b.seconds ? a.seconds < b.seconds : earlier(a.day, a.workout, than: b.day, b.workout)
    }

    private static func beats(_ a: WorkoutRecord, _ b: WorkoutRecord) -> Bool {
        a.value != b.value ? a.value > b.value : earlier(a.day, a.workout, than: b.day, b.workout)
    }

    private static func earlier(_ dayA: Day, _ idA: String, than dayB: Day, _ idB: String) -> Bool {
        dayA != dayB ? dayA < dayB : idA < idB
    }
}
