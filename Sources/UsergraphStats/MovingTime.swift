import UsergraphCore

/// Moving time (DESIGN.md "Tracks"): the sum of sample intervals of at most `longestInterval`
/// seconds whose speed is at least `minimumSpeed(type:)`.
///
/// DESIGN.md does not say what an interval's speed is. Here it is its haversine distance over
/// its duration when both of its samples have a fix (what the positions say, even when the
/// device also wrote a speed), else the `speed` column's value at its first sample when there is
/// one (an indoor ride's sensor, a lost signal); an interval with neither has no speed and is not
/// counted as moving.
package enum MovingTime {
    /// Longer intervals are pauses (auto-pause, a lost signal) whatever the distance.
    package static let longestInterval = 10.0

    /// Metres per second: 1 for cycling, the sport told by speed (`PaceKind`), 0.5 for others.
    package static func minimumSpeed(type: String) -> Double {
        PaceKind(type: type) == .speed ? 1 : 0.5
    }

    /// Seconds; nil when no interval of the track has a speed (no two consecutive fixes and no
    /// `speed` value), so that a caller falls back on elapsed time rather than on 0.
    package static func seconds(of track: Track, type: String) -> Double? {
        RouteWalk(track, minimumSpeed: minimumSpeed(type: type)).movingTime
    }
}

/// One pass over a track's positions for distance and, when asked, moving time: both need
/// the haversine of consecutive fixes, the dearest thing computed per sample.
struct RouteWalk {
    /// Metres; nil without a fix.
    private(set) var distance: Double?
    /// Seconds; nil when not asked for or when no interval has a speed.
    private(set) var movingTime: Double?

    init(_ track: Track, minimumSpeed: Double?, steps: TrackSteps? = nil) {
        let t = track.t
        let speed = track[.speed] ?? []
        let metres = (steps ?? TrackSteps(track)).metres
        var total = 0.0, moving = 0.0
        var anySpeed = false, anyFix = false
        // Whether the sample just before had a fix: only then is the step an interval's.
        var previousIsFixed = false
        for index in 0..<t.count {
            let fixed = !metres[index].isNaN
            var step: Double?
            if fixed {
                // The first fix's step is 0, and no sample before it had a fix.
                total += metres[index]
                if previousIsFixed { step = metres[index] }
                anyFix = true
            }
            if let minimumSpeed, index > 0 {
                let duration = t[index] - t[index - 1]
                var intervalSpeed: Double?
                if let step {
                    intervalSpeed = duration > 0 ? step / duration : 0
                } else if index - 1 < speed.count, !speed[index - 1].isNaN {
                    intervalSpeed = speed[index - 1]
                }
                if let intervalSpeed {
                    anySpeed = true
                    if duration > 0, duration <= MovingTime.longestInterval, intervalSpeed >= minimumSpeed { moving += duration }
                }
            }
            previousIsFixed = fixed
        }
        distance = anyFix ? total : nil
        movingTime = minimumSpeed != nil && anySpeed ? moving : nil
    }
}
