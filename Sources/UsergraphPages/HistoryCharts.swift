import UsergraphCharts
import UsergraphCore
import UsergraphStats

/// The history's charts: every year's cumulative distance by day of the year, the years' and
/// one year's months' distances, and one year's calendar.
enum HistoryCharts {
    /// Words the charts draw beside the `chart.*.title/desc/x/y` of their keys.
    static let keys = ["progress", "years", "yearMonths", "yearCalendar"]

    /// Cumulative distance (all types) by day of the year, one line per year of the newest
    /// `HistoryPages.progressYears`, each drawn to the end of each week of it and the current
    /// year up to the as-of day: Strava's progress chart, this year against the others.
    static func progress(_ directory: WorkoutDirectory) -> String {
        let site = directory.site
        let years = site.statistics.history.years.suffix(HistoryPages.progressYears).map(\.year)
        guard let first = years.first else { return "" }
        var byDay: [Int: Double] = [:]
        for index in directory.workouts.indices {
            guard let day = directory.local(at: index)?.day, day.year >= first, day <= site.asOf else { continue }
            byDay[day.number, default: 0] += directory.workouts[index].distance ?? 0
        }
        // Day of the year of each point: the end of each week, and the year's last day.
        let ends = Array(stride(from: 7, through: 364, by: 7)) + [366]
        let unit = site.config.units.metresPerDistance
        let series = years.reversed().map { year -> ChartSeries in
            guard let january = Day(year: year, month: 1, day: 1), let december = Day(year: year, month: 12, day: 31) else {
                return ChartSeries(name: String(year), values: [])
            }
            var values: [Double] = []
            var total = 0.0, next = january.number
            for end in ends {
                let last = min(january.number + end - 1, december.number)
                guard next <= site.asOf.number else { break }
                for number in next...last { total += byDay[number] ?? 0 }
                next = last + 1
                values.append(total / unit)
            }
            return ChartSeries(name: String(year), values: values)
        }
        let labels = ends.map { end in site.strings.format.monthShort(((end - 1) * 12) / 366 + 1) }
        return StatisticsCharts.responsive(StatisticsCharts.full) { width, suffix in
            SVGCharts.line(
                series, labels: labels, options: StatisticsCharts.options(site, "progress", "progress", width: width, suffix: suffix))
        }
    }

    /// Each year's distance, oldest first.
    static func years(_ site: SiteData) -> String {
        let unit = site.config.units.metresPerDistance
        let points = site.statistics.history.years.map { ChartPoint(label: String($0.year), value: Double($0.distance) / unit) }
        return StatisticsCharts.responsive { width, suffix in
            SVGCharts.bars(points, options: StatisticsCharts.options(site, "years", "years", width: width, suffix: suffix))
        }
    }

    /// A year's distance by month.
    static func months(_ year: HistoryPages.YearPage) -> String {
        let site = year.site
        let unit = site.config.units.metresPerDistance
        let points = year.summary.monthly.enumerated().map { index, month in
            ChartPoint(label: site.strings.format.monthShort(index + 1), value: Double(month.distance) / unit)
        }
        let id = "year-months-\(year.summary.year)"
        return StatisticsCharts.responsive { width, suffix in
            SVGCharts.bars(points, options: StatisticsCharts.options(site, id, "yearMonths", width: width, suffix: suffix))
        }
    }

    /// A year's calendar from the Monday of its first week to its last day (or the as-of day),
    /// each day with a workout leading to its first.
    static func calendar(_ year: HistoryPages.YearPage) -> String {
        let site = year.site, s = site.strings
        guard let january = Day(year: year.summary.year, month: 1, day: 1), let december = Day(year: year.summary.year, month: 12, day: 31)
        else { return "" }
        var counts: [Int: Int] = [:]
        for index in year.members { if let day = year.directory.local(at: index)?.day { counts[day.number, default: 0] += 1 } }
        let last = min(december, site.asOf)
        let days = (january.weekStart.number...max(last.number, january.number)).map(Day.init(number:))
        return SVGCharts.calendarHeatmap(
            days.map { day in
                // Days of the week before New Year are drawn empty: they belong to the year before.
                let count = day.year == year.summary.year ? counts[day.number] ?? 0 : 0
                return HeatmapDay(
                    value: Double(count),
                    title: s.text("chart.heatmap.cell", ["date": s.format.date(day), "count": s.plural("count.workouts", count)]),
                    link: count > 0 ? year.directory.path(ofFirstOn: day).map { year.page.link(to: $0) } : nil)
            },
            rowLabels: s.format.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
            weekLabels: StatisticsCharts.monthLabels(days, format: s.format),
            options: StatisticsCharts.options(site, "year-calendar-\(year.summary.year)", "yearCalendar", height: 140, width: 0, suffix: ""),
            // A leap year that starts on the week's last day spans 54 weeks: its 1 January is one.
            weeks: 54)
    }
}
