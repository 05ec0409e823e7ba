import Foundation
import Testing
import UsergraphBuild
import UsergraphCore
import UsergraphStats
import UsergraphStore
import UsergraphTestSupport

/// The history on the site: the year pages, the statistics page's years, records, Eddington
/// numbers and zones, and the tracks' facts kept from one build to the next. Built from a copy
/// of the demo store, whose tracks are real device files.
@Suite(.scratch) struct HistoryPagesTests {
    /// A copy of the demo with one walk in 2023 added, so that 2024 is a year without a workout.
    static func siteWithAGap() throws -> (root: String, workouts: [Workout]) {
        let root = try DemoSite.copy()
        let layout = StoreLayout(root: root + "/Store")
        var workouts = try #require(try JSONFile.read([Workout].self, at: layout.workouts))
        workouts.append(Workout(id: "old-walk", type: "walking", start: "2023-06-10T08:00:00+00:00", duration: 3600, distance: 5000))
        try JSONFile.write(workouts, to: layout.workouts)
        return (root, workouts)
    }

    /// Workouts in `year` by their start day in the demo's time zone, up to the demo's as-of day.
    static func count(_ workouts: [Workout], in year: Int, config: SiteConfig) throws -> Int {
        let asOf = config.asOfDay()
        return workouts.filter { workout in
            guard let date = Timestamp.parse(workout.start) else { return false }
            let day = Day(date, in: config.timeZone)
            return day.year == year && day <= asOf
        }.count
    }

    @Test func everyYearHasAPageAndTheStatisticsLinkThem() throws {
        let (root, workouts) = try Self.siteWithAGap()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try DemoSite.buildSite(root)
        let config = try ConfigLoader.load(path: root + "/usergraph.yml")
        let statistics = try TestPaths.read(root + "/_site/statistics/index.html")
        for year in 2023...config.asOfDay().year {
            let page = try TestPaths.read(root + "/_site/statistics/years/\(year)/index.html")
            #expect(statistics.contains("href=\"../statistics/years/\(year)/index.html\""), "\(year)")
            let count = try Self.count(workouts, in: year, config: config)
            if count == 0 {
                #expect(page.contains("No workouts this year."), "\(year)")
            } else {
                #expect(page.contains("<h2>Workouts</h2><p class=\"big\">\(count)</p>"), "\(year): \(count)")
            }
            // The switcher marks this year's page and links every other.
            #expect(page.contains("<a href=\"../../../statistics/years/\(year)/index.html\" aria-current=\"page\">\(year) "), "\(year)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/statistics/years/2022"))
        // Over three years of history, the social card gives a life's figures, and says so.
        let home = try TestPaths.read(root + "/_site/index.html")
        #expect(home.contains("the workouts, the distance and the Eddington number of a whole history"))
        // All the years: linked from the statistics; every link out of its records leads to a
        // workout page that is there.
        #expect(statistics.contains("href=\"../statistics/years/index.html\""))
        let all = try TestPaths.read(root + "/_site/statistics/years/index.html")
        let records = try #require(all.range(of: "id=\"records-heading\""))
        let section = String(all[records.upperBound...]).components(separatedBy: "</section>")[0]
        let links = section.components(separatedBy: "<a href=\"../../workouts/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links.count >= 5)
        for link in links { #expect(FileManager.default.fileExists(atPath: root + "/_site/workouts/" + link), "\(link)") }
    }

    /// 2012 is a leap year that starts on a Sunday: its weeks from Monday are 54, and its
    /// calendar still shows 1 January (a cell linked to that day's workout) and 31 December.
    @Test func aYearOfFiftyFourWeeksShowsItsFirstDay() throws {
        let root = try DemoSite.copy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let layout = StoreLayout(root: root + "/Store")
        var workouts = try #require(try JSONFile.read([Workout].self, at: layout.workouts))
        workouts.append(Workout(id: "new-year-walk", type: "walking", start: "2012-01-01T12:00:00+00:00", duration: 3600, distance: 5000))
        try JSONFile.write(workouts, to: layout.workouts)
        try DemoSite.buildSite(root)
        let page = try TestPaths.read(root + "/_site/statistics/years/2012/index.html")
        let start = try #require(page.range(of: "year-calendar-2012"))
        let calendar = String(page[start.lowerBound...]).components(separatedBy: "</svg>")[0]
        #expect(calendar.contains("aria-label=\"January 1, 2012: 1 workout\""))
        #expect(calendar.contains("December 31, 2012: 0 workouts"))
    }

    @Test func theFiveKilometreRecordIsTheFastestOfEveryTrack() throws {
        let (_, site) = try DemoSite.build()
        let layout = StoreLayout(root: TestPaths.repository + "/Store")
        let workouts = try #require(try JSONFile.read([Workout].self, at: layout.workouts))
        let stored = StoredTracks(layout: layout)
        // Straight from the tracks, without the build's cache: the fastest 5 km of any run.
        var best: (seconds: Double, id: String)?
        for workout in workouts where workout.type == "running" {
            guard let track = try stored.track(of: workout.id) else { continue }
            for effort in BestEfforts.of(track, distances: [5000], sport: .foot) where best.map({ effort.seconds < $0.seconds }) ?? true {
                best = (effort.seconds, workout.id)
            }
        }
        let record = try #require(best)
        // The demo's year of history: the social card gives today's figures.
        #expect(try TestPaths.read(site + "/index.html").contains("the current streak, the level and the training calendar"))
        let all = try TestPaths.read(site + "/statistics/years/index.html")
        let row = try #require(all.range(of: "<th scope=\"row\">5 km</th>"))
        let rest = all[row.upperBound...].prefix(400)
        let clock = TemplateValuesClock.text(Int(record.seconds.rounded()))
        #expect(rest.contains(">\(clock)<"), "\(clock) in \(rest)")
        #expect(rest.contains("../../workouts/\(record.id)/index.html"))
    }

    @Test func keptFactsAreTrustedUntilTheirTrackChanges() throws {
        let root = try DemoSite.copy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try DemoSite.buildSite(root)
        let state = root + "/.usergraph/_site/track-facts"
        let lines = try TestPaths.read(state).split(separator: "\n")
        let tracks = StoredTracks(layout: StoreLayout(root: root + "/Store"))
        // A header, then one line a track.
        #expect(lines.count == tracks.count + 1)
        // The kept 400 m of every run made 10 s: a rebuild after an unrelated change shows it,
        // so the facts were taken as kept, not read again from the tracks.
        let before = try TestPaths.read(root + "/_site/statistics/years/index.html")
        let fastest = try #require(Self.fourHundredMetres(before))
        let edited = lines.map { line -> String in
            line.replacingOccurrences(of: #"e=400\.0:[0-9.e+-]+:"#, with: "e=400.0:10.0:", options: .regularExpression)
        }
        #expect(edited != lines.map(String.init))
        try TestPaths.write(edited.joined(separator: "\n") + "\n", to: state)
        try TestPaths.write(try TestPaths.read(root + "/usergraph.yml") + "\nathlete:\n  maxHeartRate: 190\n", to: root + "/usergraph.yml")
        try DemoSite.buildSite(root)
        let kept = try TestPaths.read(root + "/_site/statistics/years/index.html")
        #expect(Self.fourHundredMetres(kept) == "0:10")
        #expect(kept.contains("Maximum 190 bpm, from the config."))
        // Forced, every track is read again and the record is the real one.
        try DemoSite.buildSite(root, force: true)
        #expect(Self.fourHundredMetres(try TestPaths.read(root + "/_site/statistics/years/index.html")) == fastest)
    }

    /// The 400 m record's time on a statistics page.
    static func fourHundredMetres(_ html: String) -> String? {
        guard let row = html.range(of: "<th scope=\"row\">400 m</th><td class=\"num\">") else { return nil }
        return String(html[row.upperBound...].prefix { $0 != "<" })
    }

    @Test func aYearsRoutesMakeAPosterUnlessNoRouteIsShown() throws {
        let root = try DemoSite.copy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try DemoSite.buildSite(root)
        let config = try ConfigLoader.load(path: root + "/usergraph.yml")
        let year = config.asOfDay().year
        let page = try TestPaths.read(root + "/_site/statistics/years/\(year)/index.html")
        #expect(page.contains("<img class=\"route-poster\" src=\"routes.svg\""))
        let poster = try TestPaths.read(root + "/_site/statistics/years/\(year)/routes.svg")
        // One shape a workout of the year with a track (each of the demo's has a route left to draw).
        let layout = StoreLayout(root: root + "/Store")
        let tracks = StoredTracks(layout: layout)
        let workouts = try #require(try JSONFile.read([Workout].self, at: layout.workouts))
        let tracked = workouts.filter { workout in
            tracks.identity(of: workout.id) != nil
                && Timestamp.parse(workout.start).map { Day($0, in: config.timeZone).year == year && Day($0, in: config.timeZone) <= config.asOfDay() } == true
        }
        #expect(poster.components(separatedBy: "<path ").count - 1 == tracked.count)
        #expect(poster.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && poster.contains("<title>The routes of \(year)</title>"))
        // privacy.routes: false draws no route anywhere, so no poster either.
        let demo = try TestPaths.read(root + "/usergraph.yml")
        #expect(demo.contains("\nprivacy:\n") && !demo.contains("routes:"))
        try TestPaths.write(demo.replacingOccurrences(of: "\nprivacy:\n", with: "\nprivacy:\n  routes: false\n"), to: root + "/usergraph.yml")
        try DemoSite.buildSite(root)
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/statistics/years/\(year)/routes.svg"))
        #expect(!(try TestPaths.read(root + "/_site/statistics/years/\(year)/index.html")).contains("route-poster"))
    }

    @Test func theRussianYearPageAgreesInNumberAndGender() throws {
        let root = try DemoSite.copy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let config = try TestPaths.read(root + "/usergraph.yml")
        #expect(config.contains("language: en\n"))
        try TestPaths.write(config.replacingOccurrences(of: "language: en\n", with: "language: ru\n"), to: root + "/usergraph.yml")
        try DemoSite.buildSite(root)
        let year = try ConfigLoader.load(path: root + "/usergraph.yml").asOfDay().year
        let page = try TestPaths.read(root + "/_site/statistics/years/\(year)/index.html")
        #expect(page.contains("Лучшее время") && page.contains("Самая насыщенная неделя"))
        // The busiest week's workouts: "7 тренировок", "3 тренировки", "1 тренировка".
        let week = try #require(page.range(of: "id=\"week-heading\""))
        let line = page[week.upperBound...].prefix(400)
        #expect(line.range(of: #"(1 тренировка|[2-4] тренировки|[5-9] тренировок|1[0-9] тренировок) · "#, options: .regularExpression) != nil, "\(line)")
    }
}

/// `TemplateValues.clock`, as the pages write a time: `m:ss`, or `h:mm:ss` from an hour.
enum TemplateValuesClock {
    static func text(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}
