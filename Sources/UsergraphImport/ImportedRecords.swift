import Foundation
import UsergraphCore

/// Where an imported record came from, as the store's `source.kind` writes it.
package enum ImportSource: String, Sendable, Codable, CaseIterable {
    case appleHealth = "apple-health"
    case gpx, tcx, fit, strava
    case myFitnessPal = "myfitnesspal"
    /// Synced: intervals.icu (the original file it keeps) and Strava's API (its streams).
    case intervals
    case stravaAPI = "strava-api"
}

/// An activity as an export file describes it: what every reader produces, before the import
/// maps its type onto usergraph's, recognises duplicates and writes the store.
package struct ImportedActivity: Sendable, Equatable {
    package var source: ImportSource
    /// The source's own id of the activity, or a hash of its content where it has none; with
    /// `source` it makes a re-import recognise what it already imported.
    package var sourceID: String
    /// The type as the file names it: `HKWorkoutActivityTypeRunning`, FIT `running`/`cycling`,
    /// Strava `Run`, a GPX `<type>` or TCX `Sport`; empty when the file names none.
    package var sourceType: String
    package var start: Date
    /// Seconds east of UTC that the file gives for `start` (Apple Health dates carry it, a FIT
    /// file's local and UTC times differ by it); nil where it gives none (GPX times are UTC
    /// only), and the site's zone is used.
    package var utcOffset: Int?
    /// Elapsed seconds, from start to end, pauses included.
    package var duration: Double
    /// Seconds in motion (FIT timer time, Strava moving time), where the file says.
    package var movingTime: Double?
    /// Metres.
    package var distance: Double?
    /// Kilocalories.
    package var energy: Double?
    /// The activity's own name (a GPX track's `<name>`, Strava's "Activity Name").
    package var name: String?
    /// Its samples, where the file has them (a track's points, a FIT file's records).
    package var track: ActivityTrack?
    /// The file of the export that holds its samples (Strava's `Filename`), read by the export
    /// reader after the list.
    package var trackFile: String?
    /// Whose words `sourceType` is in, where that is not `source`'s: a file intervals.icu kept
    /// names its type as the device wrote it (FIT `running`), its list as Strava does (`Run`).
    package var typeSource: ImportSource?

    package init(
        source: ImportSource, sourceID: String, sourceType: String, start: Date, utcOffset: Int? = nil,
        duration: Double, movingTime: Double? = nil, distance: Double? = nil, energy: Double? = nil
    ) {
        self.source = source; self.sourceID = sourceID; self.sourceType = sourceType; self.start = start
        self.utcOffset = utcOffset; self.duration = duration; self.movingTime = movingTime
        self.distance = distance; self.energy = energy
    }
}

extension ImportedActivity {
    /// The most characters of a name kept: a title, not a diary.
    static let nameLimit = 200

    /// A name as a file gives it, made one line: control characters dropped, runs of white
    /// space one space, cut at `nameLimit`; nil for nothing left.
    package static func cleanName(_ text: String) -> String? {
        let words = ControlCharacters.strip(text).split(whereSeparator: { $0.isWhitespace })
        let name = String(words.joined(separator: " ").prefix(nameLimit))
        return name.isEmpty ? nil : name
    }
}

/// A body-weight measurement.
package struct ImportedWeight: Sendable, Equatable {
    package var source: ImportSource
    package var sourceID: String
    package var time: Date
    package var utcOffset: Int?
    package var kg: Double

    package init(source: ImportSource, sourceID: String, time: Date, utcOffset: Int? = nil, kg: Double) {
        self.source = source; self.sourceID = sourceID; self.time = time; self.utcOffset = utcOffset; self.kg = kg
    }
}

/// A step count over an interval, from one device (`device`: the record's `sourceName`).
package struct ImportedSteps: Sendable, Equatable {
    package var device: String
    package var start: Date
    package var utcOffset: Int?
    package var count: Int

    package init(device: String, start: Date, utcOffset: Int? = nil, count: Int) {
        self.device = device; self.start = start; self.utcOffset = utcOffset; self.count = count
    }
}

/// A dietary record (energy or a macro), kept for meals: `correlation` groups the records of
/// one food (Apple Health's `HKCorrelationTypeIdentifierFood`), nil for a record on its own.
package struct ImportedNutrient: Sendable, Equatable {
    /// `kcal`, `protein`, `fat` or `carbs`.
    package var nutrient: String
    /// kcal for energy, grams for the macros.
    package var amount: Double
    package var time: Date
    package var utcOffset: Int?
    package var correlation: Int?
    /// The food's name where the file gives one (`HKFoodType` metadata).
    package var food: String?

    package init(nutrient: String, amount: Double, time: Date, utcOffset: Int? = nil, correlation: Int? = nil, food: String? = nil) {
        self.nutrient = nutrient; self.amount = amount; self.time = time; self.utcOffset = utcOffset
        self.correlation = correlation; self.food = food
    }
}

/// A meal as a nutrition diary writes it: a day, a kind and the meal's totals as one food.
package struct ImportedMeal: Sendable, Equatable {
    package var day: Day
    package var kind: String
    /// `HH:MM`, where the diary gives one.
    package var time: String?
    package var food: Food
    /// The day and the diary's meal name: one meal of a diary each, whatever its numbers, so a
    /// re-export with an edited meal replaces it.
    package var sourceID: String
}

/// Why a file cannot be imported: a key of the strings files (`errors.import.…`) and its
/// values, said by the command as one sentence that names the file.
package struct ImportProblem: Error, Sendable, Equatable {
    package var key: String
    package var args: [String: String]

    package init(_ key: String, _ args: [String: String] = [:]) { self.key = key; self.args = args }
}
