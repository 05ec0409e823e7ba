import UsergraphCore

/// A track cut into stretches of equal distance, for the charts over distance (elevation, pace
/// or speed, heart rate) and their tables: a chart of 3,600 points would be 50 KB of SVG and
/// show no more than one of a hundred.
package struct TrackProfile: Sendable, Equatable {
    /// One stretch: where it ends along the route, and its means.
    package struct Stretch: Sendable, Equatable {
        /// Metres from the start to the stretch's end.
        package var end: Double
        /// Metres covered in it (the last one may be shorter).
        package var distance: Double
        /// Seconds it took.
        package var seconds: Double
        /// Means of its samples; NaN where none had a value.
        package var elevation: Double
        package var heartRate: Double

        /// Metres per second over the stretch; NaN when it took no time.
        package var speed: Double { seconds > 0 ? distance / seconds : .nan }
    }

    package var stretches: [Stretch]

    /// Stretches of `width` metres along the cumulative distance (`TrackDistance.cumulative`);
    /// none for a track without a position or a width that is not positive. A stretch's time
    /// runs from the first sample at or past its start to the first at or past its end.
    /// `along`: `TrackDistance.cumulative(of: track)` when it is known already.
    package init(track: Track, width: Double, along known: [Double]? = nil) {
        stretches = []
        let along = known ?? TrackDistance.cumulative(of: track)
        guard width > 0, let total = along.last, total > 0, along.count == track.count else { return }
        let elevation = track[.ele], heartRate = track[.hr]
        var startIndex = 0
        var start = 0.0
        var sums = (elevation: 0.0, elevations: 0, heartRate: 0.0, heartRates: 0)
        for index in 0..<track.count {
            if let value = elevation?[index], !value.isNaN { sums.elevation += value; sums.elevations += 1 }
            if let value = heartRate?[index], !value.isNaN { sums.heartRate += value; sums.heartRates += 1 }
            let isLast = index == track.count - 1
            guard along[index] - start >= width || isLast else { continue }
            let end = isLast ? total : along[index]
            guard end > start || stretches.isEmpty else { break }
            stretches.append(
                Stretch(
                    end: end, distance: end - start, seconds: track.t[index] - track.t[startIndex],
                    elevation: sums.elevations > 0 ? sums.elevation / Double(sums.elevations) : .nan,
                    heartRate: sums.heartRates > 0 ? sums.heartRate / Double(sums.heartRates) : .nan))
            start = end
            startIndex = index
            sums = (0, 0, 0, 0)
        }
    }
}
