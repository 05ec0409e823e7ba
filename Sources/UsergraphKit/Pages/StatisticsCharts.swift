import UsergraphCharts

/// The statistics page's SVG charts, drawn from the computed statistics with the theme's words.
enum StatisticsCharts {
    static func all(_ site: SiteData) -> [String: String] {
        let s = site.strings
        let report = site.statistics.report
        let details = site.statistics.details
        func options(_ id: String, _ key: String, height: Double = 240) -> SVGChartOptions {
            SVGChartOptions(idPrefix: "chart-" + id, title: s["chart.\(key).title"], description: s["chart.\(key).desc"],
                            noData: s["chart.noData"], width: 560, height: height)
        }
        var charts: [String: String] = [:]
        let weekly = report.workouts.weekly
        charts["weekly"] = SVGCharts.bars(
            weekly.map { ChartPoint(label: String($0.weekStart.dropFirst(5)), value: Double($0.count)) },
            options: options("weekly", "weekly"))
        charts["types"] = SVGCharts.donut(
            report.workouts.byType.map { ChartPoint(label: $0.type, value: Double($0.count)) },
            options: options("types", "types"), centerLabel: String(report.workouts.count), otherLabel: s["chart.types.other"])
        let cell = s["chart.heatmap.cell"]
        charts["heatmap"] = SVGCharts.calendarHeatmap(
            details.dailyWorkouts.map { day in
                HeatmapDay(value: Double(day.count), title: cell.replacingOccurrences(of: "{date}", with: day.day.iso)
                    .replacingOccurrences(of: "{count}", with: String(day.count)))
            },
            rowLabels: s["chart.weekdays"].split(separator: " ").map(String.init),
            less: s["chart.heatmap.less"], more: s["chart.heatmap.more"],
            options: options("heatmap", "heatmap", height: 140))
        let weights = details.weightSeries
        charts["weight"] = SVGCharts.line(
            [ChartSeries(name: s["chart.weight.series"], values: weights.map(\.kg))],
            labels: weights.map(\.day.iso), options: options("weight", "weight"), showDots: true, includeZero: false)
        let sex = report.users.sex
        var slices = [ChartPoint(label: s["chart.sex.men"], value: Double(sex.men)),
                      ChartPoint(label: s["chart.sex.women"], value: Double(sex.women))]
        if sex.other > 0 { slices.append(ChartPoint(label: s["chart.sex.other"], value: Double(sex.other))) }
        charts["sex"] = SVGCharts.donut(slices, options: options("sex", "sex"), centerLabel: String(report.users.count),
                                        otherLabel: s["chart.sex.other"])
        let ages = details.ageBySex
        charts["age"] = SVGCharts.bars(
            labels: ages.map(\.bucket),
            series: [ChartSeries(name: s["chart.sex.men"], values: ages.map { Double($0.men) }),
                     ChartSeries(name: s["chart.sex.women"], values: ages.map { Double($0.women) })],
            options: options("age", "age"))
        let daily = report.users.views.daily
        charts["views"] = SVGCharts.line(
            [ChartSeries(name: s["chart.views.views"], values: daily.map { Double($0.views) }),
             ChartSeries(name: s["chart.views.unique"], values: daily.map { Double($0.unique) })],
            labels: daily.map(\.date), options: options("views", "views"), showDots: true)
        charts["languages"] = SVGCharts.bars(
            report.repositories.languages.prefix(10).map { ChartPoint(label: $0.language, value: Double($0.count)) },
            options: options("languages", "languages"))
        return charts
    }
}
