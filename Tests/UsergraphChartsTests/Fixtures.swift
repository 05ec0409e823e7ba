import Foundation
import UsergraphCharts

/// Deterministic sample data: no randomness, so goldens never drift.
enum Sample {
    static let languages = [
        ChartPoint(label: "Swift", value: 14), ChartPoint(label: "Python", value: 7),
        ChartPoint(label: "C", value: 3), ChartPoint(label: "Shell", value: 1),
        ChartPoint(label: "Objective-C++", value: 0),
    ]
    static let ageLabels = ["18-21", "22-25", "26-30", "31-35", "36-40", "41-50", "51+"]
    static let men = ChartSeries(name: "Men", values: [3, 8, 12, 9, 4, 2, 1])
    static let women = ChartSeries(name: "Women", values: [5, 6, 10, 7, 5, 3, 0])
    static let weightChange = [
        ChartPoint(label: "7 days", value: -0.3), ChartPoint(label: "30 days", value: -0.8),
        ChartPoint(label: "90 days", value: 1.25), ChartPoint(label: "1 year", value: -4.6),
    ]
    static let hostile = [
        ChartPoint(label: "<script>alert('x')</script>", value: 2),
        ChartPoint(label: "Tom & \"Jerry\"", value: 1),
        ChartPoint(label: "Очень длинное название языка программирования", value: 3),
        ChartPoint(label: "tab\there\u{1}", value: .nan),
    ]
    static let weekly: [Double] = [2, 3, 1, 0, 4, 5, 3, 2, 6, 4, 3, 5]
    static let weights: [Double] = [74.2, 74.0, 73.8, 73.9, 73.5, 73.1, 73.3, 72.9, 72.8, 72.4]
    static let deltas: [Double] = [-0.5, -1.2, 0.4, 1.8, -2.6, 0.0, 0.9, -0.3]
    /// 400 values with a slow wave and a weekly bump, longer than any width used.
    static let long: [Double] = (0..<400).map { (i: Int) -> Double in
        let noise = Double((i * 7919) % 13)
        let wave = Double(i % 50) / 5
        let bump: Double = i % 7 == 5 ? 6 : 0
        return noise + wave + bump
    }
    /// 363 days from a Monday (the last week partial): busier on weekdays and towards the end.
    static let year: [Double] = (0..<363).map { (i: Int) -> Double in
        let base = (i * i * 31 + i * 17 + i / 7) % 9
        return base < 4 ? 0 : Double(base - 3 + i / 120)
    }
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let ruDayNames = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]
    /// Month names on the weeks a month starts in (the year starts on Monday 2025-11-24).
    static let monthStarts: [Int: String] = [
        1: "Dec", 6: "Jan", 10: "Feb", 14: "Mar", 18: "Apr", 23: "May", 27: "Jun", 31: "Jul",
        36: "Aug", 40: "Sep", 44: "Oct", 49: "Nov",
    ]
    static let weekLabels: [String] = (0..<52).map { monthStarts[$0] ?? "" }

    static func heatDays(_ values: [Double]) -> [HeatmapDay] {
        values.enumerated().map { i, v in
            HeatmapDay(value: v, title: "day \(i + 1): \(Int(v)) workouts")
        }
    }
}

/// A short loop in a park, a gap (the watch lost its fix under a bridge) and the way back:
/// hand-written, so the route's golden file never drifts.
enum SampleRoute {
    static let latitudes: [Double] = [
        52.5200, 52.5206, 52.5213, 52.5219, 52.5223, 52.5224, .nan, .nan, 52.5220, 52.5214, 52.5208, 52.5203, 52.5201,
    ]
    static let longitudes: [Double] = [
        13.4050, 13.4052, 13.4060, 13.4071, 13.4085, 13.4099, .nan, 13.4110, 13.4112, 13.4104, 13.4090, 13.4071, 13.4056,
    ]
}

/// A seeded random number generator (SplitMix64): the same track on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Synthetic GPS tracks for the route pictures.
enum SampleTrack {
    /// A run at 1 Hz: about 3 m/s along a heading that wanders, each fix off by a few metres of
    /// GPS jitter, starting at (`latitude`, `longitude`).
    static func run(
        seconds: Int, seed: UInt64 = 42, latitude: Double = 55.751244, longitude: Double = 37.618423
    ) -> (latitudes: [Double], longitudes: [Double]) {
        var random = SeededGenerator(state: seed)
        let metresPerDegree = 111_320.0
        let cosine = cos(latitude * .pi / 180)
        var (east, north) = (0.0, 0.0)
        var heading = Double.random(in: 0..<(2 * .pi), using: &random)
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        latitudes.reserveCapacity(seconds)
        longitudes.reserveCapacity(seconds)
        for _ in 0..<seconds {
            heading += Double.random(in: -0.12...0.12, using: &random)
            let speed = 3 + Double.random(in: -0.4...0.4, using: &random)
            east += speed * cos(heading)
            north += speed * sin(heading)
            // The sum of three uniforms: roughly normal jitter, a few metres either way.
            let jitterEast = (0..<3).reduce(0.0) { sum, _ in sum + Double.random(in: -2...2, using: &random) }
            let jitterNorth = (0..<3).reduce(0.0) { sum, _ in sum + Double.random(in: -2...2, using: &random) }
            latitudes.append(latitude + (north + jitterNorth) / metresPerDegree)
            longitudes.append(longitude + (east + jitterEast) / (metresPerDegree * cosine))
        }
        return (latitudes, longitudes)
    }
}
