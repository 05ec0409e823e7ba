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
        var result = [Double](repeating: 0, count: track.count)
        guard let lat = track[.lat], let lon = track[.lon] else { return result }
        let count = min(track.count, lat.count, lon.count)
        var total = 0.0
        var previous: Haversine.Fix?
        result.withUnsafeMutableBufferPointer { out in
            for index in 0..<count {
                if !lat[index].isNaN, !lon[index].isNaN {
                    let fix = Haversine.Fix(lat: lat[index], lon: lon[index])
                    if let previous { total += previous.metres(to: fix) }
                    previous = fix
                }
                out[index] = total
            }
            // A column shorter than `t` (a track made in code, never a stored one) ends the route.
            for index in count..<out.count { out[index] = total }
        }
        return result
    }
}
