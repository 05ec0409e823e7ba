import UsergraphCore

/// Distance along a track (DESIGN.md "Tracks"): haversine between consecutive samples with a
/// fix. A sample without a fix (no latitude or no longitude) is skipped: the next fixed sample
/// joins the previous fixed one, so a lost signal shortens nothing.
package enum TrackDistance {
    /// Metres along the route; nil when no sample has a fix.
    package static func total(of track: Track) -> Double? {
        RouteWalk(track, minimumSpeed: nil).distance
    }

    /// Metres from the start to each sample, one per sample (for splits and charts over
    /// distance). A sample without a fix keeps the previous sample's value; samples before the
    /// first fix are at 0.
    package static func cumulative(of track: Track) -> [Double] {
        TrackSteps(track).cumulative
    }
}

/// The metres from each sample's position to the one before it with a position: the haversine
/// of every pair of consecutive fixes, the dearest thing computed per sample. A workout's page
/// needs them for its distance, moving time, splits, profile and best efforts; walked once and
/// shared, each of those adds them up in the order it always did, so its numbers are the same
/// to the last bit as when each walked the track itself.
package struct TrackSteps: Sendable {
    /// One per sample of `t`: NaN for a sample without a fix (no latitude or no longitude, or
    /// past the end of a shorter column), 0 for the first fix.
    package let metres: [Double]
    /// Whether every fix is a position on the globe and the position columns are as long as
    /// `t`: then these are the steps the privacy filter walks too (`TrackPrivacy.apply`), which
    /// passes over a position off the globe where these count it.
    package let onGlobe: Bool

    package init(_ track: Track) {
        var metres = [Double](repeating: .nan, count: track.t.count)
        var onGlobe = true
        if let lat = track[.lat], let lon = track[.lon] {
            let count = min(track.t.count, lat.count, lon.count)
            onGlobe = lat.count == track.t.count && lon.count == track.t.count
            var previous: Haversine.Fix?
            metres.withUnsafeMutableBufferPointer { out in
                for index in 0..<count where !lat[index].isNaN && !lon[index].isNaN {
                    if !Haversine.isOnGlobe(lat: lat[index], lon: lon[index]) { onGlobe = false }
                    let fix = Haversine.Fix(lat: lat[index], lon: lon[index])
                    out[index] = previous.map { $0.metres(to: fix) } ?? 0
                    previous = fix
                }
            }
        }
        self.metres = metres
        self.onGlobe = onGlobe
        var total = 0.0
        cumulative = metres.map { step in
            if !step.isNaN { total += step }
            return total
        }
    }

    /// Metres from the start to each sample (`TrackDistance.cumulative`): a page's profile and
    /// its privacy filter both need them.
    package let cumulative: [Double]
}
