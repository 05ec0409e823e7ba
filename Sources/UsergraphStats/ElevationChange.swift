import UsergraphCore

/// Elevation gain and loss as gpxpy's `get_uphill_downhill` computes them (gpxpy 1.6.2,
/// `geo.calculate_uphill_downhill`), the whole track being one segment: samples without an
/// elevation are dropped; each remaining value but the first and the last becomes
/// 0.3·previous + 0.4·own + 0.3·next (its neighbours among the remaining values, unsmoothed);
/// the rises between consecutive smoothed values add to the gain, the falls to the loss.
package struct ElevationChange: Sendable, Equatable {
    /// Metres climbed.
    package var gain: Double
    /// Metres descended, 0 or more.
    package var loss: Double

    package init(gain: Double, loss: Double) {
        self.gain = gain; self.loss = loss
    }

    /// Nil when no sample has an elevation (gpxpy says 0 and 0 there; "unknown" is truer).
    package init?(track: Track) {
        guard let elevations = track[.ele] else { return nil }
        self.init(elevations: elevations)
    }

    /// `elevations`: metres, `.nan` where a sample has none.
    package init?(elevations: [Double]) {
        // One pass, keeping the last two kept values: a smoothed value is known as soon as the
        // value after it is.
        var beforeLast = Double.nan, last = Double.nan
        var previousSmoothed = Double.nan
        var kept = 0
        var gain = 0.0, loss = 0.0
        func add(_ smoothed: Double) {
            // gpxpy: `d = cur - prev; if d > 0: uphill += d else: downhill -= d`.
            let rise = smoothed - previousSmoothed
            if rise > 0 { gain += rise } else { loss -= rise }
            previousSmoothed = smoothed
        }
        for elevation in elevations where !elevation.isNaN {
            kept += 1
            if kept == 1 {
                previousSmoothed = elevation
            } else if kept >= 3 {
                // The same operations in the same order as gpxpy: on the GPX fixtures the sums agree
                // with it to 1e-13 m.
                add(beforeLast * 0.3 + last * 0.4 + elevation * 0.3)
            }
            beforeLast = last
            last = elevation
        }
        guard kept > 0 else { return nil }
        // The last value is not smoothed.
        if kept >= 2 { add(last) }
        self.init(gain: gain, loss: loss)
    }
}
