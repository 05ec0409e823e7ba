import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Expected values are worked out by hand from DESIGN.md. Positions lie on the equator or on a
// meridian, where the haversine distance is exactly R·Δθ, so a distance in metres is written
// as a longitude of `metres / metresPerDegree`.

/// Metres per degree of a great circle at the radius DESIGN.md names: 6,371,008.8 · π / 180.
private let metresPerDegree = 6_371_008.8 * Double.pi / 180

/// A track along the equator: each sample `(seconds, metres east of 0°)`, `nil` metres for a
/// sample without a fix.
private func equatorTrack(_ samples: [(Double, Double?)], extra: [Track.Column: [Double]] = [:]) -> Track {
    var columns = extra
    columns[.lat] = samples.map { $0.1 == nil ? .nan : 0 }
    columns[.lon] = samples.map { $0.1.map { $0 / metresPerDegree } ?? .nan }
    return Track(start: "2026-06-01T07:00:00+03:00", t: samples.map(\.0), columns: columns)
}

private func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

@Suite(.scratch) struct HaversineTests {
    @Test func aDegreeOfTheEquatorAndAQuarterOfAMeridian() {
        #expect(close(Haversine.metres(lat1: 0, lon1: 0, lat2: 0, lon2: 1), 111_195.080_233_5, within: 1e-4))  // 6,371,008.8 · π / 180
        #expect(close(Haversine.metres(lat1: 0, lon1: 10, lat2: 90, lon2: 10), 6_371_008.8 * Double.pi / 2, within: 1e-4))
        // Across the antimeridian: 0.2° apart, not 359.8°.
        #expect(close(Haversine.metres(lat1: 0, lon1: 179.9, lat2: 0, lon2: -179.9), 0.2 * metresPerDegree, within: 1e-4))
        #expect(Haversine.metres(lat1: 0, lon1: 0, lat2: 0, lon2: 180).isFinite)
    }

    /// Small angles take a series instead of libm's sin and asin: to within a Double's
    /// rounding of them, from a step's 10⁻¹⁰ radians up to where libm takes over.
    @Test func theSeriesAreLibmsSineAndArcsine() {
        var worst = 0.0
        var x = 1e-12
        while x < Haversine.smallAngle {
            for value in [x, -x] { worst = max(worst, abs(Haversine.sine(value) - sin(value)) / abs(sin(value))) }
            worst = max(worst, abs(Haversine.arcsine(x) - asin(x)) / asin(x))
            x *= 1.01
        }
        // Within one ulp (2.2·10⁻¹⁶ of the value); a wrong x⁵ coefficient, 1/126 for 1/120, is
        // off by twice that near the top, a missing x⁵ term by forty times.
        #expect(worst <= 2.5e-16, "\(worst)")
        #expect(Haversine.sine(0) == 0 && Haversine.arcsine(0) == 0)
        #expect(Haversine.sine(0.5) == sin(0.5) && Haversine.arcsine(0.5) == asin(0.5))
    }

    /// Steps of a few metres anywhere on the globe measure what the formula with libm measures.
    @Test func aStepMeasuresAsTheFormulaDoes() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let lat = Double(generator.below(170_000)) / 1000 - 85, lon = Double(generator.below(360_000)) / 1000 - 180
            let dLat = Double(generator.below(2001)) / 1e7 - 1e-4, dLon = Double(generator.below(2001)) / 1e7 - 1e-4
            let measured = Haversine.metres(lat1: lat, lon1: lon, lat2: lat + dLat, lon2: lon + dLon)
            // Radians as Python's math.radians makes them (gpxpy's, for the expected values).
            let radians = Double.pi / 180
            let (p1, p2) = (lat * radians, (lat + dLat) * radians)
            let (h1, h2) = (sin((p2 - p1) / 2), sin(((lon + dLon) * radians - lon * radians) / 2))
            let formula = 2 * Haversine.earthRadius * asin((h1 * h1 + cos(p1) * cos(p2) * h2 * h2).squareRoot())
            #expect(abs(measured - formula) <= 1e-12 * max(1, formula), "\(lat), \(lon) + \(dLat), \(dLon)")
        }
    }
}

@Suite(.scratch) struct TrackDistanceTests {
    @Test func aSampleWithoutAFixIsSkippedNotCounted() {
        let track = equatorTrack([(0, 0), (1, nil), (2, 300), (3, 500)])
        #expect(close(TrackDistance.total(of: track), 500))
        let cumulative = TrackDistance.cumulative(of: track)
        #expect(cumulative.count == 4)
        #expect(close(cumulative[0], 0) && close(cumulative[1], 0) && close(cumulative[2], 300) && close(cumulative[3], 500))
    }

    @Test func samplesBeforeTheFirstFixAreAtZero() {
        let cumulative = TrackDistance.cumulative(of: equatorTrack([(0, nil), (1, 100), (2, nil), (3, 250)]))
        #expect(close(cumulative[0], 0) && close(cumulative[1], 0) && close(cumulative[2], 0) && close(cumulative[3], 150))
    }

    @Test func aTrackWithoutPositionsHasNoDistance() {
        let track = Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1, 2], columns: [.hr: [120, 130, .nan]])
        #expect(TrackDistance.total(of: track) == nil)
        #expect(TrackDistance.cumulative(of: track) == [0, 0, 0])
        #expect(TrackSplits.of(track).isEmpty)
        #expect(MovingTime.seconds(of: track, type: "running") == nil)
        let summary = TrackSummary(track: track, type: "running")
        #expect(summary.distance == nil && summary.movingTime == nil && summary.elevationGain == nil)
        #expect(summary.avgHeartRate == 125 && summary.maxHeartRate == 130)
        #expect(summary.elapsed == 2)
        #expect(summary.pace(type: "running") == nil)
    }
}

@Suite(.scratch) struct MovingTimeTests {
    /// 2 m/s, a 15 s gap while running (left out: over 10 s), 2 m/s again, a 5 s pause,
    /// then 0.75 m/s: moving for running (≥ 0.5) but not for cycling (< 1).
    private let track = equatorTrack([(0, 0), (5, 10), (10, 20), (25, 50), (30, 60), (35, 60), (39, 63)])

    @Test func longIntervalsAndPausesAreLeftOut() {
        #expect(close(MovingTime.seconds(of: track, type: "running"), 5 + 5 + 5 + 4))
        #expect(close(MovingTime.seconds(of: track, type: "cycling"), 5 + 5 + 5))
    }

    @Test func withoutFixesTheSpeedColumnDecides() {
        // 0→2 s: no fix at its end and no speed at its start: not moving. 2→4 s: no fix, the
        // column says 3 m/s at its start: moving. 4→6 s: no fix at its start, no speed: not
        // moving. 6→8 s: fixes at both ends win over the column's 9 m/s: 0 m, not moving.
        let track = equatorTrack(
            [(0, 0), (2, nil), (4, nil), (6, 100), (8, 100)],
            extra: [.speed: [.nan, 3, .nan, 9, .nan]])
        #expect(close(MovingTime.seconds(of: track, type: "running"), 2))
    }

    @Test func paceIsOverMovingTimeElseElapsed() throws {
        // Every interval is over 10 s: no moving time, so the pace is over the elapsed 700 s.
        let sparse = equatorTrack([(0, 0), (150, 500), (550, 500), (700, 1000)])
        let summary = TrackSummary(track: sparse, type: "running")
        #expect(close(summary.movingTime, 0))
        #expect(close(try paceValue(summary.pace(type: "running")), 700))
        let steady = equatorTrack((0...100).map { (Double($0) * 3, Double($0) * 10) })
        let cycling = TrackSummary(track: steady, type: "cycling")
        #expect(close(cycling.movingTime, 300))
        // 1000 m in 300 s: 12 km/h.
        #expect(close(try speedValue(cycling.pace(type: "cycling")), 12))
        #expect(cycling.pace(type: "swimming") == nil)
    }

    private func paceValue(_ pace: TrackPace?) throws -> Double {
        guard case .secondsPerKm(let seconds) = try #require(pace) else { Issue.record("not a pace"); return .nan }
        return seconds
    }

    private func speedValue(_ pace: TrackPace?) throws -> Double {
        guard case .kmPerHour(let speed) = try #require(pace) else { Issue.record("not a speed"); return .nan }
        return speed
    }
}

@Suite(.scratch) struct ElevationChangeTests {
    /// Kept: 100, 110, 104, 90, 95 (the missing one dropped). Smoothed: 100;
    /// 0.3·100 + 0.4·110 + 0.3·104 = 105.2; 0.3·110 + 0.4·104 + 0.3·90 = 101.6;
    /// 0.3·104 + 0.4·90 + 0.3·95 = 95.7; 95. Rises 5.2; falls 3.6 + 5.9 + 0.7 = 10.2.
    @Test func smoothedAsGpxpyDoes() throws {
        let change = try #require(ElevationChange(elevations: [100, 110, .nan, 104, 90, 95]))
        #expect(close(change.gain, 5.2, within: 1e-9))
        #expect(close(change.loss, 10.2, within: 1e-9))
    }

    @Test func twoOrOneValuesAreNotSmoothed() throws {
        #expect(ElevationChange(elevations: [.nan, 100, .nan, 90]) == ElevationChange(gain: 0, loss: 10))
        #expect(ElevationChange(elevations: [100]) == ElevationChange(gain: 0, loss: 0))
        #expect(ElevationChange(elevations: [.nan, .nan]) == nil)
        #expect(ElevationChange(elevations: []) == nil)
    }
}

@Suite(.scratch) struct HeartRateSummaryTests {
    @Test func meanRoundedAndMaximum() {
        let track = Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1, 2, 3], columns: [.hr: [150, .nan, 151, 152]])
        // (150 + 151 + 152) / 3 = 151; the missing sample does not count as 0.
        #expect(HeartRateSummary(track: track) == HeartRateSummary(average: 151, maximum: 152))
        let half = Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1], columns: [.hr: [150, 151]])
        #expect(HeartRateSummary(track: half)?.average == 151)
        #expect(HeartRateSummary(track: Track(start: "2026-06-01T07:00:00+03:00", t: [0])) == nil)
    }
}

@Suite(.scratch) struct TrackSplitsTests {
    /// 3 m/s: 600 m at 200 s, 1200 m at 400 s, no fix at 500 s, 1800 m at 600 s, 2100 m at 700 s.
    private let track = equatorTrack([(0, 0), (200, 600), (400, 1200), (500, nil), (600, 1800), (700, 2100)])

    @Test func kilometreBoundariesAreInterpolatedBetweenFixes() {
        let splits = TrackSplits.of(track)
        #expect(splits.count == 3)
        guard splits.count == 3 else { return }
        // 1000 m: 200 + 400/600 · 200 = 333.33 s.
        #expect(close(splits[0].distance, 1000) && close(splits[0].seconds, 1000.0 / 3, within: 1e-6) && close(splits[0].pace, 1000.0 / 3))
        // 2000 m: between 1800 m at 600 s and 2100 m at 700 s (the sample without a fix at 500 s
        // is passed over): 600 + 200/300 · 100 = 666.67 s.
        #expect(close(splits[1].seconds, 1000.0 / 3, within: 1e-6))
        // The rest: 100 m in 700 − 666.67 s, 333.33 s per kilometre.
        #expect(close(splits[2].distance, 100, within: 1e-6) && close(splits[2].seconds, 100.0 / 3, within: 1e-6))
        #expect(close(splits[2].pace, 1000.0 / 3, within: 1e-5))
        #expect(close(splits.map(\.seconds).reduce(0, +), 700))
    }

    @Test func miles() {
        let splits = TrackSplits.of(track, unit: .mile)
        #expect(splits.count == 2)
        guard splits.count == 2 else { return }
        // 1609.344 m: 400 + 409.344/600 · 200 = 536.448 s.
        #expect(close(splits[0].distance, 1609.344) && close(splits[0].seconds, 536.448, within: 1e-6))
        #expect(close(splits[1].distance, 490.656, within: 1e-6) && close(splits[1].seconds, 163.552, within: 1e-6))
        // The same 3 m/s: 536.448 s per mile.
        #expect(close(splits[1].pace, 536.448, within: 1e-5))
    }

    @Test func oneStepCrossingTwoBoundaries() {
        // 2500 m in one 1000 s step: 400 s a kilometre.
        let splits = TrackSplits.of(equatorTrack([(0, 0), (1000, 2500)]))
        #expect(splits.count == 3)
        #expect(splits.map { ($0.seconds * 1000).rounded() / 1000 } == [400, 400, 200])
        #expect(close(splits.last?.pace, 400, within: 1e-6))
    }
}
