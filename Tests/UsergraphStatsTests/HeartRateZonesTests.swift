import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// Expected values are worked out by hand from DESIGN.md "History", `heartRateZones`.

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

/// A heart-rate track: `(seconds, bpm)` per sample, `nil` bpm for a sample without one.
private func heartTrack(_ samples: [(Double, Double?)]) -> Track {
    Track(start: "2026-06-01T07:00:00+03:00", t: samples.map(\.0), columns: [.hr: samples.map { $0.1 ?? .nan }])
}

/// A sample a second from 0 to `last`, 150 bpm except where `rates` says otherwise.
private func oneHertz(to last: Int = 100, _ rates: [(ClosedRange<Int>, Double?)]) -> Track {
    heartTrack(
        (0...last).map { second in
            (Double(second), rates.last { $0.0.contains(second) }.map(\.1) ?? 150)
        })
}

@Suite(.scratch) struct HeartRateMaximumTests {
    @Test func aValueHeldThirtySecondsCounts() {
        // 190 from 40 s to 70 s: 30 s, from its first sample to its last. The 210 at 10–12 s
        // lasts 2 s: a spike.
        #expect(HeartRateMaximum.held(in: oneHertz([(40...70, 190), (10...12, 210)])) == 190)
        // From 40 s to 69 s it is 29 s: every window of 30 s holds a 150 too.
        #expect(HeartRateMaximum.held(in: oneHertz([(40...69, 190), (10...12, 210)])) == 150)
    }

    @Test func aGapOverTenSecondsEndsTheRun() {
        // 190 from 40 s to 55 s, then no sample until 66 s (11 s), then 190 to 85 s: two runs
        // of 15 and 19 s, neither 30 s; the best window is of 150s.
        let gap = heartTrack((0...100).filter { !(56...65).contains($0) }.map { (Double($0), (40...85).contains($0) ? 190 : 150) })
        #expect(HeartRateMaximum.held(in: gap) == 150)
        // Resumed at 65 s (a gap of exactly 10 s) it is one run: 190 from 40 s to 85 s.
        let tenSeconds = heartTrack((0...100).filter { !(56...64).contains($0) }.map { (Double($0), (40...85).contains($0) ? 190 : 150) })
        #expect(HeartRateMaximum.held(in: tenSeconds) == 190)
    }

    @Test func samplesWithoutARateArePassedOver() {
        // Five samples without a rate inside the 190s: 6 s between those around them, no break.
        #expect(HeartRateMaximum.held(in: oneHertz([(40...70, 190), (50...54, nil)])) == 190)
        #expect(HeartRateMaximum.held(in: oneHertz(to: 29, [])) == nil)
        #expect(HeartRateMaximum.held(in: oneHertz(to: 30, [])) == 150)
        #expect(HeartRateMaximum.held(in: oneHertz([(0...100, nil)])) == nil)
        #expect(HeartRateMaximum.held(in: Track(start: "2026-06-01T07:00:00+03:00", t: [0, 40])) == nil)
    }

    @Test func onARampTheLowEndOfTheLastThirtySeconds() {
        // 100 → 200 bpm at 1 bpm a second: the best window is the last 30 s, from 170 up.
        #expect(HeartRateMaximum.held(in: heartTrack((0...100).map { (Double($0), 100 + Double($0)) })) == 170)
        // 200 → 100: the first 30 s, down to 170.
        #expect(HeartRateMaximum.held(in: heartTrack((0...100).map { (Double($0), 200 - Double($0)) })) == 170)
    }

    @Test func overManyTracksTheBestSoFarIsTheFloor() {
        let tracks = [oneHertz([(40...70, 170)]), oneHertz([(40...70, 190)]), oneHertz([(40...70, 180)])]
        // Each track: 170, 190, 180; none beats 190 once it is known.
        #expect(HeartRateMaximum.held(in: tracks[2], above: 190) == nil)
        #expect(HeartRateMaximum.held(in: tracks[2], above: 179.9) == 180)
        let greatest = tracks.reduce(nil) { HeartRateMaximum.held(in: $1, above: $0 ?? -.infinity) ?? $0 }
        #expect(greatest == 190)
    }

    @Test func theConfigThenTheTracksThenTheAge() {
        #expect(HeartRateMaximum.choose(configured: 190, tracks: 185.4, age: 40) == HeartRateMaximum(bpm: 190, source: .config))
        // 185.5 is a half: up to 186.
        #expect(HeartRateMaximum.choose(configured: nil, tracks: 185.5, age: 40) == HeartRateMaximum(bpm: 186, source: .tracks))
        #expect(HeartRateMaximum.choose(configured: 0, tracks: 185.4, age: 40) == HeartRateMaximum(bpm: 185, source: .tracks))
        // 208 − 0.7 × 35 = 183.5 → 184; × 30 = 187; × 45 = 176.5 → 177.
        #expect(HeartRateMaximum.choose(configured: nil, tracks: nil, age: 35) == HeartRateMaximum(bpm: 184, source: .age))
        #expect(HeartRateMaximum.tanaka(age: 30) == 187)
        #expect(HeartRateMaximum.tanaka(age: 45) == 177)
        #expect(HeartRateMaximum.choose(configured: nil, tracks: nil, age: nil) == nil)
    }
}

@Suite(.scratch) struct HeartRateZonesTests {
    @Test func boundsAreSharesOfTheMaximumHalvesUp() {
        // 188: 94, 112.8, 131.6, 150.4, 169.2 (DESIGN.md's example).
        #expect(HeartRateZones(maximum: 188).bounds == [94, 113, 132, 150, 169])
        // 185: 92.5, 111, 129.5, 148, 166.5: the halves go up.
        #expect(HeartRateZones(maximum: 185).bounds == [93, 111, 130, 148, 167])
    }

    @Test func zonesAtTheirExactBounds() throws {
        let zones = HeartRateZones(maximum: 188)
        // A bound belongs to the zone above it; under the first, no zone.
        #expect(zones.zone(of: 93.99) == nil)
        #expect(zones.zone(of: 94) == 0)
        #expect(zones.zone(of: 112.99) == 0)
        #expect(zones.zone(of: 113) == 1)
        #expect(zones.zone(of: 132) == 2)
        #expect(zones.zone(of: 150) == 3)
        #expect(zones.zone(of: 168.9) == 3)
        #expect(zones.zone(of: 169) == 4)
        #expect(zones.zone(of: 230) == 4)
        #expect(zones.zone(of: .nan) == nil)
        let configured = try #require(HeartRateZones(bounds: [100, 120, 140, 160, 180]))
        #expect(configured.zone(of: 120) == 1 && configured.zone(of: 99) == nil && configured.zone(of: 180) == 4)
    }

    @Test func configuredBoundsAreFiveAndRising() {
        #expect(HeartRateZones(bounds: [100, 120, 140, 160]) == nil)
        #expect(HeartRateZones(bounds: [100, 120, 120, 160, 180]) == nil)
        #expect(HeartRateZones(bounds: [0, 120, 140, 160, 180]) == nil)
        #expect(HeartRateZones(bounds: [100, 120, 140, 160, 180])?.bounds == [100, 120, 140, 160, 180])
    }

    @Test func timeInZoneLeavesOutGapsOverTenSeconds() {
        // Bounds 94, 113, 132, 150, 169. Each interval in its first sample's zone:
        // 0→1 s at 94 (its bound): zone 1, 1 s; 1→2 s at 113: zone 2, 1 s; 2→4 s at 93: none;
        // 4→20 s: 16 s, over 10, left out (the 150 counts nowhere); 20→21 s at 169: zone 5, 1 s;
        // 21→31 s at 100: exactly 10 s, zone 1; 31→32 s without a rate: none; 32→33 s at 132:
        // zone 3, 1 s; the last sample has no interval.
        let track = heartTrack([(0, 94), (1, 113), (2, 93), (4, 150), (20, 169), (21, 100), (31, nil), (32, 132), (33, 131.9)])
        #expect(HeartRateZones(maximum: 188).seconds(in: track) == [11, 1, 1, 0, 1])
        #expect(HeartRateZones(maximum: 188).seconds(in: Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1])) == [0, 0, 0, 0, 0])
    }

    @Test func theWeekAndTheYearOfTheAsOfDay() throws {
        // D is Friday 2026-11-20; its week starts on Monday the 16th.
        let asOf = try day("2026-11-20")
        let totals = HeartRateZoneTotals(
            [
                (try day("2026-11-16"), [1, 2, 3, 4, 5]),  // this week and this year
                (try day("2026-11-15"), [10, 0, 0, 0, 0]),  // Sunday: the year only
                (try day("2026-01-01"), [100, 0, 0, 0, 0]),  // the year only
                (try day("2026-11-21"), [1000, 0, 0, 0, 0]),  // after D: nowhere
                (try day("2025-12-31"), [10_000, 0, 0, 0, 0]),  // last year: nowhere
            ], asOf: asOf)
        #expect(totals.week == [1, 2, 3, 4, 5])
        #expect(totals.year == [111, 2, 3, 4, 5])
    }
}
