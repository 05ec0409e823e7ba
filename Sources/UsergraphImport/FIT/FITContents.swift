/// What usergraph takes from a FIT buffer, as its messages say it: raw FIT times, values
/// scaled to the profile's units, and which file of a chain each came from. Turning times into
/// dates needs the whole file (the `activity` message that gives the local time comes last),
/// so that is `FITRecordMaker`'s job, afterwards.
struct FITContents {
    /// The messages `add` reads.
    static let messages: Set<UInt16> = [
        FITProfile.FileID.message, FITProfile.Session.message, FITProfile.Lap.message, FITProfile.Sport.message,
        FITProfile.Activity.message, FITProfile.WeightScale.message, FITProfile.Record.message,
    ]

    /// `file_id`: who wrote the file and when, which makes a stable id for its records.
    struct FileID {
        var serial: UInt32?
        var timeCreated: UInt32?
    }

    /// `activity`: its end in UTC and on the wall clock (which give the UTC offset), and its
    /// time in motion.
    struct Activity {
        var timestamp: UInt32?
        var localTimestamp: UInt32?
        var timer: Double?
    }

    /// The totals of a `session` (one sport of an activity: a triathlon has one per leg and
    /// transition) or of a `lap`.
    struct Totals {
        var file: Int
        var start: UInt32?
        /// Field 253: when it ended.
        var end: UInt32?
        var sport: UInt32?
        var subSport: UInt32?
        /// Seconds.
        var elapsed: Double?
        var timer: Double?
        /// Metres.
        var distance: Double?
        var calories: Double?
    }

    /// `weight_scale`: one measurement.
    struct Weight {
        var file: Int
        var time: UInt32?
        var kg: Double?
    }

    /// `record`: one sample, its values in the profile's units, NaN where the device wrote none.
    struct Record {
        var file: Int
        var time: UInt32
        var sample: TrackRecorder.Sample
    }

    /// The first `file_id`, `activity` and `sport` of each file of the chain, by its index.
    private(set) var fileIDs: [Int: FileID] = [:]
    private(set) var activities: [Int: Activity] = [:]
    private(set) var sports: [Int: (sport: UInt32?, subSport: UInt32?)] = [:]
    private(set) var sessions: [Totals] = []
    private(set) var laps: [Totals] = []
    private(set) var weights: [Weight] = []
    /// The samples with a time, in the file's order.
    private(set) var records: [Record] = []

    mutating func add(_ message: FITMessage) {
        switch message.global {
        case FITProfile.FileID.message where fileIDs[message.file] == nil:
            fileIDs[message.file] = FileID(
                serial: message.unsigned(FITProfile.FileID.serialNumber),
                timeCreated: message.unsigned(FITProfile.FileID.timeCreated))
        case FITProfile.Activity.message where activities[message.file] == nil:
            activities[message.file] = Activity(
                timestamp: message.timestamp, localTimestamp: message.unsigned(FITProfile.Activity.localTimestamp),
                timer: Self.amount(message.number(FITProfile.Activity.totalTimerTime), scale: FITProfile.Session.timeScale))
        case FITProfile.Sport.message where sports[message.file] == nil:
            sports[message.file] = (message.unsigned(FITProfile.Sport.sport), message.unsigned(FITProfile.Sport.subSport))
        case FITProfile.Session.message:
            sessions.append(Self.totals(message, sport: FITProfile.Session.sport, subSport: FITProfile.Session.subSport))
        case FITProfile.Lap.message:
            laps.append(Self.totals(message, sport: FITProfile.Lap.sport, subSport: FITProfile.Lap.subSport))
        case FITProfile.Record.message:
            guard let time = message.timestamp else { break }
            records.append(Record(file: message.file, time: time, sample: Self.sample(message)))
        case FITProfile.WeightScale.message:
            let raw = message.number(FITProfile.WeightScale.weight)
            weights.append(
                Weight(
                    file: message.file, time: message.timestamp,
                    kg: raw == FITProfile.WeightScale.calculating ? nil : Self.amount(raw, scale: FITProfile.WeightScale.weightScale)))
        default:
            break
        }
    }

    /// The file's `file_id`, or the chain's first where the file has none (the files a watch
    /// appends to an activity carry only samples).
    func fileID(of file: Int) -> FileID? {
        fileIDs[file] ?? fileIDs.min { $0.key < $1.key }?.value
    }

    func activity(of file: Int) -> Activity? {
        activities[file] ?? activities.min { $0.key < $1.key }?.value
    }

    private static func sample(_ message: FITMessage) -> TrackRecorder.Sample {
        typealias Field = FITProfile.Record
        var sample = TrackRecorder.Sample()
        if let lat = message.number(Field.positionLat), let lon = message.number(Field.positionLong) {
            sample.latitude = lat * Field.degreesPerSemicircle
            sample.longitude = lon * Field.degreesPerSemicircle
        }
        if let altitude = message.number(Field.enhancedAltitude) ?? message.number(Field.altitude) { sample.elevation = altitude / 5 - 500 }
        if let speed = message.number(Field.enhancedSpeed) ?? message.number(Field.speed) { sample.speed = speed / 1000 }
        sample.heartRate = message.number(Field.heartRate) ?? .nan
        sample.cadence = message.number(Field.cadence) ?? .nan
        sample.power = message.number(Field.power) ?? .nan
        return sample
    }

    private static func totals(_ message: FITMessage, sport: UInt8, subSport: UInt8) -> Totals {
        typealias Field = FITProfile.Session
        return Totals(
            file: message.file, start: message.unsigned(Field.startTime), end: message.timestamp,
            sport: message.unsigned(sport), subSport: message.unsigned(subSport),
            elapsed: amount(message.number(Field.totalElapsedTime), scale: Field.timeScale),
            timer: amount(message.number(Field.totalTimerTime), scale: Field.timeScale),
            distance: amount(message.number(Field.totalDistance), scale: Field.distanceScale),
            calories: amount(message.number(Field.totalCalories), scale: 1))
    }

    /// A raw value in the profile's unit; nil for a negative one, which no total can be (a
    /// signed base type where the profile has an unsigned one).
    private static func amount(_ raw: Double?, scale: Double) -> Double? {
        guard let raw, raw >= 0 else { return nil }
        return raw / scale
    }
}
