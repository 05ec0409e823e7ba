/// What an Apple Health export holds for usergraph, in file order.
package struct AppleHealthContents: Sendable, Equatable {
    package var workouts: [ImportedActivity]
    package var weights: [ImportedWeight]
    package var steps: [ImportedSteps]
    /// `BasalEnergyBurned` records, as kilocalories over an interval from one device.
    package var basalEnergy: [ImportedSteps] = []
    /// The heart-rate records, in time order: the workouts' samples.
    package var heartRates = HeartRateRecords()
    /// Each dietary record once, with its food correlation's ordinal (0, 1, … in file order)
    /// and food name where it belongs to one.
    package var nutrients: [ImportedNutrient]
    /// What was passed over: records by type (`HKQuantityTypeIdentifierHeartRate`), other
    /// elements of `<HealthData>` by name (`ActivitySummary`, `ClinicalRecord`), correlations
    /// other than foods by type. Past 2,000 kinds the rest are counted together under `…`.
    package var skipped: [String: Int]
    /// Workouts and records of the imported kinds that start before `since`.
    package var beforeSince: Int
    /// Dietary records dropped as the second copy of a food's record (Health writes each twice).
    package var duplicateNutrients: Int
    /// Bytes read: the file's size.
    package var bytesRead: Int64

    package init(
        workouts: [ImportedActivity] = [], weights: [ImportedWeight] = [], steps: [ImportedSteps] = [],
        nutrients: [ImportedNutrient] = [], skipped: [String: Int] = [:], beforeSince: Int = 0,
        duplicateNutrients: Int = 0, bytesRead: Int64 = 0
    ) {
        self.workouts = workouts; self.weights = weights; self.steps = steps; self.nutrients = nutrients
        self.skipped = skipped; self.beforeSince = beforeSince; self.duplicateNutrients = duplicateNutrients
        self.bytesRead = bytesRead
    }
}
