import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

// The history's track half: what each track gives (`TrackFacts`) and what the whole history
// makes of it (`TrackHistory`), worked out by hand from DESIGN.md "History".

private func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

private func heartTrack(_ samples: [(Double, Double?)]) -> Track {
    Track(start: "2026-06-01T07:00:00+03:00", t: samples.map(\.0), columns: [.hr: samples.map { $0.1 ?? .nan }])
}

@Suite(.scratch) struct HeartRateHistogramTests {
    @Test func zonesFromTheHistogramEqualZonesFromTheTrack() throws {
        // Rates with fractions at and around the bounds of 188 (94, 113, 132, 150, 169):
        // 112.6 lies below 113 and 131.9 below 132, as the track's own count has them.
        let track = heartTrack([
            (0, 94), (1, 113), (2, 112.6), (3, 93.99), (4, 150), (20, 169), (21, 100), (31, nil), (32, 132), (33, 131.9), (34, 400),
            (35, 168.999), (36, 60),
        ])
        let histogram = HeartRateHistogram(track)
        for zones in [HeartRateZones(maximum: 188), try #require(HeartRateZones(bounds: [100, 112, 113, 150, 168]))] {
            #expect(histogram.zoneSeconds(zones) == zones.seconds(in: track))
        }
        // 400 bpm counts at the top bin; the 60 has no interval after it.
        #expect(histogram.seconds[HeartRateHistogram.top] == 1)
        #expect(histogram.seconds[60] == nil)
    }

    @Test func aTrackWithoutHeartRateHasAnEmptyHistogram() {
        #expect(HeartRateHistogram(Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1, 2])).seconds.isEmpty)
    }
}

@Suite(.scratch) struct TrackFactsTests {
    @Test func aLineReadsBackEqual() throws {
        let facts = TrackFacts(
            efforts: [BestEffort(distance: 1609.344, seconds: 421.3, start: 12.25, end: 433.55)], heldHeartRate: 181.5,
            heartRate: HeartRateHistogram(seconds: [120: 33.5, 181: 1e-3]))
        #expect(TrackFacts(line: facts.line[...]) == facts)
        let empty = TrackFacts()
        #expect(TrackFacts(line: empty.line[...]) == empty)
    }

    @Test func aDamagedLineIsRefused() {
        for line in [
            "", "e=;h=;", "e=1:2:3;h=;z=", "e=;h=x;z=", "e=;h=;z=999:1", "e=;h=;z=12", "e=;h=;z=12:1,x", "e=;h=inf;z=", "e=;h= 5;z=",
            "e=;h=;z=12.5:1", "e=1:2:3:4,;h=;z=", "e=;h=;z=0x1A:1", "e=;h=;z=12:1;",
        ] {
            #expect(TrackFacts(line: line[...]) == nil, "\(line)")
        }
    }

    @Test func aTypeWithoutBestsKeepsOnlyItsHeartRate() {
        let track = heartTrack((0...40).map { (Double($0), 150) })
        let facts = TrackFacts(track, type: "yoga")
        #expect(facts.efforts.isEmpty)
        #expect(facts.heldHeartRate == 150)
        #expect(facts.heartRate.seconds == [150: 40])
    }
}

@Suite(.scratch) struct TrackHistoryTests {
    private let zone = TimeZone(identifier: "UTC") ?? .gmt

    private func workout(_ id: String, _ type: String, _ start: String) -> Workout {
        Workout(id: id, type: type, start: start, duration: 600, distance: 2000)
    }

    private func facts(held: Double?, at bpm: Int, seconds: Double, efforts: [BestEffort] = []) -> TrackFacts {
        TrackFacts(efforts: efforts, heldHeartRate: held, heartRate: HeartRateHistogram(seconds: [bpm: seconds]))
    }

    @Test func theMaximumComesFromTheConfigElseTheTracksElseTheAge() throws {
        let workouts = [workout("a", "running", "2025-03-01T07:00:00Z"), workout("b", "running", "2026-11-18T07:00:00Z")]
        let facts = ["a": facts(held: 186.5, at: 150, seconds: 60), "b": facts(held: 180, at: 170, seconds: 30)]
        let asOf = try day("2026-11-20")
        let owner = Owner(birthDate: "1986-01-01")

        let configured = TrackHistory(
            workouts: workouts, facts: facts, asOf: asOf, timeZone: zone, athlete: SiteConfig.Athlete(maxHeartRate: 200), owner: owner)
        #expect(configured.maximum == HeartRateMaximum(bpm: 200, source: .config))

        // The highest held value, 186.5, halves up: 187; bounds 94, 112 (112.2), 131 (130.9), 150 (149.6), 168 (168.3).
        let tracks = TrackHistory(workouts: workouts, facts: facts, asOf: asOf, timeZone: zone, athlete: SiteConfig.Athlete(), owner: owner)
        #expect(tracks.maximum == HeartRateMaximum(bpm: 187, source: .tracks))
        #expect(tracks.zones?.bounds == [94, 112, 131, 150, 168])
        // 170 bpm is zone 5; the 150 of 2025 is in no week or year of D's.
        let summary = try #require(tracks.zoneSummary)
        #expect(summary.week == [0, 0, 0, 0, 30] && summary.year == [0, 0, 0, 0, 30])
        #expect(summary.max == 187 && summary.source == "tracks")
        #expect(tracks.zonesByYear[2025] == [0, 0, 0, 60, 0])

        // No track held a rate: 208 − 0.7 × 40 = 180 at 40 on D.
        let age = TrackHistory(workouts: workouts, facts: [:], asOf: asOf, timeZone: zone, athlete: SiteConfig.Athlete(), owner: owner)
        #expect(age.maximum == HeartRateMaximum(bpm: 180, source: .age))

        let none = TrackHistory(workouts: workouts, facts: [:], asOf: asOf, timeZone: zone, athlete: SiteConfig.Athlete(), owner: nil)
        #expect(none.maximum == nil && none.zoneSummary == nil)
    }

    @Test func configuredBoundsNeedNoMaximum() throws {
        let workouts = [workout("a", "running", "2026-11-18T07:00:00Z")]
        let history = TrackHistory(
            workouts: workouts, facts: ["a": facts(held: nil, at: 121, seconds: 100)], asOf: try day("2026-11-20"), timeZone: zone,
            athlete: SiteConfig.Athlete(zones: [100, 120, 140, 160, 180]), owner: nil)
        let summary = try #require(history.zoneSummary)
        #expect(summary.max == nil && summary.source == nil)
        #expect(summary.bounds == [100, 120, 140, 160, 180] && summary.week == [0, 100, 0, 0, 0])
    }

    @Test func bestsAreAllTimeAndPerYearAndIgnoreWorkoutsAfterTheAsOfDay() throws {
        let slow = BestEffort(distance: 1000, seconds: 300, start: 0, end: 300)
        let fast = BestEffort(distance: 1000, seconds: 250, start: 0, end: 250)
        let workouts = [
            workout("old", "running", "2025-05-01T07:00:00Z"), workout("new", "running", "2026-05-01T07:00:00Z"),
            workout("later", "running", "2026-12-01T07:00:00Z"),
        ]
        let history = TrackHistory(
            workouts: workouts,
            facts: [
                "old": TrackFacts(efforts: [fast]), "new": TrackFacts(efforts: [slow]),
                "later": TrackFacts(efforts: [BestEffort(distance: 1000, seconds: 200, start: 0, end: 200)]),
            ],
            asOf: try day("2026-11-20"), timeZone: zone, athlete: SiteConfig.Athlete(), owner: nil)
        #expect(history.bests.efforts["running"]?.map(\.workout) == ["old"])
        #expect(history.bestsByYear[2026]?.efforts["running"]?.first?.seconds == 300)
        #expect(BestsSummary(history.bests).running.first?.date == "2025-05-01")
    }
}
