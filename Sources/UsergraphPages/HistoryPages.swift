import Foundation
import UsergraphCharts
import UsergraphCore
import UsergraphStats

/// A person's whole history (DESIGN.md "History"): on the statistics page, the years with their
/// progress, the records, the Eddington numbers and the heart-rate zones (`history`); and a page
/// per year, `/statistics/years/<year>/`, with its months, types, calendar, longest workout,
/// busiest week, bests and zones.
///
/// The bests and zones come from every track (`WorkoutDirectory.trackHistory`): these pages
/// render after the workouts' pages (`PageSource.late`), which read the tracks anyway.
package enum HistoryPages {
    package static let template = "year"
    /// The progress chart compares this many years, the newest: this year against the three
    /// before; more lines would not fit its legend on a phone (the table has every year).
    static let progressYears = 4

    package static let allTemplate = "history"
    /// All the years: their progress, the records, the Eddington numbers and the zones.
    static let allYears = SitePath(SitePath.statistics.folder + "years/")

    static func path(of year: Int) -> SitePath { SitePath(allYears.folder + "\(year)/") }

    package static func sources(_ site: SiteData) -> [PageSource] {
        guard let directory = site.workoutDirectory, !site.statistics.history.years.isEmpty else { return [] }
        var all = PageSource(path: allYears, template: allTemplate, section: .statistics) { fields.context(directory) }
        all.late = true
        return [all]
            + site.statistics.history.years.flatMap { summary in
                var page = PageSource(path: path(of: summary.year), template: template, section: .statistics) {
                    yearFields.context(YearPage(directory: directory, summary: summary))
                }
                page.late = true
                return [page] + (RoutePoster(directory: directory, year: summary.year).map { [$0.source] } ?? [])
            }
    }

    // MARK: The statistics page and all the years

    /// `workouts.history` on the statistics page: the years, and where all of them are.
    static let statisticsFields = TemplateFields<WorkoutDirectory>([
        .flag("hasYears") { !$0.site.statistics.history.years.isEmpty },
        .list("years", yearLink) { directory in
            directory.site.statistics.history.years.reversed().map { YearLink(directory: directory, year: $0, page: .statistics, current: false) }
        },
        .text("allYears") { _ in SitePath.statistics.link(to: allYears) },
    ])

    /// `/statistics/years/`: every year's progress and distance, the all-time records, the
    /// Eddington numbers and the heart-rate zones.
    package static let fields = TemplateFields<WorkoutDirectory>([
        .object("links", keys: Links.keys) { _ in Links.context(from: allYears) },
        .text("statistics") { _ in allYears.link(to: .statistics) },
        .flag("hasYears") { !$0.site.statistics.history.years.isEmpty },
        .text("distanceUnit") { $0.site.unitWords["distance"] },
        .list("years", yearLink) { directory in
            directory.site.statistics.history.years.reversed().map { YearLink(directory: directory, year: $0, page: allYears, current: false) }
        },
        .html("progress") { HistoryCharts.progress($0) },
        .html("yearsChart") { HistoryCharts.years($0.site) },
        .object("records", records) { Records(directory: $0, bests: $0.trackHistory.bests, page: allYears) },
        .list("eddington", eddington) { directory in
            HistorySport.allCases.compactMap { sport in
                directory.site.statistics.history.eddingtonInUnits[sport].map { (directory.site, sport, $0) }
            }
        },
        .object("zones?", zones(weekAndYear)) { directory in
            let history = directory.trackHistory
            guard let zones = history.zones, let totals = history.zoneTotals else { return nil }
            return ZoneTable(site: directory.site, history: history, zones: zones, periods: [totals.week, totals.year])
        },
    ])

    /// A year in the switcher, seen from `page`.
    struct YearLink {
        let directory: WorkoutDirectory
        let year: YearSummary
        let page: SitePath
        let current: Bool
    }

    static let yearLink = TemplateFields<YearLink>([
        .int("year") { $0.year.year },
        .text("url") { $0.page.link(to: path(of: $0.year.year)) },
        .flag("current") { $0.current },
        .number("count") { $0.directory.site.values.number($0.year.count) },
        .duration("duration") { $0.directory.site.values.duration($0.year.seconds) },
        .number("distance") { $0.directory.site.values.distance($0.year.distance) },
        .number("elevationGain") { $0.directory.site.values.height(Double($0.year.elevationGain)) },
    ])

    static let eddington = TemplateFields<(SiteData, HistorySport, Eddington)>([
        .text("sport") { $0.0.workoutType($0.1.rawValue) },
        .text("sportId") { $0.1.rawValue },
        .int("number") { $0.2.number },
        .int("next") { $0.2.number + 1 },
        .int("nextNeeds") { $0.2.nextNeeds },
        .text("nextDays") { $0.0.strings.plural("count.days", $0.2.nextNeeds) },
        .text("distanceUnit") { $0.0.unitWords["distance"] },
        .list("byYear", eddingtonYear) { entry in entry.2.byYear.reversed().map { ($0.year, $0.number) } },
    ])

    static let eddingtonYear = TemplateFields<(Int, Int)>([
        .int("year") { $0.0 },
        .int("number") { $0.1 },
    ])

    // MARK: Records

    /// Best efforts, longest workouts and the biggest climb, of all time or of one year, with
    /// links from `page` to the workouts that hold them.
    struct Records {
        let directory: WorkoutDirectory
        let bests: PersonalBests
        let page: SitePath

        var site: SiteData { directory.site }

        func link(_ id: String) -> String? { directory.path(ofID: id).map { page.link(to: $0) } }
    }

    static let records = TemplateFields<Records>([
        .flag("hasAny") { !$0.bests.efforts.isEmpty || !$0.bests.longest.isEmpty || $0.bests.biggestClimb != nil },
        .flag("hasRunning") { !($0.bests.efforts["running"] ?? []).isEmpty },
        .flag("hasCycling") { !($0.bests.efforts["cycling"] ?? []).isEmpty },
        .flag("hasLongest") { !$0.bests.longest.isEmpty || $0.bests.biggestClimb != nil },
        .text("runningName") { $0.site.workoutType("running") },
        .text("cyclingName") { $0.site.workoutType("cycling") },
        .list("running", runningEffort) { records in (records.bests.efforts["running"] ?? []).map { (records, $0) } },
        .list("cycling", cyclingEffort) { records in (records.bests.efforts["cycling"] ?? []).map { (records, $0) } },
        .list("longest", longest) { records in
            PersonalBests.longestTypes.compactMap { type in records.bests.longest[type].map { (records, type, $0) } }
        },
        .object("climb?", climb) { records in records.bests.biggestClimb.map { (records, $0) } },
    ])

    /// A best effort: its distance's name, its time, the workout that holds it and its day.
    static let effort = TemplateFields<(Records, BestEffortRecord)>([
        .text("name") { $0.0.site.strings.text(distanceKey($0.1.distance)) },
        .text("time") { $0.0.site.values.clock(Int($0.1.seconds.rounded())) },
        .text("url?") { $0.0.link($0.1.workout) },
        .date("date") { $0.0.site.values.date($0.1.day) },
    ])

    /// A run's best effort, with its pace.
    static let runningEffort =
        effort
        + TemplateFields<(Records, BestEffortRecord)>([
            .text("pace") { $0.0.site.values.pace(secondsPerKm: $0.1.seconds * 1000 / $0.1.distance) }
        ])

    /// A ride's best effort, with its speed.
    static let cyclingEffort =
        effort
        + TemplateFields<(Records, BestEffortRecord)>([
            .number("speed") { $0.0.site.values.speed(metresPerSecond: $0.1.seconds > 0 ? $0.1.distance / $0.1.seconds : 0) }
        ])

    static let longest = TemplateFields<(Records, String, WorkoutRecord)>([
        .text("type") { $0.0.site.workoutType($0.1) },
        .text("typeId") { $0.1 },
        .number("distance") { $0.0.site.values.distance($0.2.value) },
        .text("url?") { $0.0.link($0.2.workout) },
        .date("date") { $0.0.site.values.date($0.2.day) },
    ])

    static let climb = TemplateFields<(Records, WorkoutRecord)>([
        .number("height") { $0.0.site.values.height($0.1.value) },
        .text("url?") { $0.0.link($0.1.workout) },
        .date("date") { $0.0.site.values.date($0.1.day) },
    ])

    /// The strings key naming a best effort's distance.
    package static func distanceKey(_ metres: Double) -> String {
        switch metres {
        case 400: "history.distances.m400"
        case 1000: "history.distances.km1"
        case 1609.344: "history.distances.mile"
        case 5000: "history.distances.km5"
        case 10_000: "history.distances.km10"
        case 20_000: "history.distances.km20"
        case 21_097.5: "history.distances.half"
        case 40_000: "history.distances.km40"
        case 42_195: "history.distances.marathon"
        default: "history.distances.km100"
        }
    }

    /// The words the code takes from the strings.
    static let requirements: [Strings.Requirement] =
        ((BestEfforts.running + BestEfforts.cycling).map(distanceKey) + (1...5).map { "history.zoneNames.z\($0)" }
        + HeartRateMaximum.Source.allCases.map { "history.maxFrom." + $0.rawValue } + ["history.zonesConfigured", "history.routesTitle"])
        .map { Strings.Requirement($0) }

    // MARK: Heart-rate zones

    /// The five zones with their bounds and the seconds spent in each over two periods (the
    /// week and the year on the statistics page; the year alone on a year's page).
    struct ZoneTable {
        let site: SiteData
        let history: TrackHistory
        let zones: HeartRateZones
        /// Seconds per zone over each period shown.
        let periods: [[Double]]
    }

    static func zones(_ rows: TemplateFields<(ZoneTable, Int)>) -> TemplateFields<ZoneTable> {
        zoneFields + TemplateFields<ZoneTable>([.list("rows", rows) { table in table.zones.bounds.indices.map { (table, $0) } }])
    }

    static let zoneFields = TemplateFields<ZoneTable>([
        .int("max?") { $0.history.maximum?.bpm },
        .text("source") { table in
            guard let maximum = table.history.maximum else { return table.site.strings.text("history.zonesConfigured") }
            let key = table.site.config.athlete.zones == nil ? "history.maxFrom." + maximum.source.rawValue : "history.zonesConfigured"
            return table.site.strings.text(key, ["max": table.site.strings.format.number(maximum.bpm)])
        },
    ])

    /// A zone: its number, name and bounds.
    static let zoneRow = TemplateFields<(ZoneTable, Int)>([
        .int("zone") { $0.1 + 1 },
        .text("name") { $0.0.site.strings.text("history.zoneNames.z\($0.1 + 1)") },
        .text("range") { row in
            let bounds = row.0.zones.bounds, index = row.1
            return index + 1 < bounds.count ? "\(bounds[index])–\(bounds[index + 1] - 1)" : "\(bounds[index])+"
        },
    ])

    /// A zone with its time this week and this year (the statistics page).
    static let weekAndYear =
        zoneRow
        + TemplateFields<(ZoneTable, Int)>([
            .duration("week") { $0.0.site.values.duration(Int($0.0.periods[0][$0.1].rounded())) },
            .duration("year") { $0.0.site.values.duration(Int($0.0.periods[1][$0.1].rounded())) },
        ])

    /// A zone with its time in one year (a year's page).
    static let inYear =
        zoneRow
        + TemplateFields<(ZoneTable, Int)>([
            .duration("time") { $0.0.site.values.duration(Int($0.0.periods[0][$0.1].rounded())) }
        ])

    // MARK: A year's page

    struct YearPage {
        let directory: WorkoutDirectory
        let summary: YearSummary
        /// The positions of the year's workouts, newest first: found once for the page's
        /// longest workout, busiest week and calendar.
        let members: [Int]

        init(directory: WorkoutDirectory, summary: YearSummary) {
            self.directory = directory
            self.summary = summary
            members = directory.workouts.indices.filter { directory.years(of: $0) == summary.year }
        }

        var site: SiteData { directory.site }
        var page: SitePath { path(of: summary.year) }
        var years: [YearSummary] { site.statistics.history.years }
    }

    static let yearFields = TemplateFields<YearPage>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .int("year") { $0.summary.year },
        .text("statistics") { $0.page.link(to: .statistics) },
        .list("years", yearLink) { year in
            year.years.reversed().map { YearLink(directory: year.directory, year: $0, page: year.page, current: $0.year == year.summary.year) }
        },
        .object("previous?", yearLink) { year in
            year.years.last { $0.year < year.summary.year }.map { YearLink(directory: year.directory, year: $0, page: year.page, current: false) }
        },
        .object("next?", yearLink) { year in
            year.years.first { $0.year > year.summary.year }.map { YearLink(directory: year.directory, year: $0, page: year.page, current: false) }
        },
        .flag("hasWorkouts") { $0.summary.count > 0 },
        .number("count") { $0.site.values.number($0.summary.count) },
        .duration("duration") { $0.site.values.duration($0.summary.seconds) },
        .number("distance") { $0.site.values.distance($0.summary.distance) },
        .number("elevationGain") { $0.site.values.height(Double($0.summary.elevationGain)) },
        .list("byType", yearType) { year in year.summary.byType.map { (year.site, $0) } },
        .list("monthly", yearMonth) { year in year.summary.monthly.map { (year.site, $0) } },
        .html("monthsChart") { HistoryCharts.months($0) },
        .html("calendar") { HistoryCharts.calendar($0) },
        .object("longest?", longestWorkout) { year in
            year.members.max { a, b in
                let x = year.directory.workouts[a], y = year.directory.workouts[b]
                // Of two as long, the earlier (the later position, newest first) holds it.
                return x.duration != y.duration ? x.duration < y.duration : a < b
            }.map { (year, $0) }
        },
        .object("busiestWeek?", busiestWeek) { YearWeeks.busiest($0) },
        .object("routes?", routes) { year in RoutePoster(directory: year.directory, year: year.summary.year) },
        .object("records", records) { year in
            Records(directory: year.directory, bests: year.directory.trackHistory.bestsByYear[year.summary.year] ?? PersonalBests(), page: year.page)
        },
        .list("eddington", yearEddington) { year in
            HistorySport.allCases.compactMap { sport in
                year.site.statistics.history.eddingtonInUnits[sport]?.byYear.first { $0.year == year.summary.year }.map {
                    (year.site, sport, $0.number)
                }
            }
        },
        .object("zones?", zones(inYear)) { year in
            let history = year.directory.trackHistory
            guard let zones = history.zones, let seconds = history.zonesByYear[year.summary.year] else { return nil }
            return ZoneTable(site: year.site, history: history, zones: zones, periods: [seconds])
        },
    ])

    static let yearType = TemplateFields<(SiteData, YearTypeCount)>([
        .text("type") { $0.0.workoutType($0.1.type) },
        .text("typeId") { $0.1.type },
        .number("count") { $0.0.values.number($0.1.count) },
        .duration("duration") { $0.0.values.duration($0.1.seconds) },
        .number("distance") { $0.0.values.distance($0.1.distance) },
    ])

    static let yearMonth = TemplateFields<(SiteData, YearMonthCount)>([
        .month("month") { $0.0.values.month(iso: $0.1.month) },
        .number("count") { $0.0.values.number($0.1.count) },
        .duration("duration") { $0.0.values.duration($0.1.seconds) },
        .number("distance") { $0.0.values.distance($0.1.distance) },
    ])

    static let yearEddington = TemplateFields<(SiteData, HistorySport, Int)>([
        .text("sport") { $0.0.workoutType($0.1.rawValue) },
        .int("number") { $0.2 },
    ])

    static let longestWorkout = TemplateFields<(YearPage, Int)>([
        .text("url") { $0.0.page.link(to: $0.0.directory.path(of: $0.1)) },
        .text("title") { $0.0.directory.title(of: $0.0.directory.workouts[$0.1]) },
        .text("type") { $0.0.site.workoutType($0.0.directory.workouts[$0.1].type) },
        .date("date?") { entry in entry.0.directory.local(at: entry.1).map { entry.0.site.values.date($0.day) } },
        .duration("duration") { $0.0.site.values.duration($0.0.directory.workouts[$0.1].duration) },
        .number("distance?") { entry in
            entry.0.directory.workouts[entry.1].distance.flatMap { $0 > 0 ? entry.0.site.values.distance($0) : nil }
        },
    ])

    static let busiestWeek = TemplateFields<(YearPage, YearWeeks.Week)>([
        .date("weekStart") { $0.0.site.values.date($0.1.start) },
        .number("count") { $0.0.site.values.number($0.1.count) },
        .duration("duration") { $0.0.site.values.duration($0.1.seconds) },
        .number("distance") { $0.0.site.values.distance($0.1.metres) },
    ])
}

extension HistoryPages {
    static let routes = TemplateFields<RoutePoster>([
        .text("url") { _ in RoutePoster.file },
        .int("count") { $0.members.count },
    ])
}

/// A poster of a year's routes (`/statistics/years/<year>/routes.svg`), each its list
/// thumbnail in a grid, oldest first: the routes after the privacy settings, as small shapes
/// with no map, no coordinate and no link. Drawn after the workouts' pages, which draw the
/// thumbnails or find them kept.
struct RoutePoster {
    static let file = "routes.svg"
    static let columns = 10
    static let cell = (width: 72, height: 56)

    let directory: WorkoutDirectory
    let year: Int
    /// The year's workouts with a track, oldest first.
    let members: [Int]

    /// Nil when the year has no workout with a track, or the site draws no routes.
    init?(directory: WorkoutDirectory, year: Int) {
        guard directory.site.config.privacy.routes else { return nil }
        let tracks = directory.site.tracks
        let members = directory.workouts.indices.reversed().filter {
            directory.years(of: $0) == year && tracks.identity(of: directory.workouts[$0].id) != nil
        }
        guard !members.isEmpty else { return nil }
        self.directory = directory
        self.year = year
        self.members = members
    }

    var source: PageSource {
        let poster = self
        var source = PageSource(
            file: SitePath(HistoryPages.path(of: year).folder, fileName: Self.file), section: .statistics,
            inputs: { hasher in
                hasher.add(poster.year)
                for index in poster.members { poster.directory.addRow(at: index, to: &hasher) }
            },
            bytes: { Data(poster.svg.utf8) })
        source.late = true
        return source
    }

    /// The grid: each thumbnail in its cell, a cell left empty for a track with no route to draw.
    var svg: String {
        let columns = min(Self.columns, members.count)
        let rows = (members.count + columns - 1) / columns
        let width = columns * Self.cell.width + 16, height = rows * Self.cell.height + 16
        let title = XMLText.escape(directory.site.strings.text("history.routesTitle", ["year": String(year)]))
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">",
            "<title>\(title)</title>",
        ]
        for (position, index) in members.enumerated() {
            guard let thumbnail = directory.thumbnail(at: index) else { continue }
            let x = 8 + position % columns * Self.cell.width + 4, y = 8 + position / columns * Self.cell.height + 4
            parts.append("<g transform=\"translate(\(x) \(y))\">\(thumbnail)</g>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}

/// The weeks of a year's workouts.
enum YearWeeks {
    struct Week {
        let start: Day
        var count = 0
        var seconds = 0
        var metres = 0.0
    }

    /// The week (from Monday) with the most time of the year's workouts; of two as busy, the
    /// earlier. A week across New Year counts only the days of this year. Nil without a workout.
    static func busiest(_ year: HistoryPages.YearPage) -> (HistoryPages.YearPage, Week)? {
        var weeks: [Day: Week] = [:]
        for index in year.members {
            guard let day = year.directory.local(at: index)?.day else { continue }
            let workout = year.directory.workouts[index]
            weeks[day.weekStart, default: Week(start: day.weekStart)].count += 1
            weeks[day.weekStart, default: Week(start: day.weekStart)].seconds += workout.duration
            weeks[day.weekStart, default: Week(start: day.weekStart)].metres += workout.distance ?? 0
        }
        let busiest = weeks.values.max { a, b in a.seconds != b.seconds ? a.seconds < b.seconds : a.start > b.start }
        return busiest.map { (year, $0) }
    }
}
