import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Expected values are worked out by hand from DESIGN.md "History". Positions lie on a meridian,
// where the haversine distance is exactly R·Δφ, so a distance in metres is written as a
// latitude of `metres / metresPerDegree`.

/// Metres per degree of a great circle at the radius DESIGN.md names: 6,371,008.8 · π / 180.
private let metresPerDegree = 6_371_008.8 * Double.pi / 180

/// A track north along the meridian of 37.6° E: each sample `(seconds, metres north)`, `nil`
/// metres for a sample without a fix.
private func meridianTrack(_ samples: [(Double, Double?)]) -> Track {
    Track(
        start: "2026-06-01T07:00:00+03:00", t: samples.map(\.0),
        columns: [
            .lat: samples.map { $0.1.map { $0 / metresPerDegree } ?? .nan },
            .lon: samples.map { $0.1 == nil ? .nan : 37.6 },
        ])
}

private func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

@Suite(.scratch) struct BestEffortsTests {
    @Test func aBestEffortThatStartsBetweenTwoSamples() throws {
        // 1 m/s to 100 m, 5 m/s to 400 m, 2 m/s to 450 m, 0.5 m/s to 500 m. A 400 m window
        // starting s metres in (s ≤ 100) ends in the 2 m/s part while s ≤ 50: elapsed
        // (160 + s/2) − s = 160 − s/2; past 50 it ends in the 0.5 m/s part: (185 + 2(s − 50)) − s
        // = 85 + s. Least at s = 50: from 50 s (halfway between the first two samples) to 185 s,
        // 135 s. 1 km is never reached: absent.
        let track = meridianTrack([(0, 0), (100, 100), (160, 400), (185, 450), (285, 500)])
        let efforts = BestEfforts.of(track, distances: [400, 1000], sport: .foot)
        #expect(efforts.count == 1)
        let effort = try #require(efforts.first)
        #expect(effort.distance == 400)
        #expect(effort.seconds == 135)
        #expect(close(effort.start, 50) && close(effort.end, 185))
    }

    @Test func theEndIsInterpolatedToo() throws {
        // 2 m/s to 300 m, then 10 m/s to 500 m, then 1 m/s to 600 m. A 250 m window ending e
        // metres in (300 ≤ e ≤ 500) starts in the 2 m/s part while e ≤ 550: the fastest covers
        // the 200 m at 10 m/s (20 s) and 50 m either before (25 s at 2 m/s) or after (50 s at
        // 1 m/s): 45 s, from 125 s (250 m) to 170 s (the sample at 500 m).
        let track = meridianTrack([(0, 0), (150, 300), (170, 500), (270, 600)])
        let effort = try #require(BestEfforts.of(track, distances: [250], sport: .foot).first)
        #expect(effort.seconds == 45)
        #expect(close(effort.start, 125) && close(effort.end, 170))
        // 100 m: inside the 10 m/s part, 10 s; of the equal windows, the earliest (150 s to 160 s).
        let short = try #require(BestEfforts.of(track, distances: [100], sport: .foot).first)
        #expect(short.seconds == 10)
        #expect(close(short.start, 150) && close(short.end, 160))
    }

    @Test func aPauseInsideTheWindowCounts() throws {
        // 3 m/s to 300 m (100 s), 60 s standing there, 3 m/s to 600 m. Every 400 m window crosses
        // the 300 m mark, so each holds the pause: 400/3 + 60 = 193.33 s, written 193.3.
        let track = meridianTrack([(0, 0), (100, 300), (130, 300), (160, 300), (260, 600)])
        let effort = try #require(BestEfforts.of(track, distances: [400], sport: .foot).first)
        #expect(effort.seconds == 193.3)
        #expect(close(effort.end - effort.start, 400.0 / 3 + 60))
        #expect(close(effort.start, 0))
    }

    @Test func aPauseAtEitherEndIsNotPartOfTheEffort() throws {
        // A minute standing at the start, then 200 m at 5 m/s and 300 m at 4 m/s: the fastest
        // 400 m leaves at the last moment at 0 m (60 s) and reaches 400 m at 100 + 200/4 = 150 s:
        // 90 s, not 150 from the first moment there.
        let start = meridianTrack([(0, 0), (60, 0), (100, 200), (175, 500)])
        let first = try #require(BestEfforts.of(start, distances: [400], sport: .foot).first)
        #expect(first.seconds == 90)
        #expect(close(first.start, 60) && close(first.end, 150))
        // Mirrored: 300 m at 4 m/s, 200 m at 5 m/s, then a minute standing at 500 m. From 100 m
        // (25 s) to the first moment at 500 m (115 s): 90 s, not 150 to the last.
        let end = meridianTrack([(0, 0), (75, 300), (115, 500), (175, 500)])
        let last = try #require(BestEfforts.of(end, distances: [400], sport: .foot).first)
        #expect(last.seconds == 90)
        #expect(close(last.start, 25) && close(last.end, 115))
    }

    /// 4 m/s with a sample every 10 s, but at 50 s the position leaps 300 m ahead (30 m/s over
    /// that interval) and carries on from there at 4 m/s until 160 s.
    private let jumpy = meridianTrack(
        (0...16).map { step in
            let seconds = Double(step) * 10
            return (seconds, step <= 4 ? seconds * 4 : seconds * 4 + 260)
        })

    @Test func aGPSJumpOnFootBreaksTheTrack() throws {
        // 30 m/s > 12 m/s: the track breaks before the 50 s sample. Before it 160 m, after it
        // 460 m → 900 m: 400 m at 4 m/s, 100 s, the earliest from 50 s to 150 s. Across the jump
        // it would have been 300 m in 10 s plus 100 m at 4 m/s: 35 s, which is not a best.
        let effort = try #require(BestEfforts.of(jumpy, distances: [400, 500], sport: .foot).first)
        #expect(effort.seconds == 100)
        #expect(close(effort.start, 50) && close(effort.end, 150))
        // 500 m fits in neither stretch (160 m and 440 m): absent, though the track spans 900 m.
        #expect(BestEfforts.of(jumpy, distances: [500], sport: .foot).isEmpty)
    }

    @Test func thirtyMetresASecondIsARideNotAJump() throws {
        // 30 m/s ≤ 35 m/s: no break when cycling. The fastest 400 m holds the 300 m leap (10 s)
        // and 100 m at 4 m/s (25 s): 35 s; of the equal windows the earliest, from 15 s (60 m).
        let effort = try #require(BestEfforts.of(jumpy, distances: [400], sport: .cycling).first)
        #expect(effort.seconds == 35)
        #expect(close(effort.start, 15) && close(effort.end, 50))
    }

    @Test func speedIsFromThePreviousSampleWithAFix() throws {
        // 100 m in the 10 s since the last fix is 10 m/s: no jump, though it is 20 m/s since the
        // sample without a fix at 5 s. 150 m starting s metres in: (100 − s)/10 + (50 + s)/2.5 s,
        // least at s = 0: 10 + 20 = 30 s.
        let track = meridianTrack([(0, 0), (5, nil), (10, 100), (50, 200)])
        let effort = try #require(BestEfforts.of(track, distances: [150], sport: .foot).first)
        #expect(effort.seconds == 30)
        // 13 m/s from the last fix is a jump: 100 m is left after it, no 150.
        let jump = meridianTrack([(0, 0), (5, nil), (10, 130), (50, 230)])
        #expect(BestEfforts.of(jump, distances: [150], sport: .foot).isEmpty)
    }

    @Test func secondsAreRoundedToATenth() throws {
        // 400 m at 3 m/s, then 500 m at 2.4 m/s. 400 m: the first part, 133.33 s → 133.3.
        // 500 m starting s metres in: (400 − s)/3 + (100 + s)/2.4 s, least at s = 0: 175 s.
        // 500 m at 2.4 m/s alone: 400 m in 166.67 s → 166.7.
        let track = meridianTrack([(0, 0), (400.0 / 3, 400), (400.0 / 3 + 500.0 / 2.4, 900)])
        let efforts = BestEfforts.of(track, distances: [400, 500], sport: .foot)
        #expect(efforts.map(\.seconds) == [133.3, 175])
        let slow = meridianTrack([(0, 0), (500 / 2.4, 500)])
        #expect(BestEfforts.of(slow, distances: [400], sport: .foot).map(\.seconds) == [166.7])
    }

    @Test func aTrackWithoutPositionsHasNoBests() {
        let track = Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1, 2], columns: [.hr: [120, 130, 140]])
        #expect(BestEfforts.of(track, distances: BestEfforts.running, sport: .foot).isEmpty)
        #expect(BestEfforts.of(meridianTrack([(0, nil), (1, nil)]), distances: [1], sport: .foot).isEmpty)
        #expect(BestEfforts.of(meridianTrack([(0, 0), (1, 3)]), distances: [], sport: .foot).isEmpty)
    }

    @Test func aSyntheticHourAtOneHertz() throws {
        // 3 m/s for the first 30 minutes (5,400 m), 4 m/s for the next 30 (7,200 m), a sample a
        // second. 400 m: 100 s; 1 km: 250 s; 1 mile: 1,609.344 / 4 = 402.336 → 402.3; 5 km:
        // 1,250 s; 10 km: the 7,200 m at 4 m/s (1,800 s) and 2,800 m at 3 m/s (933.33 s) =
        // 2,733.3 s, ending at the last sample. Half marathon and marathon: not reached.
        let samples = (0...3600).map { second -> (Double, Double?) in
            let s = Double(second)
            return (s, s <= 1800 ? 3 * s : 5400 + 4 * (s - 1800))
        }
        let efforts = BestEfforts.of(meridianTrack(samples), distances: BestEfforts.running, sport: .foot)
        #expect(efforts.map(\.distance) == [400, 1000, 1609.344, 5000, 10_000])
        #expect(efforts.map(\.seconds) == [100, 250, 402.3, 1250, 2733.3])
        let tenK = try #require(efforts.last)
        #expect(close(tenK.end, 3600) && close(tenK.start, 1800 - 2800.0 / 3))
    }

    @Test func sportsAndDistancesByType() {
        #expect(EffortSport(type: "running") == .foot && EffortSport(type: "walking") == .foot && EffortSport(type: "hiking") == .foot)
        #expect(EffortSport(type: "cycling") == .cycling && EffortSport(type: "swimming") == nil)
        #expect(BestEfforts.distances(type: "running") == [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195])
        #expect(BestEfforts.distances(type: "cycling") == [10_000, 20_000, 40_000, 100_000])
        #expect(BestEfforts.distances(type: "walking") == nil)
    }
}
