import UsergraphCharts
import UsergraphCore
import UsergraphStats

/// One workout's page: what the store says of it, and what its track adds (the route, the
/// profile over distance, the splits). The track is read once, when the page is made.
/// A class: each of its template fields and split rows holds the page, and copying its
/// arrays and the workout at each was a hundredth of a build in reference counting.
final class WorkoutPage {
    let directory: WorkoutDirectory
    let index: Int
    let workout: Workout
    /// The track as stored (for the numbers) and as shown (after the privacy settings).
    let track: ShownTrack?
    let summary: TrackSummary?
    /// The splits (`TrackSplits`, their times interpolated at each kilometre, or mile with
    /// `units: imperial`), and stretches of the same length for each split's mean elevation
    /// and heart rate.
    let splits: [Split]
    let stretches: TrackProfile?
    /// About a hundred stretches: the charts.
    let profile: TrackProfile?
    /// Where each stretch ends, in the site's distance unit, and as the axis writes it: the
    /// same for every chart and every width of it, so worked out once.
    let positions: [Double]
    let positionLabels: [String]

    init(directory: WorkoutDirectory, index: Int) {
        self.directory = directory
        self.index = index
        let workout = directory.workouts[index]
        self.workout = workout
        let track = directory.track(at: index)
        let summary = track.map { TrackSummary(track: $0.whole, type: workout.type, steps: $0.steps) }
        self.track = track
        self.summary = summary
        let units = directory.site.config.units
        splits = track.map { TrackSplits.of($0.whole, unit: units == .imperial ? .mile : .kilometre, steps: $0.steps) } ?? []
        let along = track?.steps.cumulative
        stretches = track.map { TrackProfile(track: $0.whole, width: units.metresPerDistance, along: along) }
        let profile = track.flatMap { track in
            summary?.distance.flatMap { $0 > 0 ? TrackProfile(track: track.whole, width: max(10, $0 / 100), along: along) : nil }
        }
        self.profile = profile
        let format = directory.site.strings.format
        positions = profile?.stretches.map { $0.end / units.metresPerDistance } ?? []
        positionLabels = positions.map { format.number($0, places: 1) }
    }

    var site: SiteData { directory.site }
    var page: SitePath { directory.path(of: index) }
    var v: TemplateValues { site.values }
    var distance: Double? { workout.distance ?? summary?.distance }
    var paceKind: PaceKind? { PaceKind(type: workout.type) }

    /// A neighbour in time: the one before (older) or after (newer).
    func neighbour(_ offset: Int) -> Neighbour? {
        let other = index - offset  // the list is newest first
        guard directory.workouts.indices.contains(other) else { return nil }
        return Neighbour(directory: directory, index: other, from: page)
    }

    struct Neighbour {
        let directory: WorkoutDirectory
        let index: Int
        let from: SitePath
    }

    static let neighbourFields = TemplateFields<Neighbour>([
        .text("url") { $0.from.link(to: $0.directory.path(of: $0.index)) },
        .text("title") { $0.directory.title(of: $0.directory.workouts[$0.index]) },
        .date("date?") { n in n.directory.local(at: n.index).map { n.directory.site.values.date($0.day) } },
    ])

    static let fields = TemplateFields<WorkoutPage>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .text("back") { $0.page.link(to: WorkoutPages.Filter.all.page($0.index / WorkoutPages.pageSize + 1)) },
        .text("title") { $0.directory.title(of: $0.workout) },
        .text("name?") { nonEmpty($0.workout.name) },
        .text("type") { $0.site.workoutType($0.workout.type) },
        .text("typeId") { $0.workout.type },
        .date("date?") { page in page.directory.local(at: page.index).map { page.v.date($0.day) } },
        .text("time?") { $0.directory.local(at: $0.index)?.time },
        .list("sources", source) { page in
            ([page.workout.source].compactMap { $0 } + (page.workout.alsoFrom ?? [])).map { (page.site, $0.kind) }
        },
        .text("notes?") { nonEmpty($0.workout.notes) },
        .object("numbers", numbers) { $0 },
        .flag("hasTrack") { $0.track != nil },
        .html("route?") { $0.route },
        .flag("routeHidden?") { $0.track != nil && !$0.site.config.privacy.routes ? true : nil },
        .object("charts", charts) { $0 },
        .list("splits", split) { page in
            var end = 0.0
            return page.splits.enumerated().map { index, split in
                end += split.distance
                let stretches = page.stretches?.stretches ?? []
                return SplitRow(page: page, number: index + 1, end: end, split: split, stretch: index < stretches.count ? stretches[index] : nil)
            }
        },
        .flag("hasSplits") { $0.splits.count > 1 },
        // A ride's splits give its speed, a run's its pace: the column says which.
        .flag("splitSpeeds") { $0.paceKind == .speed },
        .object("previous?", neighbourFields) { $0.neighbour(-1) },
        .object("next?", neighbourFields) { $0.neighbour(1) },
    ])

    static let source = TemplateFields<(site: SiteData, kind: String)>([
        .text("name") { $0.site.strings.optionalText("workout.sources." + $0.kind) ?? $0.kind }
    ])

    static let numbers = TemplateFields<WorkoutPage>([
        .number("distance?") { page in page.distance.flatMap { $0 > 0 ? page.v.distance($0) : nil } },
        .duration("duration") { $0.v.duration($0.workout.duration) },
        .duration("movingTime?") { page in (page.workout.movingTime ?? page.summary?.movingTime.map { Int($0.rounded()) }).map(page.v.duration) },
        .text("pace?") { $0.pace },
        .number("speed?") { $0.speed },
        .number("elevationGain?") { page in (page.workout.elevationGain ?? page.summary?.elevationGain).map(page.v.height) },
        .number("elevationLoss?") { page in (page.workout.elevationLoss ?? page.summary?.elevationLoss).map(page.v.height) },
        .number("avgHeartRate?") { page in (page.workout.avgHeartRate ?? page.summary?.avgHeartRate).map(page.v.number) },
        .number("maxHeartRate?") { page in (page.workout.maxHeartRate ?? page.summary?.maxHeartRate).map(page.v.number) },
        .number("calories?") { page in page.workout.calories.map(page.v.number) },
        .number("exercises?") { page in page.workout.exercises.map(page.v.number) },
    ])

    /// Seconds the pace and speed count over: moving time where known.
    var pacedSeconds: Double {
        if let moving = workout.movingTime, moving > 0 { return Double(moving) }
        if workout.distance == nil, let moving = summary?.movingTime, moving > 0 { return moving }
        return Double(workout.duration)
    }

    var pace: String? { directory.pace(type: workout.type, metres: distance, seconds: pacedSeconds) }
    var speed: Any? { directory.speed(type: workout.type, metres: distance, seconds: pacedSeconds) }

    /// The route picture's box: its route is thinned to it once (`ShownTrack.route`).
    static let routeSize = (width: 640.0, height: 400.0)

    /// The route, drawn from the track as the privacy settings leave it.
    var route: String? {
        guard site.config.privacy.routes, let projected = track?.route else { return nil }
        let s = site.strings
        var options = StatisticsCharts.options(site, "route", "route", height: Self.routeSize.height, width: Self.routeSize.width, suffix: "")
        options.description = s.text("chart.route.desc", ["title": directory.title(of: workout)])
        return SVGCharts.route(projected, options: options)
    }

    // MARK: Charts over distance

    /// Each in the site's units: metres or feet, minutes per kilometre or mile, km/h or mph.
    static let charts = TemplateFields<WorkoutPage>([
        .html("elevation?") { page in page.chart("elevation") { $0.elevation / page.units.metresPerHeight } },
        .html("pace?") { page in
            page.paceKind == .pace ? page.chart("paceOverDistance") { $0.speed > 0 ? page.units.metresPerDistance / $0.speed / 60 : .nan } : nil
        },
        .html("speed?") { page in
            page.paceKind == .speed ? page.chart("speedOverDistance") { $0.speed * 3600 / page.units.metresPerDistance } : nil
        },
        .html("heartRate?") { $0.chart("heartRate") { $0.heartRate } },
    ])

    var units: SiteConfig.Units { site.config.units }

    /// A line of `value` over the profile's stretches, by distance; nil when no stretch has one.
    func chart(_ key: String, _ value: (TrackProfile.Stretch) -> Double) -> String? {
        guard let stretches = profile?.stretches, stretches.count > 1 else { return nil }
        let values = stretches.map { value($0) }.map { $0.isFinite ? $0 : .nan }
        guard values.contains(where: { !$0.isNaN }) else { return nil }
        return StatisticsCharts.responsive(StatisticsCharts.full) { width, suffix in
            SVGCharts.line(
                [ChartSeries(name: "", values: values)], labels: positionLabels,
                options: StatisticsCharts.options(site, key, key, height: 200, width: width, suffix: suffix), includeZero: false,
                positions: positions, gaps: true)
        }
    }

    /// One split, with the means of the stretch it covers.
    struct SplitRow {
        let page: WorkoutPage
        let number: Int
        /// Metres from the start to its end.
        let end: Double
        let split: Split
        let stretch: TrackProfile.Stretch?
    }

    static let split = TemplateFields<SplitRow>([
        .int("number") { $0.number },
        .number("distance") { $0.page.v.number($0.end / $0.page.units.metresPerDistance, places: 2) },
        .flag("partial") { $0.split.distance < $0.page.units.metresPerDistance - 1 },
        // To the second, as a watch shows a split: `6:13`, `1:02:10`.
        .text("time") { $0.page.v.clock(Int($0.split.seconds.rounded())) },
        .text("pace?") { row in
            guard row.page.paceKind == .pace, row.split.pace.isFinite, row.split.pace > 0 else { return nil }
            return row.page.v.pace(Int(row.split.pace.rounded()))
        },
        .number("speed?") { row in
            guard row.page.paceKind == .speed, row.split.seconds > 0 else { return nil }
            return row.page.v.speed(metresPerSecond: row.split.distance / row.split.seconds)
        },
        .number("elevation?") { row in
            row.stretch.flatMap { $0.elevation.isNaN ? nil : row.page.v.height($0.elevation) }
        },
        .number("heartRate?") { row in
            row.stretch.flatMap { $0.heartRate.isNaN ? nil : row.page.v.number(Int($0.heartRate.rounded())) }
        },
    ])
}
