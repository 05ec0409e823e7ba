/// One `<Workout>` while it is read: its own attributes from the start tag, and the totals of its
/// `<WorkoutStatistics>` children, which iOS 16 and later write instead of the attributes.
struct WorkoutBuilder {
    var sourceID: String
    var type: String
    var start: HealthDate
    /// Seconds, from `duration` and `durationUnit`, or from `endDate` − `startDate`.
    var duration: Double
    /// From `totalDistance` / `totalEnergyBurned` (old exports), converted.
    var distanceAttribute: Double?
    var energyAttribute: Double?
    /// Sums of the statistics that are the workout's own children, and of those one level down,
    /// inside `<WorkoutActivity>` (each activity of a multisport workout has its own).
    var statistics = Totals()
    var activityStatistics = Totals()
    /// Whether a `<WorkoutActivity>` is open, so statistics inside it go to its totals.
    var inActivity = false
    /// The export's file of its route (`workout-routes/route_….gpx`), from its `<WorkoutRoute>`.
    var routeFile: String?

    struct Totals {
        var distance: Double?
        var energy: Double?

        mutating func add(distance metres: Double) { distance = (distance ?? 0) + metres }
        mutating func add(energy kilocalories: Double) { energy = (energy ?? 0) + kilocalories }
    }

    /// The kind of quantity a statistic's `type` is, if it is one the workout keeps.
    enum Statistic {
        case distance, energy

        /// `HKQuantityTypeIdentifierActiveEnergyBurned` (basal energy is not the workout's), and
        /// every `HKQuantityTypeIdentifierDistance…` (walking and running, cycling, swimming, and
        /// the newer wheelchair, rowing, skiing… kinds).
        init?(_ type: UnsafeBufferPointer<UInt8>) {
            if HealthRecordKind.matches(type, "HKQuantityTypeIdentifierActiveEnergyBurned") {
                self = .energy
            } else if HealthRecordKind.hasPrefix(type, "HKQuantityTypeIdentifierDistance") {
                self = .distance
            } else {
                return nil
            }
        }
    }

    mutating func add(_ statistic: Statistic, value: Double) {
        switch (statistic, inActivity) {
        case (.distance, false): statistics.add(distance: value)
        case (.energy, false): statistics.add(energy: value)
        case (.distance, true): activityStatistics.add(distance: value)
        case (.energy, true): activityStatistics.add(energy: value)
        }
    }

    /// The activity. The workout's own statistics win over its attributes (they are what
    /// current exports write, and what Health itself shows); the activities' statistics count
    /// only where the workout has none of its own. A zero distance or energy is none: old
    /// exports write `totalDistance="0"` for workouts without one.
    func finish() -> ImportedActivity {
        let distance = statistics.distance ?? distanceAttribute ?? activityStatistics.distance
        let energy = statistics.energy ?? energyAttribute ?? activityStatistics.energy
        var activity = ImportedActivity(
            source: .appleHealth, sourceID: sourceID, sourceType: type, start: start.date,
            utcOffset: Int(start.utcOffset), duration: duration,
            distance: distance.flatMap { $0 > 0 ? $0 : nil }, energy: energy.flatMap { $0 > 0 ? $0 : nil })
        activity.trackFile = routeFile
        return activity
    }
}
