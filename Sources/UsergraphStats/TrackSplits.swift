import UsergraphCore

/// The unit a track is split by: kilometres, or miles with `units: imperial`.
package enum SplitUnit: Sendable, Equatable {
    case kilometre, mile

    package var metres: Double {
        switch self {
        case .kilometre: 1000
        case .mile: 1609.344
        }
    }
}

/// One split of a track: a full unit of distance, or the rest after the last full one.
package struct Split: Sendable, Equatable {
    /// Metres: the unit's length, less for the rest.
    package var distance: Double
    /// Elapsed seconds over it, pauses included.
    package var seconds: Double
    /// Seconds per unit (per kilometre or per mile, as split).
    package var pace: Double

    package init(distance: Double, seconds: Double, pace: Double) {
        self.distance = distance; self.seconds = seconds; self.pace = pace
    }
}

/// Splits (DESIGN.md "Tracks"): the elapsed time of each full unit of cumulative distance,
/// then the rest. The moment a boundary is crossed is interpolated linearly in time between the
/// fixed sample before it and the one that reaches it; samples without a fix between them are
/// passed over, as the distance passes over them. The first split starts at the first sample
/// and the rest ends at the last, fixed or not, so the splits add up to the elapsed time.
package enum TrackSplits {
    /// Empty when the track has no distance. `steps`: the track's, when they were walked already.
    package static func of(_ track: Track, unit: SplitUnit = .kilometre, steps: TrackSteps? = nil) -> [Split] {
        let t = track.t
        guard let start = t.first, let end = t.last, track[.lat] != nil, track[.lon] != nil else { return [] }
        let metres = (steps ?? TrackSteps(track)).metres
        let length = unit.metres
        var splits: [Split] = []
        var total = 0.0
        // The time of the last sample with a fix.
        var previous: Double?
        var boundaryTime = start
        var nextBoundary = length
        for index in 0..<t.count where !metres[index].isNaN {
            if let previous {
                let before = total
                total += metres[index]
                // A long step may cross several boundaries; each is `before` < boundary ≤ `total`.
                while total >= nextBoundary {
                    let time = previous + (nextBoundary - before) / (total - before) * (t[index] - previous)
                    splits.append(Split(distance: length, seconds: time - boundaryTime, pace: time - boundaryTime))
                    boundaryTime = time
                    // Multiplied, not summed, so that the hundredth boundary is not 100 roundings off.
                    nextBoundary = Double(splits.count + 1) * length
                }
            }
            previous = t[index]
        }
        let rest = total - Double(splits.count) * length
        if rest > 0 {
            let seconds = end - boundaryTime
            splits.append(Split(distance: rest, seconds: seconds, pace: seconds / (rest / length)))
        }
        return splits
    }
}
