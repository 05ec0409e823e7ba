import Foundation
import UsergraphCharts
import UsergraphCore
import UsergraphPages
import UsergraphStats

/// Self-contained SVG cards for a README or another page (`cards/`), drawn with the chart
/// code: each in a light and a dark file (colours written in), one that follows
/// `prefers-color-scheme` (the colours in a `<style>`), and a PNG of the light and the dark
/// one. No script, no `foreignObject`, no external font, stylesheet or image (an avatar is a
/// data URI), a `<title>` and `<desc>`, and a fixed size: what GitHub's image proxy shows.
package enum EmbedCards {
    package static let font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,'DejaVu Sans',sans-serif"

    package static let requirements: [Strings.Requirement] =
        [
            "cards.stats.title", "cards.stats.desc", "cards.streak.title", "cards.streak.desc", "cards.calendar.title",
            "cards.calendar.desc", "cards.weekly.title", "cards.weekly.desc", "cards.languages.title", "cards.languages.desc",
            "cards.workouts", "cards.time", "cards.distance", "cards.streakNow", "cards.longest", "cards.level",
            "cards.pinned.title", "cards.pinned.desc", "cards.year.title", "cards.year.desc", "cards.eddington",
        ].map { Strings.Requirement($0) } + [Strings.Requirement("count.days", .plural), Strings.Requirement("count.points", .plural)]

    /// The cards of the sections the site shows: the workouts' four, then GitHub's languages and pins.
    package static func cards(_ site: SiteData) -> [EmbedCard] {
        (site.shows(.workouts) ? workoutCards(site) : []) + (site.shows(.github) ? gitHubCards(site) : [])
    }

    /// The numbers, the streak, the training calendar and the weekly bars.
    static func workoutCards(_ site: SiteData) -> [EmbedCard] {
        let s = site.strings
        let f = s.format
        let w = site.statistics.report.workouts
        let name = site.personName
        var cards: [EmbedCard] = []

        // The numbers, with the avatar (or the initials) on the right.
        let rows: [(String, String)] = [
            (s.text("cards.workouts"), f.number(w.count)),
            (s.text("cards.time"), f.duration(seconds: w.totalSeconds)),
            (
                s.text("cards.distance"),
                f.number(Double(w.totalDistance) / site.config.units.metresPerDistance, places: 1) + "\u{00A0}" + s.text(site.config.units.distanceWord)
            ),
            (s.text("cards.streakNow"), s.plural("count.days", w.currentStreak)),
            (s.text("cards.level"), f.number(w.level) + " · " + s.plural("count.points", w.points)),
        ]
        var stats = [header(s.text("cards.stats.title", ["name": name]), width: 495)]
        for (i, row) in rows.enumerated() {
            let y = 72 + i * 25
            stats.append(text(row.0, x: 20, y: y, size: 14, fill: muted))
            stats.append(text(row.1, x: 150, y: y, size: 14, fill: ink, weight: 700))
        }
        stats.append(avatar(site, cx: 405, cy: 112, r: 52))
        cards.append(
            EmbedCard(
                name: "stats", title: s.text("cards.stats.title", ["name": name]), description: s.text("cards.stats.desc"),
                width: 495, height: 195, body: stats.joined(separator: "\n")))

        // Three columns like streak cards: workouts, the current streak in a ring, the longest.
        var streak = [header(s.text("cards.streak.title", ["name": name]), width: 495)]
        let columns: [(String, String, Int)] = [
            (f.number(w.count), s.text("cards.workouts"), 83),
            (f.number(w.currentStreak), s.text("cards.streakNow"), 248),
            (f.number(w.longestStreak), s.text("cards.longest"), 413),
        ]
        streak.append("<circle cx=\"248\" cy=\"108\" r=\"40\" style=\"fill:none;stroke:var(--accent,#4f46e5);stroke-width:5\"/>")
        for (i, column) in columns.enumerated() {
            streak.append(text(column.0, x: column.2, y: i == 1 ? 118 : 112, size: i == 1 ? 30 : 26, fill: ink, weight: 700, anchor: "middle"))
            streak.append(text(column.1, x: column.2, y: 172, size: 13, fill: muted, anchor: "middle"))
        }
        cards.append(
            EmbedCard(
                name: "streak", title: s.text("cards.streak.title", ["name": name]), description: s.text("cards.streak.desc"),
                width: 495, height: 195, body: streak.joined(separator: "\n")))

        // The training calendar at its own size.
        let days = site.statistics.details.dailyWorkouts
        let calendar = SVGCharts.calendarHeatmap(
            days.map {
                HeatmapDay(
                    value: Double($0.count),
                    title: s.text(
                        "chart.heatmap.cell",
                        [
                            "date": f.date($0.day), "count": s.plural("count.workouts", $0.count),
                        ]))
            },
            rowLabels: f.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
            weekLabels: StatisticsCharts.monthLabels(days.map(\.day), format: f),
            options: SVGChartOptions(idPrefix: "card-calendar", title: s.text("cards.calendar.title"), noData: s.text("chart.noData")))
        let size = chartSize(calendar)
        cards.append(
            EmbedCard(
                name: "calendar", title: s.text("cards.calendar.title"), description: s.text("cards.calendar.desc"),
                width: Int(size.width) + 40, height: Int(size.height) + 60,
                body: header(s.text("cards.calendar.title"), width: Int(size.width) + 40) + "\n" + place(calendar, x: 20, y: 48)))

        let weekly = SVGCharts.bars(
            w.weekly.map { ChartPoint(label: Day(iso: $0.weekStart).map(f.shortDate) ?? $0.weekStart, value: Double($0.count)) },
            options: SVGChartOptions(
                idPrefix: "card-weekly", title: s.text("cards.weekly.title"), noData: s.text("chart.noData"),
                width: 455, height: 170, numbers: f.chartNumbers))
        cards.append(
            EmbedCard(
                name: "weekly", title: s.text("cards.weekly.title"), description: s.text("cards.weekly.desc"),
                width: 495, height: 230, body: header(s.text("cards.weekly.title"), width: 495) + "\n" + place(weekly, x: 20, y: 50)))
        if let year = yearCard(site) { cards.append(year) }
        return cards
    }

    /// The year so far in review: its workouts, time, distance and Eddington number over its
    /// calendar, for the as-of day's year once it has a workout.
    static func yearCard(_ site: SiteData) -> EmbedCard? {
        let s = site.strings, f = s.format
        let year = site.asOf.year
        guard let summary = site.statistics.history.years.last, summary.year == year, summary.count > 0,
            let january = Day(year: year, month: 1, day: 1)
        else { return nil }
        let units = site.config.units
        // The sport with the greater E stands for the year (a rider's E is in the rides).
        let eddington = HistorySport.allCases.compactMap { sport in
            site.statistics.history.eddingtonInUnits[sport]?.byYear.last { $0.year == year }.map { (sport, $0.number) }
        }.max { $0.1 < $1.1 }
        let columns: [(String, String)] = [
            (f.number(summary.count), s.text("cards.workouts")),
            (f.duration(seconds: summary.seconds), s.text("cards.time")),
            (f.number(Double(summary.distance) / units.metresPerDistance, places: 0) + "\u{00A0}" + s.text(units.distanceWord), s.text("cards.distance")),
            (
                eddington.map { f.number($0.1) } ?? "0",
                s.text("cards.eddington", ["sport": s.workoutTypeName(eddington?.0.rawValue ?? HistorySport.running.rawValue)])
            ),
        ]
        // The year's calendar from its first Monday to the as-of day: the last 53 weeks' days
        // hold all of it.
        var counts: [Int: Int] = [:]
        for day in site.statistics.details.dailyWorkouts where day.day.year == year { counts[day.day.number] = day.count }
        let days = (january.weekStart.number...site.asOf.number).map(Day.init(number:))
        let calendar = SVGCharts.calendarHeatmap(
            days.map { day in
                let count = day.year == year ? counts[day.number] ?? 0 : 0
                return HeatmapDay(value: Double(count), title: s.text("chart.heatmap.cell", ["date": f.date(day), "count": s.plural("count.workouts", count)]))
            },
            rowLabels: f.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
            weekLabels: StatisticsCharts.monthLabels(days, format: f),
            options: SVGChartOptions(
                idPrefix: "card-year", title: s.text("cards.year.title", ["name": site.personName, "year": String(year)]), noData: s.text("chart.noData")))
        let size = chartSize(calendar)
        let width = max(495, Int(size.width) + 40)
        let title = s.text("cards.year.title", ["name": site.personName, "year": String(year)])
        var body = [header(title, width: width)]
        let pitch = (width - 40) / columns.count
        for (index, column) in columns.enumerated() {
            let x = 20 + pitch * index
            body.append(text(column.0, x: x, y: 78, size: 24, fill: ink, weight: 700, room: pitch - 8))
            body.append(text(column.1, x: x, y: 100, size: 13, fill: muted, room: pitch - 8))
        }
        body.append(place(calendar, x: 20, y: 118))
        return EmbedCard(
            name: "year", title: title, description: s.text("cards.year.desc", ["year": String(year)]), width: width,
            height: 118 + Int(size.height) + 16, body: body.joined(separator: "\n"))
    }

    /// The languages of the sources, and the pinned repositories when they are known.
    static func gitHubCards(_ site: SiteData) -> [EmbedCard] {
        let s = site.strings
        let f = s.format
        var cards: [EmbedCard] = []
        let repositories = site.statistics.report.repositories
        // Like the languages chart: by bytes of code when the store has them, else by primary language.
        var languages = repositories.languages.prefix(6).map { (ChartPoint(label: $0.language, value: Double($0.count)), f.number($0.count)) }
        if let sizes = repositories.languageBytes, !sizes.isEmpty {
            languages = zip(sizes.prefix(6), StatisticsCharts.languageShares(sizes)).map { language, share in
                (ChartPoint(label: language.language, value: Double(language.bytes)), f.number(share, places: 1) + " %")
            }
        }
        if !languages.isEmpty {
            let chart = SVGCharts.rowBars(
                languages.map(\.0), valueLabels: languages.map(\.1),
                options: SVGChartOptions(
                    idPrefix: "card-languages", title: s.text("cards.languages.title"), noData: s.text("chart.noData"),
                    width: 455, height: 170, numbers: f.chartNumbers))
            cards.append(
                EmbedCard(
                    name: "languages", title: s.text("cards.languages.title"), description: s.text("cards.languages.desc"),
                    width: 495, height: 230, body: header(s.text("cards.languages.title"), width: 495) + "\n" + place(chart, x: 20, y: 50)))
        }
        if let pinned = pinnedCard(site) { cards.append(pinned) }
        return cards
    }

    /// The pinned repositories when they are known (named in the config or pinned on GitHub, not
    /// guessed from stars): each its name, description, language, stars and forks, a row apiece.
    static func pinnedCard(_ site: SiteData) -> EmbedCard? {
        let (origin, repositories) = PinnedRepositories.repositories(site)
        guard origin != .popular, !repositories.isEmpty else { return nil }
        let s = site.strings, f = s.format
        let title = s.text("cards.pinned.title", ["name": site.personName])
        let row = 58
        var body = [header(title, width: 495)]
        for (i, repository) in repositories.enumerated() {
            let y = 64 + i * row
            body.append(text(repository.name, x: 20, y: y, size: 15, fill: "var(--accent,#4f46e5)", weight: 700, room: 300))
            var counts = "★ " + f.number(repository.stargazersCount ?? 0)
            if let forks = repository.forksCount, forks > 0 { counts += "  ⑂ " + f.number(forks) }
            body.append(text(counts, x: 475, y: y, size: 13, fill: muted, anchor: "end"))
            var line = repository.description ?? ""
            if let language = repository.language { line = line.isEmpty ? language : language + " · " + line }
            if !line.isEmpty { body.append(text(line, x: 20, y: y + 22, size: 13, fill: muted, room: 455)) }
        }
        return EmbedCard(
            name: "pinned", title: title, description: s.text("cards.pinned.desc"), width: 495,
            height: 44 + row * repositories.count + 8, body: body.joined(separator: "\n"))
    }

    /// One file of a card.
    package static func svg(_ card: EmbedCard, mode: EmbedCard.Mode, palette: ThemePalette) -> String {
        let open =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(card.width)\" height=\"\(card.height)\""
            + " viewBox=\"0 0 \(card.width) \(card.height)\" role=\"img\" aria-labelledby=\"card-title card-desc\""
            + " font-family=\"\(font)\">"
        let frame =
            "<rect x=\"0.5\" y=\"0.5\" width=\"\(card.width - 1)\" height=\"\(card.height - 1)\" rx=\"8\""
            + " style=\"fill:var(--surface,#ffffff);stroke:var(--border,#e2e5ef)\"/>"
        var parts = [
            open, "<title id=\"card-title\">\(XMLText.escape(card.title))</title>",
            "<desc id=\"card-desc\">\(XMLText.escape(card.description))</desc>",
        ]
        switch mode {
        case .light, .dark:
            let colours = mode == .light ? palette.light : palette.dark
            parts += [ThemePalette.resolve(frame, colours: colours), ThemePalette.resolve(card.body, colours: colours)]
        case .auto:
            parts.append("<style>:root{\(declarations(palette.light))}@media (prefers-color-scheme:dark){:root{\(declarations(palette.dark))}}</style>")
            parts += [frame, card.body]
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// Every card's SVG files, and the PNGs to draw of the light and dark ones.
    package static func files(_ site: SiteData, palette: ThemePalette) -> (svgs: [(file: String, data: Data)], pngs: [PNGRaster.Job]) {
        var svgs: [(file: String, data: Data)] = []
        var pngs: [PNGRaster.Job] = []
        for card in site.cards {
            for mode in EmbedCard.Mode.allCases {
                let svg = svg(card, mode: mode, palette: palette)
                svgs.append((card.path(mode, "svg"), Data(svg.utf8)))
                if mode != .auto { pngs.append(PNGRaster.Job(file: card.path(mode, "png"), svg: svg, width: card.width, height: card.height)) }
            }
        }
        return (svgs, pngs)
    }

    private static let ink = "var(--text,#1b1f2a)"
    private static let muted = "var(--muted,#5b6378)"

    private static func header(_ title: String, width: Int) -> String {
        text(title, x: 20, y: 32, size: 17, fill: "var(--accent,#4f46e5)", weight: 700, room: width - 40)
    }

    private static func text(
        _ value: String, x: Int, y: Int, size: Int, fill: String, weight: Int = 400,
        anchor: String = "start", room: Int? = nil
    ) -> String {
        var shown = value
        if let room {
            let chars = max(1, Int(Double(room) / (Double(size) * 0.58)))
            if value.count > chars { shown = String(value.prefix(chars - 1)) + "…" }
        }
        let a = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        return "<text x=\"\(x)\" y=\"\(y)\"\(a) style=\"fill:\(fill);font-size:\(size)px;font-weight:\(weight)\">\(XMLText.escape(shown))</text>"
    }

    /// The owner's avatar clipped to a circle, else their initials on the accent colour.
    private static func avatar(_ site: SiteData, cx: Int, cy: Int, r: Int) -> String {
        if let uri = SocialCard.avatarURI(site) {
            return "<clipPath id=\"card-avatar\"><circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\"/></clipPath>"
                + "<image href=\"\(uri)\" x=\"\(cx - r)\" y=\"\(cy - r)\" width=\"\(2 * r)\" height=\"\(2 * r)\""
                + " preserveAspectRatio=\"xMidYMid slice\" clip-path=\"url(#card-avatar)\"/>"
        }
        return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\" style=\"fill:var(--accent,#4f46e5)\"/>"
            + text(Avatars.initials(site.personName), x: cx, y: cy + 13, size: 36, fill: "var(--on-accent,#ffffff)", weight: 700, anchor: "middle")
    }

    /// A chart's drawing without its own `<svg>` element, moved to (x, y): its viewBox starts
    /// at 0, so its units are the card's.
    private static func place(_ chart: String, x: Int, y: Int) -> String {
        guard let open = chart.range(of: "<svg"), let end = chart[open.upperBound...].firstIndex(of: ">"),
            let close = chart.range(of: "</svg>", options: .backwards)
        else { return "" }
        let inner = chart[chart.index(after: end)..<close.lowerBound]
        return "<g transform=\"translate(\(x) \(y))\" style=\"font-size:13px\">\(inner)</g>"
    }

    /// A chart's viewBox size.
    private static func chartSize(_ chart: String) -> (width: Double, height: Double) {
        guard let box = chart.range(of: "viewBox=\"0 0 "), let end = chart[box.upperBound...].firstIndex(of: "\"") else { return (480, 160) }
        let numbers = chart[box.upperBound..<end].split(separator: " ").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0].rounded(.up), numbers[1].rounded(.up)) : (480, 160)
    }

    private static func declarations(_ colours: [String: String]) -> String {
        colours.keys.sorted().map { "--\($0):\(colours[$0] ?? "")" }.joined(separator: ";")
    }
}
