import Foundation
import UsergraphCore

/// Where an imported record came from, as the store's `source.kind` writes it.
public enum ImportSource: String, Sendable, Codable, CaseIterable {
    case appleHealth = "apple-health"
    case gpx, tcx, fit, strava
    case myFitnessPal = "myfitnesspal"
}

/// An activity as an export file describes it: what every reader produces, before the import
/// maps its type onto usergraph's, recognises duplicates and writes the store.
public struct ImportedActivity: Sendable, Equatable {
    public var source: ImportSource
    /// The source's own id of the activity, or a hash of its content where it has none; with
    /// `source` it makes a re-import recognise what it already imported.
    public var sourceID: String
    /// The type as the file names it: `HKWorkoutActivityTypeRunning`, FIT `running`/`cycling`,
    /// Strava `Run`, a GPX `<type>` or TCX `Sport`; empty when the file names none.
    public var sourceType: String
    public var start: Date
    /// Seconds east of UTC that the file gives for `start` (Apple Health dates carry it, a FIT
    /// file's local and UTC times differ by it); nil where it gives none (GPX times are UTC
    /// only), and the site's zone is used.
    public var utcOffset: Int?
    /// Elapsed seconds, from start to end, pauses included.
    public var duration: Double
    /// Seconds in motion (FIT timer time, Strava moving time), where the file says.
    public var movingTime: Double?
    /// Metres.
    public var distance: Double?
    /// Kilocalories.
    public var energy: Double?

    public init(
        source: ImportSource, sourceID: String, sourceType: String, start: Date, utcOffset: Int? = nil,
        duration: Double, movingTime: Double? = nil, distance: Double? = nil, energy: Double? = nil
    ) {
        self.source = source; self.sourceID = sourceID; self.sourceType = sourceType; self.start = start
        self.utcOffset = utcOffset; self.duration = duration; self.movingTime = movingTime
        self.distance = distance; self.energy = energy
    }
}

/// A body-weight measurement.
public struct ImportedWeight: Sendable, Equatable {
    public var source: ImportSource
    public var sourceID: String
    public var time: Date
    public var utcOffset: Int?
    public var kg: Double

    public init(source: ImportSource, sourceID: String, time: Date, utcOffset: Int? = nil, kg: Double) {
        self.source = source; self.sourceID = sourceID; self.time = time; self.utcOffset = utcOffset; self.kg = kg
    }
}

/// A step count over an interval, from one device (`device`: the record's `sourceName`).
public struct ImportedSteps: Sendable, Equatable {
    public var device: String
    public var start: Date
    public var utcOffset: Int?
    public var count: Int

    public init(device: String, start: Date, utcOffset: Int? = nil, count: Int) {
        self.device = device; self.start = start; self.utcOffset = utcOffset; self.count = count
    }
}

/// A dietary record (energy or a macro), kept for meals: `correlation` groups the records of
/// one food (Apple Health's `HKCorrelationTypeIdentifierFood`), nil for a record on its own.
public struct ImportedNutrient: Sendable, Equatable {
    /// `kcal`, `protein`, `fat` or `carbs`.
    public var nutrient: String
    /// kcal for energy, grams for the macros.
    public var amount: Double
    public var time: Date
    public var utcOffset: Int?
    public var correlation: Int?
    /// The food's name where the file gives one (`HKFoodType` metadata).
    public var food: String?

    public init(nutrient: String, amount: Double, time: Date, utcOffset: Int? = nil, correlation: Int? = nil, food: String? = nil) {
        self.nutrient = nutrient; self.amount = amount; self.time = time; self.utcOffset = utcOffset
        self.correlation = correlation; self.food = food
    }
}

/// A meal as a nutrition diary writes it: a day, a kind and the meal's totals as one food.
public struct ImportedMeal: Sendable, Equatable {
    public var day: Day
    public var kind: String
    /// `HH:MM`, where the diary gives one.
    public var time: String?
    public var food: Food
    /// The day and the diary's meal name: one meal of a diary each, whatever its numbers, so a
    /// re-export with an edited meal replaces it.
    public var sourceID: String
}

/// Why a file cannot be imported: a key of the strings files (`errors.import.…`) and its
/// values, said by the command as one sentence that names the file.
public struct ImportProblem: Error, Sendable, Equatable {
    public var key: String
    public var args: [String: String]

    public init(_ key: String, _ args: [String: String] = [:]) { self.key = key; self.args = args }
}
