import UsergraphCore

/// The fastest time over one distance inside one workout (DESIGN.md "History").
package struct BestEffort: Sendable, Equatable {
    /// Metres.
    package var distance: Double
    /// Elapsed seconds over the distance, pauses included, rounded to 0.1 as DESIGN.md writes them.
    package var seconds: Double
    /// Seconds since the track's start where the fastest window begins and ends, unrounded, so
    /// that a page can mark it on the route or on a chart.
    package var start: Double
    package var end: Double

    package init(distance: Double, seconds: Double, start: Double, end: Double) {
        self.distance = distance; self.seconds = seconds; self.start = start; self.end = end
    }
}

/// Which rule tells a GPS jump from a sprint: the highest speed a sample may imply.
package enum EffortSport: Sendable, Equatable {
    /// Running, walking, hiking: no one covers more than 12 m/s (43 km/h) on foot.
    case foot
    /// 35 m/s (126 km/h): faster than any descent a rider would call a best.
    case cycling

    /// Nil for a sport that is neither (swimming has no track worth a best; a ski run would
    /// need its own limit).
    package init?(type: String) {
        switch type {
        case "running", "walking", "hiking": self = .foot
        case "cycling": self = .cycling
        default: return nil
        }
    }

    /// Metres per second; a sample implying more breaks the track before it.
    package var speedLimit: Double {
        switch self {
        case .foot: 12
        case .cycling: 35
        }
    }
}

/// Best efforts (DESIGN.md "History"): the least elapsed time between two points of a track's
/// cumulative distance that are X apart, each end interpolated linearly between samples.
///
/// Only samples with a fix take part, as in `TrackDistance`. A sample whose speed from the
/// previous fixed sample exceeds the sport's limit starts a new stretch, and no window crosses
/// from one stretch to another: the jump's distance counts nowhere.
///
/// Within a stretch, time as a function of distance is piecewise linear, so the elapsed time of
/// a window as a function of where it starts is piecewise linear too, with its corners where
/// either end meets a sample: the least is at one of them. Two sweeps find them all in O(n) per
/// distance — each sample as the start with the end interpolated, then each sample as the end
/// with the start interpolated — each with a second index that only moves forward. Where the
/// runner stood still, a window starts at the last moment at its starting distance and ends at
/// the first at its end: a pause at either end is not part of the effort, one inside it is.
package enum BestEfforts {
    /// Metres: 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon, marathon.
    package static let running: [Double] = [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195]
    /// Metres: 10, 20, 40 and 100 km.
    package static let cycling: [Double] = [10_000, 20_000, 40_000, 100_000]

    /// The distances DESIGN.md keeps bests for, for a workout of `type`; nil for types without
    /// bests (walking and hiking have none, though their tracks follow the on-foot limit).
    package static func distances(type: String) -> [Double]? {
        switch type {
        case "running": running
        case "cycling": cycling
        default: nil
        }
    }

    /// The best effort over each of `distances` (metres, more than 0) that the track reaches
    /// inside one stretch, in the order given; a distance it does not reach is left out.
    /// Of windows equally fast, the earliest is kept.
    /// `steps`: the track's, when they were walked already.
    package static func of(_ track: Track, distances: [Double], sport: EffortSport, steps: TrackSteps? = nil) -> [BestEffort] {
        guard !distances.isEmpty, let route = Stretches(track, speedLimit: sport.speedLimit, steps: steps) else { return [] }
        var found: [BestEffort] = []
        for distance in distances where distance > 0 {
            var best: (start: Double, end: Double)?
            for stretch in route.stretches where route.metres[stretch.upperBound - 1] - route.metres[stretch.lowerBound] >= distance {
                guard let window = route.fastest(distance, in: stretch) else { continue }
                // A later stretch must be faster by more than the tie margin to win.
                if let current = best, window.end - window.start >= current.end - current.start - Stretches.tie { continue }
                best = window
            }
            if let best {
                let seconds = ((best.end - best.start) * 10).rounded() / 10
                found.append(BestEffort(distance: distance, seconds: seconds, start: best.start, end: best.end))
            }
        }
        return found
    }
}

/// A track's fixed samples as time and cumulative distance, cut into stretches at GPS jumps.
private struct Stretches {
    /// Seconds since the track's start, one per fixed sample.
    var times: [Double] = []
    /// Metres from the start to each fixed sample, jumps left out.
    var metres: [Double] = []
    /// Index ranges of `times` and `metres`, each a stretch no window crosses.
    var stretches: [Range<Int>] = []

    /// Seconds within which two windows are equally fast. Sums of haversines carry rounding
    /// noise of a few nanoseconds; without a margin, which of two equal windows is kept
    /// ("the earliest") would be decided by that noise. Far below the 0.1 s written.
    static let tie = 1e-6

    /// Nil when the track has no fix.
    init?(_ track: Track, speedLimit: Double, steps: TrackSteps?) {
        let t = track.t
        guard track[.lat] != nil, track[.lon] != nil else { return nil }
        let steps = (steps ?? TrackSteps(track)).metres
        times.reserveCapacity(t.count)
        metres.reserveCapacity(t.count)
        var total = 0.0
        // The time of the last sample with a fix.
        var previous: Double?
        var stretchStart = 0
        for index in 0..<t.count where !steps[index].isNaN {
            let time = t[index]
            if let previous {
                let step = steps[index]
                // Multiplied rather than divided: a step in no time at all is a jump too.
                if step > speedLimit * (time - previous) {
                    stretches.append(stretchStart..<times.count)
                    stretchStart = times.count
                } else {
                    total += step
                }
            }
            times.append(time)
            metres.append(total)
            previous = time
        }
        guard !times.isEmpty else { return nil }
        stretches.append(stretchStart..<times.count)
    }

    /// The fastest window of `distance` metres inside `stretch` (which is at least that long), as
    /// its start and end in seconds; nil only if rounding leaves no window.
    func fastest(_ distance: Double, in stretch: Range<Int>) -> (start: Double, end: Double)? {
        times.withUnsafeBufferPointer { t in
            metres.withUnsafeBufferPointer { d in
                let first = stretch.lowerBound, last = stretch.upperBound - 1
                let tie = Self.tie
                // No window yet: infinitely slow.
                var bestStart = 0.0, bestEnd = Double.infinity
                func consider(_ start: Double, _ end: Double) {
                    let elapsed = end - start, bestElapsed = bestEnd - bestStart
                    guard elapsed < bestElapsed - tie || (elapsed <= bestElapsed + tie && start < bestStart) else { return }
                    bestStart = start
                    bestEnd = end
                }
                // Each sample as the start: the end is the first moment the distance reaches
                // d[i] + distance, between the first sample at or past it (j) and the one before.
                var j = first
                for i in first...last {
                    let target = d[i] + distance
                    guard target <= d[last] else { break }
                    while d[j] < target { j += 1 }
                    // The end is at t[j - 1] or later: a window already slower by then needs no
                    // interpolation (most windows of a 1 Hz track; some 7 % of a track's time).
                    guard t[j - 1] - t[i] <= bestEnd - bestStart + tie else { continue }
                    // d[j - 1] < target ≤ d[j], and j > i because d[i] < target.
                    let end = t[j - 1] + (target - d[j - 1]) / (d[j] - d[j - 1]) * (t[j] - t[j - 1])
                    consider(t[i], end)
                }
                // Each sample as the end: the start is the last moment the distance was
                // d[j] - distance, between the last sample at or before it (k) and the next.
                var k = first
                for j in first...last {
                    let target = d[j] - distance
                    guard target >= d[first] else { continue }
                    // d[k] ≤ target < d[k + 1], and k + 1 ≤ j because d[j] > target.
                    while d[k + 1] <= target { k += 1 }
                    // The start is at t[k + 1] or earlier.
                    guard t[j] - t[k + 1] <= bestEnd - bestStart + tie else { continue }
                    let start = t[k] + (target - d[k]) / (d[k + 1] - d[k]) * (t[k + 1] - t[k])
                    consider(start, t[j])
                }
                return bestEnd < .infinity ? (bestStart, bestEnd) : nil
            }
        }
    }
}
