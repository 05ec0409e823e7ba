import UsergraphCore

/// A workout's numbers derived from its track (DESIGN.md "Tracks"), each nil where the track
/// lacks the data. Made in three passes over the columns (positions, elevations, heart rates),
/// without allocating per sample.
package struct TrackSummary: Sendable, Equatable {
    /// Seconds from the first sample to the last.
    package var elapsed: Double
    /// Metres along the route; nil without a position.
    package var distance: Double?
    /// Seconds (`MovingTime`); nil when no interval has a speed.
    package var movingTime: Double?
    package var elevationGain: Double?
    package var elevationLoss: Double?
    package var avgHeartRate: Int?
    package var maxHeartRate: Int?

    /// `type`: the workout's, for the moving threshold of its sport; `steps`: the track's, when
    /// they were walked already.
    package init(track: Track, type: String, steps: TrackSteps? = nil) {
        elapsed = (track.t.last ?? 0) - (track.t.first ?? 0)
        let walk = RouteWalk(track, minimumSpeed: MovingTime.minimumSpeed(type: type), steps: steps)
        distance = walk.distance
        movingTime = walk.movingTime
        let elevation = ElevationChange(track: track)
        elevationGain = elevation?.gain
        elevationLoss = elevation?.loss
        let heartRate = HeartRateSummary(track: track)
        avgHeartRate = heartRate?.average
        maxHeartRate = heartRate?.maximum
    }

    /// Pace or speed for a workout of `type` (`PaceKind`): over moving time, elapsed when there
    /// is none; nil for a sport told by neither, or without distance or time.
    package func pace(type: String) -> TrackPace? {
        guard let kind = PaceKind(type: type), let distance, distance > 0 else { return nil }
        let seconds = movingTime.flatMap { $0 > 0 ? $0 : nil } ?? elapsed
        guard seconds > 0 else { return nil }
        return TrackPace(kind, metres: distance, seconds: seconds)
    }
}

/// How quick a workout was, unrounded: the page decides how to write it.
package enum TrackPace: Sendable, Equatable {
    case secondsPerKm(Double)
    case kmPerHour(Double)

    /// `metres` and `seconds` more than 0.
    package init(_ kind: PaceKind, metres: Double, seconds: Double) {
        switch kind {
        case .pace: self = .secondsPerKm(seconds / (metres / 1000))
        case .speed: self = .kmPerHour((metres / 1000) / (seconds / 3600))
        }
    }
}
