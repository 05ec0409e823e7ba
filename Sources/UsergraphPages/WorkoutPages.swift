import UsergraphCharts
import UsergraphCore
import UsergraphStats
import UsergraphStore

/// `/workouts/`: every workout, newest first, 50 to a page (`/workouts/page/N/`), the same by
/// type (`/workouts/<type>/`) and by year (`/workouts/years/<year>/`); and a page per workout,
/// `/workouts/<key>/`, with its numbers, its route drawn from its track, its profile over
/// distance and its splits.
///
/// Tracks are private: every route is drawn from the track after `TrackPrivacy`, so no page
/// holds what the owner's privacy settings remove, and no page holds a coordinate as text.
package enum WorkoutPages {
    static let pageSize = 50
    package static let listTemplate = "workouts"
    package static let workoutTemplate = "workout"
    static let folder = SitePath.workouts.folder

    /// The workouts a list shows.
    enum Filter: Hashable, Sendable {
        case all
        case type(String)
        case year(Int)

        func page(_ number: Int) -> SitePath {
            var path = SitePath.workouts.folder
            switch self {
            case .all: break
            case .type(let type): path += type + "/"
            case .year(let year): path += "years/\(year)/"
            }
            if number > 1 { path += "page/\(number)/" }
            return SitePath(path)
        }
    }

    package static func sources(_ site: SiteData) -> [PageSource] {
        guard let directory = site.workoutDirectory else { return [] }
        let workouts = directory.workouts
        var filters: [(Filter, [Int])] = [(.all, Array(workouts.indices))]
        for type in directory.types { filters.append((.type(type.id), workouts.indices.filter { workouts[$0].type == type.id })) }
        for year in directory.years { filters.append((.year(year.year), workouts.indices.filter { directory.years(of: $0) == year.year })) }
        // The workouts' pages first: each reads its track and draws the lists' thumbnail from
        // it, so that the lists, rendered after them, need not read the tracks again.
        var sources = workouts.indices.map { index in
            PageSource(path: directory.path(of: index), template: workoutTemplate, section: .workouts, family: directory, position: index)
        }
        for (filter, members) in filters {
            let pageCount = max(1, (members.count + pageSize - 1) / pageSize)
            for number in 1...pageCount {
                let shown = Array(members.dropFirst((number - 1) * pageSize).prefix(pageSize))
                let inputs: @Sendable (inout FingerprintHasher) -> Void = { hasher in
                    hasher.add(workouts.count); hasher.add(members.count); hasher.add(pageCount)
                    directory.addTabs(to: &hasher)
                    for index in shown { directory.addRow(at: index, to: &hasher) }
                }
                sources.append(
                    PageSource(path: filter.page(number), template: listTemplate, section: .workouts, inputs: inputs) {
                        listFields.context(
                            ListPage(directory: directory, filter: filter, shown: shown, count: members.count, number: number, pageCount: pageCount))
                    })
            }
        }
        return sources
    }

    /// The key of a workout's page: its id where that is a plain name (the store's ids are
    /// UUIDs), else a hash of it, so no text from the store is made into a path as it is.
    static func key(of id: String, reserved: Set<String>) -> String {
        TrackFiles.isPlainName(id) && !reserved.contains(id.lowercased()) ? id : "w-" + String(SHA256.hex(id).prefix(16))
    }

    // MARK: Lists

    struct ListPage {
        let directory: WorkoutDirectory
        let filter: Filter
        let shown: [Int]
        let count: Int
        let number: Int
        let pageCount: Int

        var site: SiteData { directory.site }
        var page: SitePath { filter.page(number) }
    }

    static let listFields = TemplateFields<ListPage>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .flag("hasData") { !$0.directory.workouts.isEmpty },
        .number("total") { $0.site.values.number($0.directory.workouts.count) },
        .number("count") { $0.site.values.number($0.count) },
        .text("typeName?") { list in if case .type(let type) = list.filter { list.site.workoutType(type) } else { nil } },
        .int("year?") { list in if case .year(let year) = list.filter { year } else { nil } },
        .object("all", tab) { list in
            Tab(label: "", url: list.page.link(to: Filter.all.page(1)), current: list.filter == .all, count: 0, values: list.site.values)
        },
        .list("types", tab) { list in
            list.directory.types.map { type in
                Tab(
                    label: list.site.workoutType(type.id), url: list.page.link(to: Filter.type(type.id).page(1)),
                    current: list.filter == .type(type.id), count: type.count, values: list.site.values)
            }
        },
        .list("years", tab) { list in
            list.directory.years.map { year in
                Tab(
                    label: String(year.year), url: list.page.link(to: Filter.year(year.year).page(1)), current: list.filter == .year(year.year),
                    count: year.count, values: list.site.values)
            }
        },
        .list("workouts", rowFields) { list in list.shown.map { Row(directory: list.directory, index: $0, page: list.page) } },
        .number("first") { $0.site.values.number(($0.number - 1) * pageSize + 1) },
        .number("last") { $0.site.values.number(($0.number - 1) * pageSize + $0.shown.count) },
        .object("pagination?", Pagination.fields) { list in Pagination(number: list.number, total: list.pageCount, from: list.page, path: list.filter.page) },
    ])

    /// A tab of the lists: all, a type, a year.
    struct Tab {
        let label: String
        let url: String
        let current: Bool
        let count: Int
        let values: TemplateValues
    }

    static let tab = TemplateFields<Tab>([
        .text("label") { $0.label },
        .text("url") { $0.url },
        .flag("current") { $0.current },
        // In the language's digits, as `total` is: 2,674 beside 5,001, not 2674.
        .number("count") { $0.values.number($0.count) },
    ])

    /// A workout as a list's row shows it, seen from `page`.
    struct Row {
        let directory: WorkoutDirectory
        let index: Int
        let page: SitePath
        /// Taken from the list once: a field that read `directory.workouts[index]` copied the
        /// whole workout, a dozen times a row.
        let workout: Workout

        init(directory: WorkoutDirectory, index: Int, page: SitePath) {
            self.directory = directory
            self.index = index
            self.page = page
            workout = directory.workouts[index]
        }

        var site: SiteData { directory.site }
    }

    static let rowFields = TemplateFields<Row>([
        .text("url") { $0.page.link(to: $0.directory.path(of: $0.index)) },
        .text("title") { $0.directory.title(of: $0.workout) },
        .text("name?") { nonEmpty($0.workout.name) },
        .text("type") { $0.site.workoutType($0.workout.type) },
        .text("typeId") { $0.workout.type },
        .date("date?") { row in row.directory.local(at: row.index).map { row.site.values.date($0.day) } },
        .text("time?") { $0.directory.local(at: $0.index)?.time },
        .duration("duration") { $0.site.values.duration($0.workout.duration) },
        .number("distance?") { row in row.workout.distance.flatMap { $0 > 0 ? row.site.values.distance($0) : nil } },
        .text("pace?") { row in
            row.directory.pace(type: row.workout.type, metres: row.workout.distance, seconds: Double(row.workout.pacedSeconds))
        },
        .number("speed?") { row in
            row.directory.speed(type: row.workout.type, metres: row.workout.distance, seconds: Double(row.workout.pacedSeconds))
        },
        .number("elevationGain?") { row in row.workout.elevationGain.map { row.site.values.height($0) } },
        .number("heartRate?") { row in row.workout.avgHeartRate.map(row.site.values.number) },
        .html("thumbnail?") { $0.directory.thumbnail(at: $0.index) },
    ])
}

extension SitePath {
    package static let workouts = SitePath("workouts/")
}
