import Foundation
import UsergraphCharts
import UsergraphCore
import UsergraphStats
import UsergraphStore

/// What every workout page and list reads, shared by them all: the workouts newest first,
/// their pages' keys, the types and years the tabs list, and the route thumbnails
/// (`RouteThumbnails`), each drawn when its workout's page reads the track, or when a list
/// shows one that no build has drawn.
package final class WorkoutDirectory: PageFamily, @unchecked Sendable {
    /// Unowned: the site holds the directory, which lives no longer than it.
    package unowned let site: SiteData
    /// Newest first; ties by id, so the order (and every page) is the same on every run.
    let workouts: [Workout]
    /// Each workout's page key (`WorkoutPages.key`).
    let keys: [String]
    private let indexByID: [String: Int]
    let types: [(id: String, count: Int)]
    let years: [(year: Int, count: Int)]
    /// Each workout's year, by position.
    private let yearOf: [Int?]
    /// Each workout's day and time of day in the site's zone, by position: every list row and
    /// page shows them, and parsing and formatting a time was a tenth of a list page's making.
    private let locals: [(day: Day, time: String)?]
    /// The first workout of each day, by position: where the calendar's day leads.
    private let firstOfDay: [Day: Int]
    package let thumbnails: RouteThumbnails
    /// What the history needs of each track, kept or computed when a page reads the track.
    package let trackFacts: TrackFactsCache
    /// The bests and heart-rate zones, made once from every track's facts when a page first
    /// asks (`trackHistory`).
    private var history: TrackHistory?
    /// Held while the history is made, so that it is made once.
    private let historyLock = NSLock()
    /// What every thumbnail's key starts from: the executable that draws it and the privacy
    /// settings that decide what it shows.
    private let thumbnailSeed: PageFingerprint
    /// The tracks that could not be read, with why.
    private let unreadable = UnreadableTracks()

    init(site: SiteData, kept: KeptTrackWork) {
        self.site = site
        self.thumbnails = kept.thumbnails
        self.trackFacts = kept.facts
        var seed = FingerprintHasher()
        for word in FileIdentity.words(of: "/proc/self/exe") ?? [] { seed.add(word) }
        seed.add("\(site.config.privacy)")
        thumbnailSeed = seed.finish()
        let zone = site.config.timeZone
        let dated = site.snapshot.workouts.map { (workout: $0, date: $0.startDate) }
        let sorted = dated.sorted { a, b in
            switch (a.date, b.date) {
            case let (x?, y?) where x != y: x > y
            case (nil, _?): false
            case (_?, nil): true
            default: a.workout.id < b.workout.id
            }
        }
        workouts = sorted.map(\.workout)
        locals = sorted.map { entry in
            entry.date.map { (Day($0, in: zone), String(Timestamp.format($0, in: zone).dropFirst(11).prefix(5))) }
        }
        yearOf = locals.map { $0?.day.year }
        var firstOfDay: [Day: Int] = [:]
        // Newest first: the last one met on a day is its first.
        for (index, local) in locals.enumerated() { if let day = local?.day { firstOfDay[day] = index } }
        self.firstOfDay = firstOfDay
        var counts: [String: Int] = [:]
        for workout in workouts { counts[workout.type, default: 0] += 1 }
        // A type is a tab only under a name that can be a folder; its workouts stay in the others.
        types = counts.filter { TrackFiles.isPlainName($0.key) && $0.key != "years" && $0.key != "page" }
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
        var yearCounts: [Int: Int] = [:]
        for year in yearOf { if let year { yearCounts[year, default: 0] += 1 } }
        years = yearCounts.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }
        let reserved = Set(counts.keys.map { $0.lowercased() } + ["years", "page"])
        var seen = Set<String>()
        keys = workouts.map { workout in
            var key = WorkoutPages.key(of: workout.id, reserved: reserved)
            // Two records with one id (a store edited by hand): the second gets a key of its own.
            while !seen.insert(key.lowercased()).inserted { key = "w-" + String(SHA256.hex(key).prefix(16)) }
            return key
        }
        indexByID = Dictionary(workouts.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page of the workout whose id is `id`.
    package func path(ofID id: String) -> SitePath? { indexByID[id].map(path(of:)) }

    func years(of index: Int) -> Int? { yearOf[index] }

    /// The page of the first workout of `day`, if it had one.
    func path(ofFirstOn day: Day) -> SitePath? { firstOfDay[day].map(path(of:)) }

    func path(of index: Int) -> SitePath { SitePath(WorkoutPages.folder + keys[index] + "/") }

    /// Its name, else its type's.
    func title(of workout: Workout) -> String { nonEmpty(workout.name) ?? site.workoutType(workout.type) }

    /// Its day and its time of day in the site's zone.
    func local(at index: Int) -> (day: Day, time: String)? { locals[index] }

    /// `5:31` (per km or mile) over `seconds` for a sport of `type` told by its pace
    /// (`PaceKind`); nil for another sport, without a distance, or slower than an hour a kilometre.
    func pace(type: String, metres: Double?, seconds: Double) -> String? {
        guard case .secondsPerKm(let perKm)? = quickness(type: type, metres: metres, seconds: seconds), perKm < 3600 else { return nil }
        return site.values.pace(secondsPerKm: perKm)
    }

    /// The speed (km/h or mph) over `seconds` for a sport of `type` told by its speed; nil
    /// without distance or time.
    func speed(type: String, metres: Double?, seconds: Double) -> Any? {
        guard case .kmPerHour(let speed)? = quickness(type: type, metres: metres, seconds: seconds), speed.isFinite else { return nil }
        return site.values.speed(metresPerSecond: speed / 3.6)
    }

    private func quickness(type: String, metres: Double?, seconds: Double) -> TrackPace? {
        guard let kind = PaceKind(type: type), let metres, metres > 0, seconds >= 0 else { return nil }
        return TrackPace(kind, metres: metres, seconds: seconds)
    }

    /// The workout's track as stored, and as the site may show it: after the owner's privacy
    /// settings, with the route that is left projected once for every picture of it. Nil
    /// without a track, or for one that cannot be read (its page then draws no route, and the
    /// build says so once: `unreadableWarning`). Draws the lists' thumbnail while it is read.
    func track(at index: Int) -> ShownTrack? {
        let id = workouts[index].id
        guard let key = thumbnailKey(of: id) else { return nil }
        do {
            guard let whole = try site.tracks.track(of: id) else { return nil }
            let steps = TrackSteps(whole)
            trackFacts.remember(whole, steps: steps, of: workouts[index], tracks: site.tracks)
            let shown = TrackPrivacy.apply(site.config.privacy, to: whole, steps: steps)
            let size = WorkoutPage.routeSize
            let route = shown[.lat].flatMap { lat in shown[.lon].flatMap { MercatorRoute(latitudes: lat, longitudes: $0) } }?
                .thinned(width: size.width, height: size.height, padding: SVGCharts.routePadding)
            thumbnails.remember(id: id, key: key, svg: route.map { SVGCharts.routeThumbnail($0) })
            return ShownTrack(whole: whole, steps: steps, shown: shown, route: route)
        } catch {
            unreadable.add(id, error)
            thumbnails.remember(id: id, key: key, svg: nil)
            return nil
        }
    }

    /// The route's thumbnail for a list's row: kept from an earlier build or drawn now.
    func thumbnail(at index: Int) -> String? {
        let id = workouts[index].id
        guard let key = thumbnailKey(of: id) else { return nil }
        return thumbnails.thumbnail(id: id, key: key) { track(at: index)?.route.map { SVGCharts.routeThumbnail($0) } }
    }

    /// Nil when the workout has no track.
    private func thumbnailKey(of id: String) -> String? {
        guard let identity = site.tracks.identity(of: id) else { return nil }
        var hasher = FingerprintHasher()
        hasher.add(thumbnailSeed)
        for word in identity { hasher.add(word) }
        return hasher.finish().hex
    }

    /// The personal bests and heart-rate zones of the whole history, from every track's facts:
    /// kept from the last build, computed by a workout's page, or read now. The pages that
    /// show it render after the workouts' pages (`PageSource.late`), so a full build reads
    /// each track once.
    package var trackHistory: TrackHistory {
        historyLock.lock()
        defer { historyLock.unlock() }
        if let history { return history }
        let facts = trackFacts.facts(of: workouts, tracks: site.tracks, failed: unreadable.add)
        let made = TrackHistory(
            workouts: workouts, facts: facts, asOf: site.asOf, timeZone: site.config.timeZone, athlete: site.config.athlete,
            owner: site.snapshot.owner)
        history = made
        return made
    }

    /// One warning for the tracks this build could not read: the first, and how many more.
    package var unreadableWarning: Message? { unreadable.warning }

    // MARK: Fingerprints

    /// What a list row shows of the workout at `index`.
    func addRow(at index: Int, to hasher: inout FingerprintHasher) {
        let workout = workouts[index]
        hasher.add(keys[index]); hasher.add(workout.type); hasher.add(workout.start); hasher.add(workout.duration)
        hasher.add(workout.name ?? ""); hasher.add(workout.distance ?? -1); hasher.add(workout.movingTime ?? -1)
        hasher.add(workout.elevationGain ?? -1); hasher.add(workout.avgHeartRate ?? -1)
        for word in site.tracks.identity(of: workout.id) ?? [] { hasher.add(word) }
    }

    /// What the tabs show: the types and years with their counts.
    func addTabs(to hasher: inout FingerprintHasher) {
        for type in types { hasher.add(type.id); hasher.add(type.count) }
        for year in years { hasher.add(year.year); hasher.add(year.count) }
    }

    package func addInputs(at index: Int, to hasher: inout FingerprintHasher) {
        addRow(at: index, to: &hasher)
        let workout = workouts[index]
        hasher.add(workout.calories ?? -1); hasher.add(workout.exercises ?? -1); hasher.add(workout.notes ?? "")
        hasher.add(workout.elevationLoss ?? -1); hasher.add(workout.maxHeartRate ?? -1)
        hasher.add(workout.source?.kind ?? ""); for source in workout.alsoFrom ?? [] { hasher.add(source.kind) }
        hasher.add(index / WorkoutPages.pageSize)
        for neighbour in [index - 1, index + 1] {
            guard workouts.indices.contains(neighbour) else {
                hasher.add(false)
                continue
            }
            hasher.add(keys[neighbour]); hasher.add(title(of: workouts[neighbour])); hasher.add(workouts[neighbour].start)
        }
    }

    package func context(at index: Int) -> [String: Any] {
        WorkoutPage.fields.context(WorkoutPage(directory: self, index: index))
    }
}

/// A workout's track as stored (for its numbers) and as shown (after the privacy settings),
/// with the stored one's steps and the shown route's projection, each made once for all the
/// numbers and pictures made of them.
struct ShownTrack {
    let whole: Track
    let steps: TrackSteps
    let shown: Track
    /// Thinned to the route's picture (`MercatorRoute.thinned`); the thumbnail is drawn from it too.
    let route: MercatorRoute?
}
