import Foundation

/// Follows a Garmin Training Center database (TCX v2; elements matched by local name) and sums
/// up each `<Activity>` as it ends: its start from `<Id>`, its timer time, distance and energy
/// from its laps' `TotalTimeSeconds`, `DistanceMeters` and `Calories`, and its track from the
/// laps' trackpoints. Laps need not cover the track (Suunto Movescount writes only the full
/// 1 km autolaps), so the distance is the larger of the laps' sum and the track's length, and
/// the elapsed duration the larger of the laps' timer time and the track's span (DESIGN.md);
/// the laps' timer time is the moving time. Activities are read where the schema puts them:
/// under `<Activities>`, directly or in a multisport session's `<FirstSport>`/`<NextSport>`;
/// courses and planned workouts give none.
final class TCXHandler: XMLEventHandler {
    private(set) var activities: [ImportedActivity] = []
    private(set) var activitiesWithoutLaps = 0

    private enum Node {
        case database, activities, multiSport, sport, activity, id, lap, lapTotal(LapTotal), track, point, pointValue(PointValue), position
        case heartRate, extensions
        case other
    }
    private enum PointValue: String {
        case time = "Time", distance = "DistanceMeters", latitude = "LatitudeDegrees", longitude = "LongitudeDegrees"
        case altitude = "AltitudeMeters", cadence = "Cadence", heartRate = "Value"
        // In Garmin's ActivityExtension v2 (`<Extensions><TPX>`).
        case speed = "Speed", watts = "Watts", runCadence = "RunCadence"
    }
    private enum LapTotal: String { case time = "TotalTimeSeconds", distance = "DistanceMeters", calories = "Calories" }

    /// One activity as it is read.
    private struct Activity {
        var sport = ""
        var line = 0
        var id = ""
        var laps = 0
        var seconds = 0.0
        var metres: Double?
        var kilocalories: Double?
        var track = TrackLength()
        var recorder = TrackRecorder()
    }

    /// The track as its points are read: its length and its last time, not its points.
    struct TrackLength {
        private(set) var metres = 0.0
        private(set) var lastTime: Date?
        private(set) var firstDistance: Double?
        private(set) var lastDistance: Double?
        private var previous: (latitude: Double, longitude: Double)?
        private(set) var fixes = 0

        mutating func add(time: Date?, latitude: Double?, longitude: Double?, distance: Double?) {
            if let time { lastTime = max(lastTime ?? time, time) }
            if let distance {
                if firstDistance == nil { firstDistance = distance }
                lastDistance = distance
            }
            guard let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180 else { return }
            if let previous { metres += GPXDistance.metres(from: (latitude, longitude), to: previous) }
            previous = (latitude, longitude)
            fixes += 1
        }

        /// The device's own running distance, first to last point (what python-tcxparser reads);
        /// else the length along the points with a fix.
        var length: Double? {
            if let firstDistance, let lastDistance, lastDistance > firstDistance { return lastDistance - firstDistance }
            if fixes > 1 { return metres }
            return nil
        }
    }

    /// The point being read.
    private var point: (time: Date?, distance: Double?, latitude: Double?, longitude: Double?) = (nil, nil, nil, nil)
    private var sample = TrackRecorder.Sample()

    private var stack: [Node] = []
    private var activity = Activity()
    private var text = TextCapture()

    func didStart(_ element: String, attributes: [String: String], at location: XMLLocation) throws {
        let node: Node
        switch (stack.last, element) {
        case (nil, "TrainingCenterDatabase"): node = .database
        case (nil, _): throw ImportProblem("errors.import.tcx.notTCX", ["root": String(element.prefix(100))])
        case (.database?, "Activities"): node = .activities
        case (.activities?, "MultiSportSession"): node = .multiSport
        case (.multiSport?, "FirstSport"), (.multiSport?, "NextSport"): node = .sport
        case (.activities?, "Activity"), (.sport?, "Activity"):
            node = .activity
            activity = Activity(sport: attributes["Sport"] ?? "", line: location.line)
        case (.activity?, "Id"):
            node = .id
            text.start()
        case (.activity?, "Lap"):
            node = .lap
            activity.laps += 1
        case (.lap?, "Track"): node = .track
        case (.track?, "Trackpoint"):
            node = .point
            point = (nil, nil, nil, nil)
            sample = TrackRecorder.Sample()
        case (.point?, "Position"): node = .position
        case (.point?, "HeartRateBpm"): node = .heartRate
        case (.point?, "Extensions"): node = .extensions
        case (.point?, "Time"), (.point?, "DistanceMeters"), (.point?, "AltitudeMeters"), (.point?, "Cadence"),
            (.position?, "LatitudeDegrees"), (.position?, "LongitudeDegrees"), (.heartRate?, "Value"):
            node = .pointValue(PointValue(rawValue: element) ?? .time)
            text.start()
        case (.extensions?, "Speed"), (.extensions?, "Watts"), (.extensions?, "RunCadence"):
            node = .pointValue(PointValue(rawValue: element) ?? .speed)
            text.start()
        case (.extensions?, _):
            node = .extensions  // `<TPX>`, which holds the values
        case (.lap?, _):
            if let total = LapTotal(rawValue: element) {
                node = .lapTotal(total)
                text.start()
            } else {
                node = .other
            }
        default: node = .other
        }
        stack.append(node)
    }

    func didEnd(_ element: String, at location: XMLLocation) throws {
        switch stack.popLast() {
        case .id?:
            activity.id = text.finish()
        case .lapTotal(let total)?:
            let value = text.finish()
            // Sums of durations, distances and energy: a negative or non-finite one is a broken file.
            guard let number = XMLText.decimal(value), number >= 0 else {
                throw ImportProblem(
                    "errors.import.tcx.number",
                    ["line": String(location.line), "element": total.rawValue, "value": String(value.prefix(40))])
            }
            switch total {
            case .time: activity.seconds += number
            case .distance: activity.metres = (activity.metres ?? 0) + number
            case .calories: activity.kilocalories = (activity.kilocalories ?? 0) + number
            }
        case .pointValue(let which)?:
            // A trackpoint value that does not read is left out, as python-tcxparser does, rather
            // than refusing the file: the laps hold the file's own totals.
            let value = text.finish()
            switch which {
            case .time: point.time = XSDDateTime(value)?.date
            case .distance: point.distance = XMLText.decimal(value).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            case .latitude: point.latitude = XMLText.decimal(value)
            case .longitude: point.longitude = XMLText.decimal(value)
            case .altitude: sample.elevation = XMLText.decimal(value) ?? .nan
            case .heartRate: sample.heartRate = XMLText.decimal(value) ?? .nan
            case .cadence, .runCadence: sample.cadence = XMLText.decimal(value) ?? sample.cadence
            case .speed: sample.speed = XMLText.decimal(value) ?? .nan
            case .watts: sample.power = XMLText.decimal(value) ?? .nan
            }
        case .point?:
            activity.track.add(time: point.time, latitude: point.latitude, longitude: point.longitude, distance: point.distance)
            sample.time = point.time
            sample.latitude = point.latitude ?? .nan
            sample.longitude = point.longitude ?? .nan
            activity.recorder.add(sample)
        case .activity?:
            try finishActivity()
        default: break
        }
    }

    func found(_ string: String) { text.append(string) }

    private func finishActivity() throws {
        guard !activity.id.isEmpty else {
            throw ImportProblem("errors.import.tcx.noID", ["line": String(activity.line)])
        }
        guard let start = XSDDateTime(activity.id) else {
            throw ImportProblem("errors.import.tcx.id", ["line": String(activity.line), "value": String(activity.id.prefix(40))])
        }
        // The schema requires a lap; an activity without one has no duration to give.
        guard activity.laps > 0 else {
            activitiesWithoutLaps += 1
            return
        }
        // A clock that jumped (a point dated years later) is no span: no activity lasts a week.
        let span = activity.track.lastTime.map { max(0, $0.timeIntervalSince(start.date)) }.flatMap { $0 <= 7 * 86_400 ? $0 : nil } ?? 0
        let metres = max(activity.metres ?? 0, activity.track.length ?? 0)
        var imported =
            ImportedActivity(
                source: .tcx, sourceID: activity.id, sourceType: activity.sport, start: start.date, utcOffset: start.utcOffset,
                duration: max(activity.seconds, span),
                movingTime: activity.seconds > 0 && activity.seconds < span ? activity.seconds : nil,
                // Zero totals are left out as unknown, as the Strava reader does (an indoor activity
                // writes DistanceMeters 0), so they never make a duplicate look richer when merged.
                distance: metres > 0 ? metres : nil,
                energy: activity.kilocalories.flatMap { $0 > 0 ? $0 : nil })
        imported.track = activity.recorder.track()
        activities.append(imported)
    }
}
