import UsergraphCore

/// The owner's privacy settings applied to a track (DESIGN.md "Privacy") before anything is
/// drawn from it: a private position has its latitude and longitude set to `.nan`. Only positions
/// are private: times, heart rates, elevations and the other columns stay.
package enum TrackPrivacy {
    /// `track` with every private position removed:
    /// - all of them when `privacy.routes` is false;
    /// - those less than `privacy.trim` metres of cumulative distance from the start or from the
    ///   end of the route (so 0 removes none, and 200 leaves the route from its 200th metre on);
    /// - those at most a zone's radius from its centre (haversine).
    ///
    /// Fails closed: a half position (a latitude without a longitude), a value off the globe or
    /// one whose distance to a zone is not a number is removed too. Keys of the file usergraph
    /// does not know are dropped, because what they hold cannot be known to be free of positions.
    ///
    /// `steps`: the track's, when they were walked already; used when they are the ones this
    /// filter walks (`TrackSteps.onGlobe`).
    package static func apply(_ privacy: SiteConfig.Privacy, to track: Track, steps: TrackSteps? = nil) -> Track {
        var result = track
        result.unknown = UnknownFields()
        let lat = track[.lat], lon = track[.lon]
        guard lat != nil || lon != nil else { return result }
        var keptLat = [Double](repeating: .nan, count: lat?.count ?? 0)
        var keptLon = [Double](repeating: .nan, count: lon?.count ?? 0)
        if privacy.routes, let lat, let lon {
            keep(lat: lat, lon: lon, privacy: privacy, along: steps.flatMap { $0.onGlobe ? $0.cumulative : nil }, into: &keptLat, &keptLon)
        }
        if lat != nil { result.columns[.lat] = keptLat }
        if lon != nil { result.columns[.lon] = keptLon }
        return result
    }

    /// Copies into `keptLat` and `keptLon` (all `.nan`) the positions that are not private.
    /// `known`: the cumulative distance of the fixes, when the track's steps gave it.
    private static func keep(
        lat: [Double], lon: [Double], privacy: SiteConfig.Privacy, along known: [Double]?, into keptLat: inout [Double], _ keptLon: inout [Double]
    ) {
        let fixes = min(lat.count, lon.count)
        func isFix(_ index: Int) -> Bool {
            Haversine.isOnGlobe(lat: lat[index], lon: lon[index])
        }
        // Cumulative distance is needed twice (from the start, and from the end once the total
        // is known), so it is kept per sample rather than walked twice.
        var along = known ?? [Double](repeating: 0, count: fixes)
        var total = known?.last ?? 0
        if known == nil {
            var previous: Haversine.Fix?
            for index in 0..<fixes where isFix(index) {
                let fix = Haversine.Fix(lat: lat[index], lon: lon[index])
                if let previous { total += previous.metres(to: fix) }
                previous = fix
                along[index] = total
            }
        }
        let zones = privacy.zones.map { (centre: Haversine.Fix(lat: $0.lat, lon: $0.lon), radius: $0.radius) }
        // Every test is written so that a value that is not a number (a trim, a radius, a
        // distance) makes the position private rather than public.
        for index in 0..<fixes where isFix(index) {
            guard along[index] >= privacy.trim, total - along[index] >= privacy.trim else { continue }
            // Without zones (most sites) no fix is needed: its cosine was a third of this filter.
            if !zones.isEmpty {
                let fix = Haversine.Fix(lat: lat[index], lon: lon[index])
                guard zones.allSatisfy({ $0.centre.metres(to: fix) > $0.radius }) else { continue }
            }
            keptLat[index] = lat[index]
            keptLon[index] = lon[index]
        }
    }
}
