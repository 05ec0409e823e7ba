/// The parts of the FIT profile (the FIT SDK's Profile.xlsx, release 21.x) that usergraph
/// reads: message and field numbers, scales, and the names of `sport` and `sub_sport`, which
/// become an activity's `sourceType` as the profile spells them.
enum FITProfile {
    /// Field 253: the time of any message that has one.
    static let timestampField: UInt8 = 253

    enum FileID {
        static let message: UInt16 = 0
        static let serialNumber: UInt8 = 3
        static let timeCreated: UInt8 = 4
    }

    /// `session`; `lap` has the same fields under the same numbers, but for the sport's.
    enum Session {
        static let message: UInt16 = 18
        static let startTime: UInt8 = 2
        static let sport: UInt8 = 5
        static let subSport: UInt8 = 6
        /// Seconds × 1000, from start to end, pauses included.
        static let totalElapsedTime: UInt8 = 7
        /// Seconds × 1000 while the timer ran.
        static let totalTimerTime: UInt8 = 8
        /// Metres × 100.
        static let totalDistance: UInt8 = 9
        /// Kilocalories.
        static let totalCalories: UInt8 = 11
        static let timeScale = 1000.0
        static let distanceScale = 100.0
    }

    enum Lap {
        static let message: UInt16 = 19
        static let sport: UInt8 = 25
        static let subSport: UInt8 = 39
    }

    /// `sport`: the sport of the file's activity (or of the next session, in a multisport one).
    enum Sport {
        static let message: UInt16 = 12
        static let sport: UInt8 = 0
        static let subSport: UInt8 = 1
    }

    enum Activity {
        static let message: UInt16 = 34
        /// Seconds × 1000 (`Session.timeScale`).
        static let totalTimerTime: UInt8 = 0
        /// The wall-clock time at the message's `timestamp`, as FIT seconds in local time.
        static let localTimestamp: UInt8 = 5
    }

    enum WeightScale {
        static let message: UInt16 = 30
        /// Kilograms × 100; 0xFFFE is "calculating".
        static let weight: UInt8 = 0
        static let weightScale = 100.0
        static let calculating = 0xFFFE as Double
    }

    /// `record`, the samples of an activity (usually one a second).
    enum Record {
        static let message: UInt16 = 20
        /// Semicircles: 2³¹ of them are 180°.
        static let positionLat: UInt8 = 0
        static let positionLong: UInt8 = 1
        /// Metres × 5 + 500; the enhanced field is the same in 32 bits.
        static let altitude: UInt8 = 2
        static let enhancedAltitude: UInt8 = 78
        static let heartRate: UInt8 = 3
        static let cadence: UInt8 = 4
        /// Metres per second × 1000; the enhanced field is the same in 32 bits.
        static let speed: UInt8 = 6
        static let enhancedSpeed: UInt8 = 73
        static let power: UInt8 = 7
        static let degreesPerSemicircle = 180 / 2_147_483_648.0
    }

    /// `record`'s message number, as the tests of compressed timestamps name it.
    static let recordMessage = Record.message

    /// The `sport` type (254, "all", only names a filter, not a sport).
    static let sports: [UInt32: String] = [
        0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment", 5: "swimming",
        6: "basketball", 7: "soccer", 8: "tennis", 9: "american_football", 10: "training", 11: "walking",
        12: "cross_country_skiing", 13: "alpine_skiing", 14: "snowboarding", 15: "rowing", 16: "mountaineering",
        17: "hiking", 18: "multisport", 19: "paddling", 20: "flying", 21: "e_biking", 22: "motorcycling",
        23: "boating", 24: "driving", 25: "golf", 26: "hang_gliding", 27: "horseback_riding", 28: "hunting",
        29: "fishing", 30: "inline_skating", 31: "rock_climbing", 32: "sailing", 33: "ice_skating", 34: "sky_diving",
        35: "snowshoeing", 36: "snowmobiling", 37: "stand_up_paddleboarding", 38: "surfing", 39: "wakeboarding",
        40: "water_skiing", 41: "kayaking", 42: "rafting", 43: "windsurfing", 44: "kitesurfing", 45: "tactical",
        46: "jumpmaster", 47: "boxing", 48: "floor_climbing", 49: "baseball", 53: "diving", 56: "shooting",
        58: "winter_sport", 59: "grinding", 62: "hiit", 63: "video_gaming", 64: "racket", 65: "wheelchair_push_walk",
        66: "wheelchair_push_run", 67: "meditation", 68: "para_sport", 69: "disc_golf", 70: "team_sport",
        71: "cricket", 72: "rugby", 73: "hockey", 74: "lacrosse", 75: "volleyball", 76: "water_tubing",
        77: "wakesurfing", 78: "water_sport", 79: "archery", 80: "mixed_martial_arts", 81: "motor_sports",
        82: "snorkeling", 83: "dance", 84: "jump_rope", 85: "pool_apnea", 86: "mobility", 87: "geocaching",
        88: "canoeing",
    ]

    /// The `sub_sport` type; 0, "generic", adds nothing to a sport's name.
    static let subSports: [UInt32: String] = [
        0: "generic", 1: "treadmill", 2: "street", 3: "trail", 4: "track", 5: "spin", 6: "indoor_cycling", 7: "road",
        8: "mountain", 9: "downhill", 10: "recumbent", 11: "cyclocross", 12: "hand_cycling", 13: "track_cycling",
        14: "indoor_rowing", 15: "elliptical", 16: "stair_climbing", 17: "lap_swimming", 18: "open_water",
        19: "flexibility_training", 20: "strength_training", 21: "warm_up", 22: "match", 23: "exercise",
        24: "challenge", 25: "indoor_skiing", 26: "cardio_training", 27: "indoor_walking", 28: "e_bike_fitness",
        29: "bmx", 30: "casual_walking", 31: "speed_walking", 32: "bike_to_run_transition",
        33: "run_to_bike_transition", 34: "swim_to_bike_transition", 35: "atv", 36: "motocross", 37: "backcountry",
        38: "resort", 39: "rc_drone", 40: "wingsuit", 41: "whitewater", 42: "skate_skiing", 43: "yoga",
        44: "pilates", 45: "indoor_running", 46: "gravel_cycling", 47: "e_bike_mountain", 48: "commuting",
        49: "mixed_surface", 50: "navigate", 51: "track_me", 52: "map", 53: "single_gas_diving",
        54: "multi_gas_diving", 55: "gauge_diving", 56: "apnea_diving", 57: "apnea_hunting", 58: "virtual_activity",
        59: "obstacle", 62: "breathing", 63: "ccr_diving", 65: "sail_race", 66: "expedition", 67: "ultra",
        68: "indoor_climbing", 69: "bouldering", 70: "hiit", 71: "indoor_grinding", 72: "hunting_with_dogs",
        73: "amrap", 74: "emom", 75: "tabata", 77: "esport", 78: "triathlon", 79: "duathlon", 80: "brick",
        81: "swim_run", 82: "adventure_race", 83: "trucker_workout", 84: "pickleball", 85: "padel",
        86: "indoor_wheelchair_walk", 87: "indoor_wheelchair_run", 88: "indoor_hand_cycling", 90: "field", 91: "ice",
        92: "ultimate", 93: "platform", 94: "squash", 95: "badminton", 96: "racquetball", 97: "table_tennis",
        98: "overland", 99: "trolling_motor", 110: "fly_canopy", 111: "fly_paraglide", 112: "fly_paramotor",
        113: "fly_pressurized", 114: "fly_navigate", 115: "fly_timer", 116: "fly_altimeter", 117: "fly_wx",
        118: "fly_vfr", 119: "fly_ifr", 121: "dynamic_apnea", 123: "enduro", 124: "rucking", 125: "rally",
        126: "pool_triathlon", 127: "e_bike_enduro",
    ]

    /// `running`, or `cycling/road` where the sub-sport says more than `generic`; a number the
    /// profile does not name (a newer device's) is kept as the number. Empty for no sport.
    static func sourceType(sport: UInt32?, subSport: UInt32?) -> String {
        guard let sport else { return "" }
        var name = sports[sport] ?? String(sport)
        if let subSport, subSport != 0 {
            name += "/" + (subSports[subSport] ?? String(subSport))
        }
        return name
    }
}
