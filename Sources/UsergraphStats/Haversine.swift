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
            // Multiplied by π / 180 rather than divided by 180 after: a division a coordinate.
            lat = degrees * (.pi / 180)
            lon = longitude * (.pi / 180)
            cosLat = cos(lat)
        }

        func metres(to other: Fix) -> Double {
            let sinLat = Haversine.sine((other.lat - lat) / 2), sinLon = Haversine.sine((other.lon - lon) / 2)
            let a = sinLat * sinLat + cosLat * other.cosLat * sinLon * sinLon
            // min: rounding may lift `a` a hair above 1 for antipodes, where asin is undefined.
            return 2 * Haversine.earthRadius * Haversine.arcsine(min(1, a.squareRoot()))
        }
    }

    /// Below this (radians, about 6 km of half a step), `sine` and `arcsine` use their series.
    static let smallAngle = 1e-3

    /// sin x. A track's steps are metres, so their half-angles are around 10⁻⁷: there the
    /// series to x⁵ is sin x to within 10⁻²² of x, below a Double's own rounding, at a fraction
    /// of libm's cost (sines and arcsines were a twentieth of a full build).
    @inline(__always)
    static func sine(_ x: Double) -> Double {
        guard abs(x) < smallAngle else { return sin(x) }
        let x2 = x * x
        return x * (1 - x2 * (1.0 / 6) * (1 - x2 * (1.0 / 20)))
    }

    /// asin z, by its series to z⁵ where z is small (as `sine`). Both multiply by the
    /// coefficients rather than divide, which would take most of their time.
    @inline(__always)
    static func arcsine(_ z: Double) -> Double {
        guard z < smallAngle else { return asin(z) }
        let z2 = z * z
        return z * (1 + z2 * (1.0 / 6) * (1 + z2 * (9.0 / 20)))
    }
}
