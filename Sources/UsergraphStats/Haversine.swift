import Foundation

/// Great-circle distance on a sphere of the Earth's mean radius, as DESIGN.md measures tracks.
package enum Haversine {
    /// The IUGG mean radius (R₁) in metres: DESIGN.md's, and the one `expected.py` uses.
    package static let earthRadius = 6_371_008.8

    /// Whether a latitude and a longitude in degrees are a position on the globe (a NaN is
    /// not). The steps a track walks (`TrackSteps`) and the privacy filter's fixes
    /// (`TrackPrivacy`) must agree on it for the filter to use the steps.
    package static func isOnGlobe(lat: Double, lon: Double) -> Bool {
        (-90...90).contains(lat) && (-180...180).contains(lon)
    }

    /// Metres between two positions in degrees.
    package static func metres(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        Fix(lat: lat1, lon: lon1).metres(to: Fix(lat: lat2, lon: lon2))
    }

    /// A position in radians with its latitude's cosine: a track's walk makes each sample's fix
    /// once and pairs it with the next, so every cosine is computed once, not twice.
    struct Fix {
        let lat: Double
        let lon: Double
        let cosLat: Double

        init(lat degrees: Double, lon longitude: Double) {
            lat = degrees * .pi / 180
            lon = longitude * .pi / 180
            cosLat = cos(lat)
        }

        func metres(to other: Fix) -> Double {
            let sinLat = sin((other.lat - lat) / 2), sinLon = sin((other.lon - lon) / 2)
            let a = sinLat * sinLat + cosLat * other.cosLat * sinLon * sinLon
            // min: rounding may lift `a` a hair above 1 for antipodes, where asin is undefined.
            return 2 * Haversine.earthRadius * asin(min(1, a.squareRoot()))
        }
    }
}
