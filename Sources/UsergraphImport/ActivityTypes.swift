import Foundation

/// Each export's activity types mapped onto usergraph's, written once as data. A type not in
/// the table is kept under a readable name made from the source's own (`HKWorkoutActivityType
/// TableTennis` → `table-tennis`), so nothing is lumped into "other" by accident.
enum ActivityTypes {
    /// Apple Health `workoutActivityType` without its `HKWorkoutActivityType` prefix.
    static let appleHealth: [String: String] = [
        "Running": "running", "Walking": "walking", "Hiking": "hiking", "Cycling": "cycling",
        "HandCycling": "cycling", "Swimming": "swimming", "Yoga": "yoga", "Pilates": "pilates",
        "TraditionalStrengthTraining": "strength", "FunctionalStrengthTraining": "strength",
        "CoreTraining": "strength", "HighIntensityIntervalTraining": "hiit", "CrossTraining": "hiit",
        "Rowing": "rowing", "Elliptical": "elliptical", "StairClimbing": "stairs", "Stairs": "stairs",
        "CrossCountrySkiing": "skiing", "DownhillSkiing": "skiing", "Snowboarding": "snowboarding",
        "Dance": "dance", "SocialDance": "dance", "CardioDance": "dance", "MixedCardio": "cardio",
        "Cooldown": "other", "Other": "other",
    ]

    /// FIT `sport` (and `sport/sub_sport` where the sub-sport decides).
    static let fit: [String: String] = [
        "running": "running", "running/trail": "running", "walking": "walking", "hiking": "hiking",
        "cycling": "cycling", "e_biking": "cycling", "swimming": "swimming", "training": "strength",
        "training/strength_training": "strength", "training/yoga": "yoga", "training/pilates": "pilates",
        "training/cardio_training": "cardio", "fitness_equipment/elliptical": "elliptical",
        "fitness_equipment/indoor_rowing": "rowing", "rowing": "rowing", "cross_country_skiing": "skiing",
        "alpine_skiing": "skiing", "snowboarding": "snowboarding", "generic": "other",
    ]

    /// Strava's `Activity Type` column.
    static let strava: [String: String] = [
        "Run": "running", "Trail Run": "running", "Virtual Run": "running", "Walk": "walking", "Hike": "hiking",
        "Ride": "cycling", "Virtual Ride": "cycling", "E-Bike Ride": "cycling", "Mountain Bike Ride": "cycling",
        "Gravel Ride": "cycling", "Swim": "swimming", "Yoga": "yoga", "Pilates": "pilates",
        "Weight Training": "strength", "Workout": "strength", "Crossfit": "hiit", "HIIT": "hiit",
        "Rowing": "rowing", "Elliptical": "elliptical", "Stair-Stepper": "stairs", "Nordic Ski": "skiing",
        "Alpine Ski": "skiing", "Backcountry Ski": "skiing", "Snowboard": "snowboarding",
    ]

    /// Strava's API `sport_type` (and intervals.icu's `type`, which uses the same words).
    static let stravaAPI: [String: String] = [
        "Run": "running", "TrailRun": "running", "VirtualRun": "running", "Walk": "walking", "Hike": "hiking",
        "Ride": "cycling", "VirtualRide": "cycling", "EBikeRide": "cycling", "MountainBikeRide": "cycling",
        "EMountainBikeRide": "cycling", "GravelRide": "cycling", "Velomobile": "cycling", "Swim": "swimming",
        "OpenWaterSwim": "swimming", "Yoga": "yoga", "Pilates": "pilates", "WeightTraining": "strength",
        "Workout": "strength", "Crossfit": "hiit", "HighIntensityIntervalTraining": "hiit", "Rowing": "rowing",
        "VirtualRow": "rowing", "Elliptical": "elliptical", "StairStepper": "stairs", "NordicSki": "skiing",
        "AlpineSki": "skiing", "BackcountrySki": "skiing", "Snowboard": "snowboarding",
    ]

    /// GPX `<type>` and TCX `Sport` as devices and apps write them (lower-cased): Garmin's and
    /// Suunto's words, FIT sport names, Strava's own words.
    static let gpsFiles: [String: String] = [
        "running": "running", "run": "running", "trail_running": "running", "trail running": "running",
        "treadmill_running": "running", "street_running": "running", "track_running": "running", "virtualrun": "running",
        "walking": "walking", "walk": "walking", "casual_walking": "walking", "speed_walking": "walking",
        "hiking": "hiking", "hike": "hiking",
        "biking": "cycling", "cycling": "cycling", "ride": "cycling", "road_biking": "cycling", "mountain_biking": "cycling",
        "gravel_cycling": "cycling", "indoor_cycling": "cycling", "e_biking": "cycling", "virtualride": "cycling",
        "swimming": "swimming", "swim": "swimming", "open_water_swimming": "swimming", "lap_swimming": "swimming",
        "rowing": "rowing", "row": "rowing", "alpine_skiing": "skiing", "cross_country_skiing": "skiing",
        "ski": "skiing", "other": "other", "generic": "other",
    ]

    /// Strava's GPX export writes `<type>` as a number, Strava's activity-type code. Only the
    /// codes that several independent readers agree on are here; another code is kept as
    /// `strava-type-N`, a readable name that a later table can map.
    static let stravaCodes: [String: String] = [
        "1": "cycling", "2": "skiing", "4": "hiking", "9": "running", "10": "walking", "16": "swimming",
    ]

    /// usergraph's type for `sourceType` of an activity from `source`.
    static func map(_ sourceType: String, from source: ImportSource) -> String {
        let trimmed = sourceType.trimmingCharacters(in: .whitespaces)
        let found: String?
        switch source {
        case .appleHealth:
            let name = trimmed.hasPrefix("HKWorkoutActivityType") ? String(trimmed.dropFirst("HKWorkoutActivityType".count)) : trimmed
            return appleHealth[name] ?? readable(name)
        case .fit:
            found = fit[trimmed] ?? trimmed.split(separator: "/").first.flatMap { fit[String($0)] }
        case .strava:
            found = strava[trimmed]
        case .gpx, .tcx:
            if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                return stravaCodes[trimmed] ?? "strava-type-" + String(trimmed.prefix(6))
            }
            found = gpsFiles[trimmed.lowercased()]
        case .myFitnessPal:
            found = nil  // a nutrition diary holds no activities
        case .stravaAPI, .intervals:
            found = stravaAPI[trimmed] ?? strava[trimmed]
        }
        return found ?? readable(trimmed)
    }

    /// `TableTennis`, `Table Tennis`, `table_tennis` → `table-tennis`; nothing usable → `other`.
    static func readable(_ name: String) -> String {
        var out = ""
        var previousWasLower = false
        for scalar in name.unicodeScalars {
            if CharacterSet.uppercaseLetters.contains(scalar) {
                if previousWasLower { out += "-" }
                out += String(scalar).lowercased()
                previousWasLower = false
            } else if CharacterSet.alphanumerics.contains(scalar), scalar.isASCII {
                out += String(scalar)
                previousWasLower = true
            } else {
                if !out.isEmpty, !out.hasSuffix("-") { out += "-" }
                previousWasLower = false
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "other" : String(out.prefix(40))
    }
}
