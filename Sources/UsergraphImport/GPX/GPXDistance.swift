import Foundation

/// The distance between two track points as gpxpy's `length_2d()` measures it (gpxpy/geo.py,
/// `distance` with `haversine=False`), so a track's length here agrees with the reference
/// reader's: points less than 0.2° apart in both latitude and longitude (every step of a
/// recorded track) on a flat equirectangular approximation, farther ones by haversine. Both
/// use WGS84's equatorial radius, as gpxpy does; on real tracks the flat formula differs from
/// haversine by far less than 0.1 %.
enum GPXDistance {
    static let earthRadius = 6_378_137.0
    static let oneDegree = 2 * Double.pi * earthRadius / 360

    /// Metres from `from` to `to`, in gpxpy's argument order: the cosine is taken at `from`'s
    /// latitude (gpxpy's `location.distance_2d(previous)` passes the later point first).
    static func metres(from: (latitude: Double, longitude: Double), to: (latitude: Double, longitude: Double)) -> Double {
        let dLatitude = from.latitude - to.latitude
        let dLongitude = from.longitude - to.longitude
        if abs(dLatitude) > 0.2 || abs(dLongitude) > 0.2 {
            return haversine(from, to)
        }
        let x = dLatitude
        let y = dLongitude * cos(from.latitude * .pi / 180)
        return (x * x + y * y).squareRoot() * oneDegree
    }

    static func haversine(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let dLongitude = (a.longitude - b.longitude) * radians
        let latitudeA = a.latitude * radians
        let latitudeB = b.latitude * radians
        let dLatitude = latitudeA - latitudeB
        let sinLatitude = sin(dLatitude / 2)
        let sinLongitude = sin(dLongitude / 2)
        let h = sinLatitude * sinLatitude + sinLongitude * sinLongitude * cos(latitudeA) * cos(latitudeB)
        return earthRadius * 2 * asin(min(1, h.squareRoot()))
    }
}
