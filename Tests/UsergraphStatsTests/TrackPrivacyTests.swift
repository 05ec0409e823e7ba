import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
import UsergraphTestSupport

/// Metres per degree of a great circle at DESIGN.md's radius: a distance along the equator is a
/// longitude of `metres / metresPerDegree`, and its haversine is exactly that many metres.
private let metresPerDegree = 6_371_008.8 * Double.pi / 180

/// A route along the equator through the given metres east of 0°, one sample a second, with a
/// heart rate and an elevation per sample.
private func route(_ metres: [Double]) -> Track {
    Track(
        start: "2026-06-01T07:00:00+03:00", t: metres.indices.map(Double.init),
        columns: [
            .lat: metres.map { _ in 0 }, .lon: metres.map { $0 / metresPerDegree },
            .hr: metres.indices.map { 100 + Double($0) }, .ele: metres.indices.map { 200 + Double($0) },
        ])
}

private func positions(_ track: Track) -> [(lat: Double, lon: Double)?] {
    let lat = track[.lat] ?? [], lon = track[.lon] ?? []
    return zip(lat, lon).map { $0.isNaN || $1.isNaN ? nil : ($0, $1) }
}

@Suite(.scratch) struct TrackPrivacyTests {
    /// Out 2 km east from the centre of a 500 m zone and back to it, a sample every 50 m placed
    /// 10 m off the round numbers (so none sits on the zone's edge): the route starts and ends
    /// inside the zone.
    /// The steps a page walked already give the same result as the filter's own walk: with
    /// a zone and a trim, with gaps, and with a position off the globe (the steps then are not
    /// the filter's, and it walks its own).
    @Test func theTracksStepsGiveWhatTheFiltersOwnWalkGives() {
        let out = (0...40).map { 10 + 50 * Double($0) }
        var track = route(out + out.reversed())
        let privacy = SiteConfig.Privacy(zones: [.init(lat: 0, lon: 0.005, radius: 120)], trim: 150)
        func same(_ track: Track) -> Bool {
            let steps = TrackSteps(track)
            let withSteps = TrackPrivacy.apply(privacy, to: track, steps: steps)
            let own = TrackPrivacy.apply(privacy, to: track)
            return positions(withSteps).map { $0.map { "\($0.lat),\($0.lon)" } } == positions(own).map { $0.map { "\($0.lat),\($0.lon)" } }
        }
        #expect(TrackSteps(track).onGlobe)
        #expect(same(track))
        track.columns[.lat]?[7] = .nan
        track.columns[.lon]?[30] = .nan
        #expect(TrackSteps(track).onGlobe)
        #expect(same(track))
        track.columns[.lat]?[50] = 95
        #expect(!TrackSteps(track).onGlobe)
        #expect(same(track))
    }

    @Test func noPositionSurvivesInsideAZone() {
        let out = (0...40).map { 10 + 50 * Double($0) }
        let track = route(out + out.reversed())
        let privacy = SiteConfig.Privacy(zones: [.init(lat: 0, lon: 0)], trim: 0)
        let kept = TrackPrivacy.apply(privacy, to: track)
        for case let (lat, lon)? in positions(kept) {
            #expect(Haversine.metres(lat1: 0, lon1: 0, lat2: lat, lon2: lon) > 500)
        }
        // Outward 510…2010 m (31 samples) and back (31): 10…460 m is private both ways.
        #expect(positions(kept).compactMap(\.self).count == 62)
        #expect(positions(kept).first! == nil && positions(kept).last! == nil)
        // Only positions are private.
        #expect(kept.t == track.t && kept[.hr] == track[.hr] && kept[.ele] == track[.ele])
    }

    @Test func aRouteEntirelyInsideAZoneKeepsNoPosition() {
        let track = route([0, 100, 200, 300, 200, 100, 0])
        let kept = TrackPrivacy.apply(SiteConfig.Privacy(zones: [.init(lat: 0, lon: 200 / metresPerDegree, radius: 400)], trim: 0), to: track)
        #expect(!kept.hasRoute)
        #expect(kept[.lat]?.count == 7 && kept[.lon]?.count == 7)
    }

    /// Samples 30 m apart over 1200 m: cumulative distance 0, 30, …, 180 is within the first
    /// 200 m, 210 is not; 1020 … 1200 is within the last 200 m (1200 − 1020 = 180), 990 is not.
    @Test func trimCutsTheFirstAndLastTwoHundredMetres() {
        let track = route((0...40).map { 30 * Double($0) })
        let kept = positions(TrackPrivacy.apply(SiteConfig.Privacy(), to: track))
        let survivors = kept.indices.filter { kept[$0] != nil }
        #expect(survivors == Array(7...33))
    }

    @Test func trimIsAlongTheRouteNotAsTheCrowFlies() {
        // 150 m east, back to the start, 150 m east again, then on to 1000 m: the sample back at
        // the start is 300 m along, so it is kept (no zone here), and the first 200 m are cut.
        let track = route([0, 150, 0, 150, 400, 1000])
        let kept = positions(TrackPrivacy.apply(SiteConfig.Privacy(trim: 200), to: track))
        #expect(kept.map { $0 != nil } == [false, false, true, true, true, false])
    }

    @Test func zeroTrimKeepsEverything() {
        let track = route([0, 100, 200])
        #expect(TrackPrivacy.apply(SiteConfig.Privacy(trim: 0), to: track) == track)
    }

    @Test func routesFalseKeepsNoPositionButEverythingElse() {
        let track = route((0...40).map { 30 * Double($0) })
        let kept = TrackPrivacy.apply(SiteConfig.Privacy(trim: 0, routes: false), to: track)
        #expect(!kept.hasRoute)
        #expect(kept.t == track.t && kept[.hr] == track[.hr] && kept[.ele] == track[.ele])
    }

    @Test func halfPositionsAndValuesOffTheGlobeAreRemoved() {
        var track = route([0, 300, 600, 900, 1200])
        track.columns[.lon]?[1] = .nan
        track.columns[.lat]?[2] = .infinity
        track.columns[.lat]?[3] = 91
        let kept = TrackPrivacy.apply(SiteConfig.Privacy(trim: 0), to: track)
        #expect(kept[.lat]?.map(\.isNaN) == [false, true, true, true, false])
        #expect(kept[.lon]?.map(\.isNaN) == [false, true, true, true, false])
        // A latitude without any longitude column is not a position either.
        let halfColumn = Track(start: track.start, t: [0, 1], columns: [.lat: [10, 11], .hr: [100, 101]])
        let keptHalf = TrackPrivacy.apply(SiteConfig.Privacy(trim: 0), to: halfColumn)
        #expect(keptHalf[.lat]?.allSatisfy(\.isNaN) == true && keptHalf[.hr] == [100, 101])
    }

    @Test func aTrackWithoutPositionsIsUnchanged() {
        let track = Track(start: "2026-06-01T07:00:00+03:00", t: [0, 1], columns: [.hr: [120, 121]])
        #expect(TrackPrivacy.apply(SiteConfig.Privacy(zones: [.init(lat: 0, lon: 0)]), to: track) == track)
    }
}
