import UsergraphCharts
import UsergraphCore
import UsergraphStats

/// The statistics page's SVG charts, drawn from the computed statistics with the words, dates
/// and numbers of the site's language.
package enum StatisticsCharts {
    /// The words the charts draw, required in every strings file.
    package static let requirements: [Strings.Requirement] = {
        var keys = [
            "chart.noData", "chart.types.other", "chart.heatmap.less", "chart.heatmap.more", "chart.heatmap.cell",
            "chart.weight.series", "chart.sex.men", "chart.sex.women", "chart.sex.other", "chart.views.views",
            "chart.views.unique", "chart.intake.eaten", "chart.intake.burned", "chart.macros.protein", "chart.macros.fat",
            "chart.macros.carbs", "chart.steps.goal", "units.kcal",
        ]
        for chart in [
            "weekly", "types", "heatmap", "weight", "sex", "age", "views", "languages", "languageBytes", "contributions", "intake", "macros", "steps",
            "route", "elevation", "paceOverDistance", "speedOverDistance", "heartRate",
        ] + HistoryCharts.keys {
            keys += ["chart.\(chart).title", "chart.\(chart).desc"]
        }
        for chart in axisCharts { keys += ["chart.\(chart).x", "chart.\(chart).y"] }
        keys += [
            "chart.viewsWeekly.title", "chart.viewsWeekly.desc", "chart.viewsMonthly.title", "chart.viewsMonthly.desc",
            "stats.today", "stats.week", "stats.month", "stats.allTime",
        ]
        return keys.map { Strings.Requirement($0) } + [
            Strings.Requirement("count.workouts", .plural), Strings.Requirement("count.contributions", .plural),
            Strings.Requirement("count.otherTypes", .plural),
        ]
    }()

    /// Up to this many workout types share a donut; more get bars, the first `typesInBars` each one.
    static let typesInADonut = 6
    static let typesInBars = 9

    /// The charts with an x and a y axis, whose titles (with units) the strings give.
    static let axisCharts = [
        "weekly", "weight", "age", "views", "viewsWeekly", "viewsMonthly", "intake", "steps", "elevation", "paceOverDistance",
        "speedOverDistance", "heartRate", "progress", "years", "yearMonths",
    ]

    /// The widths a chart is drawn at: a chart in half a row on a desktop gets `half` and
    /// `narrow`, one across the whole page also `full`. A CSS container query on the chart's
    /// box shows the widest variant that fits it without shrinking (the stylesheet's `.chart`
    /// rules know these widths), so chart text is never drawn under its size on a phone.
    package static let half: [Double] = [460, 320]
    package static let full: [Double] = [720, 460, 320]

    /// The variants of one chart, widest first, each with its own ids; the hidden ones are
    /// `display: none`, so assistive technology meets one chart.
    static func responsive(_ widths: [Double] = half, _ draw: (_ width: Double, _ suffix: String) -> String) -> String {
        widths.enumerated().map { i, width in
            let w = Int(width)
            return "<div class=\"chart-at-\(w)\">\(draw(width, i == 0 ? "" : "-w\(w)"))</div>"
        }.joined()
    }

    /// The options of chart `key` (its words from `chart.KEY.*`) drawn `width` wide.
    package static func options(_ site: SiteData, _ id: String, _ key: String, height: Double = 240, width: Double, suffix: String) -> SVGChartOptions {
        let s = site.strings
        let axes = axisCharts.contains(key)
        return SVGChartOptions(
            idPrefix: "chart-" + id + suffix, title: s.text("chart.\(key).title"), description: s.text("chart.\(key).desc"),
            noData: s.text("chart.noData"), width: width, height: height, numbers: s.format.chartNumbers,
            xTitle: axes ? s.text("chart.\(key).x", site.unitWords) : "", yTitle: axes ? s.text("chart.\(key).y", site.unitWords) : "")
    }

    /// The visitors' sex donut and age bars of one period of `users.viewers`.
    package static func viewers(_ site: SiteData, period: String) -> (sex: String, age: String) {
        let s = site.strings
        let group = site.statistics.report.users.viewers[period: period]
        let buckets = site.statistics.details.viewerAgeBySex[period] ?? []
        var parts = [
            ChartPoint(label: s.text("chart.sex.men"), value: Double(group.sex.men)),
            ChartPoint(label: s.text("chart.sex.women"), value: Double(group.sex.women)),
        ]
        if group.sex.other > 0 { parts.append(ChartPoint(label: s.text("chart.sex.other"), value: Double(group.sex.other))) }
        let sex = responsive { width, suffix in
            SVGCharts.donut(
                parts, options: options(site, "viewers-sex-" + period, "sex", height: 200, width: width, suffix: suffix),
                centerLabel: s.format.number(group.sex.men + group.sex.women + group.sex.other), otherLabel: s.text("chart.sex.other"))
        }
        let age = responsive { width, suffix in
            SVGCharts.bars(
                labels: buckets.map(\.bucket),
                series: [
                    ChartSeries(name: s.text("chart.sex.men"), values: buckets.map { Double($0.men) }),
                    ChartSeries(name: s.text("chart.sex.women"), values: buckets.map { Double($0.women) }),
                ],
                options: options(site, "viewers-age-" + period, "age", width: width, suffix: suffix))
        }
        return (sex, age)
    }

    /// `charts` on the statistics page: each chart's SVG.
    package static let fields = TemplateFields<SiteData>([
        .html("weekly", weekly), .html("types", types), .html("heatmap", heatmap), .html("weight", weight), .html("sex", sex),
        .html("age", age), .html("views", views), .html("viewsWeekly", viewsWeekly), .html("viewsMonthly", viewsMonthly),
        .html("intake", intake), .html("macros", macros), .html("steps", steps), .html("languages", languages),
    ])

    /// A day from the statistics, as a chart's label writes it.
    static func short(_ iso: String, _ site: SiteData) -> String { Day(iso: iso).map(site.strings.format.shortDate) ?? iso }

    static func weekly(_ site: SiteData) -> String {
        let weekly = site.statistics.report.workouts.weekly
        return responsive { width, suffix in
            SVGCharts.bars(
                weekly.map { ChartPoint(label: short($0.weekStart, site), value: Double($0.count)) },
                options: options(site, "weekly", "weekly", width: width, suffix: suffix))
        }
    }

    static func types(_ site: SiteData) -> String {
        let s = site.strings
        let byType = site.statistics.report.workouts.byType
        if byType.count <= typesInADonut {
            return responsive { width, suffix in
                SVGCharts.donut(
                    byType.map { ChartPoint(label: site.workoutType($0.type), value: Double($0.count)) },
                    options: options(site, "types", "types", height: 200, width: width, suffix: suffix),
                    centerLabel: s.format.number(site.statistics.report.workouts.count), otherLabel: s.text("chart.types.other"))
            }
        }
        // Many types: a donut would be mostly "Other" (77 % of it with 29 types), so each of
        // the most frequent types gets a bar, and the rest one bar that says how many they are.
        let shown = byType.prefix(typesInBars)
        let rest = byType.dropFirst(typesInBars)
        var points = shown.map { ChartPoint(label: site.workoutType($0.type), value: Double($0.count)) }
        if !rest.isEmpty {
            points.append(ChartPoint(label: s.plural("count.otherTypes", rest.count), value: Double(rest.reduce(0) { $0 + $1.count })))
        }
        return responsive { width, suffix in
            SVGCharts.rowBars(points, options: options(site, "types", "types", height: 200, width: width, suffix: suffix))
        }
    }

    static func heatmap(_ site: SiteData) -> String {
        let s = site.strings
        let format = s.format
        let days = site.statistics.details.dailyWorkouts
        return SVGCharts.calendarHeatmap(
            days.map { day in
                HeatmapDay(
                    value: Double(day.count),
                    title: s.text("chart.heatmap.cell", ["date": format.date(day.day), "count": s.plural("count.workouts", day.count)]),
                    link: day.count > 0 ? site.workoutDirectory?.path(ofFirstOn: day.day).map { SitePath.statistics.link(to: $0) } : nil)
            },
            rowLabels: format.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
            weekLabels: monthLabels(days.map(\.day), format: format),
            options: options(site, "heatmap", "heatmap", height: 140, width: 0, suffix: ""))
    }

    static func weight(_ site: SiteData) -> String {
        let s = site.strings
        let weights = site.statistics.details.weightSeries
        return responsive(full) { width, suffix in
            SVGCharts.line(
                [ChartSeries(name: s.text("chart.weight.series"), values: weights.map(\.kg))],
                labels: weights.map { s.format.date($0.day) }, options: options(site, "weight", "weight", width: width, suffix: suffix),
                showDots: true, includeZero: false, positions: weights.map { Double($0.day.number) })
        }
    }

    static func sex(_ site: SiteData) -> String {
        let s = site.strings
        let users = site.statistics.report.users
        var slices = [
            ChartPoint(label: s.text("chart.sex.men"), value: Double(users.sex.men)),
            ChartPoint(label: s.text("chart.sex.women"), value: Double(users.sex.women)),
        ]
        if users.sex.other > 0 { slices.append(ChartPoint(label: s.text("chart.sex.other"), value: Double(users.sex.other))) }
        return responsive { width, suffix in
            SVGCharts.donut(
                slices, options: options(site, "sex", "sex", height: 200, width: width, suffix: suffix),
                centerLabel: s.format.number(users.count), otherLabel: s.text("chart.sex.other"))
        }
    }

    static func age(_ site: SiteData) -> String {
        let s = site.strings
        let ages = site.statistics.details.ageBySex
        return responsive { width, suffix in
            SVGCharts.bars(
                labels: ages.map(\.bucket),
                series: [
                    ChartSeries(name: s.text("chart.sex.men"), values: ages.map { Double($0.men) }),
                    ChartSeries(name: s.text("chart.sex.women"), values: ages.map { Double($0.women) }),
                ],
                options: options(site, "age", "age", width: width, suffix: suffix))
        }
    }

    static func views(_ site: SiteData) -> String {
        let s = site.strings
        let daily = site.statistics.report.users.views.daily
        return responsive(full) { width, suffix in
            SVGCharts.line(
                [
                    ChartSeries(name: s.text("chart.views.views"), values: daily.map { Double($0.views) }),
                    ChartSeries(name: s.text("chart.views.unique"), values: daily.map { Double($0.unique) }),
                ],
                labels: daily.map { short($0.date, site) }, options: options(site, "views", "views", width: width, suffix: suffix),
                showDots: true)
        }
    }

    // The same views by week and by month, and the viewers' sex and age by period: the page
    // switches between them without a script.

    static func viewsWeekly(_ site: SiteData) -> String {
        let s = site.strings
        let weekly = site.statistics.report.users.views.weekly
        return responsive(full) { width, suffix in
            SVGCharts.line(
                [
                    ChartSeries(name: s.text("chart.views.views"), values: weekly.map { Double($0.views) }),
                    ChartSeries(name: s.text("chart.views.unique"), values: weekly.map { Double($0.unique) }),
                ],
                labels: weekly.map { short($0.weekStart, site) },
                options: options(site, "views-weekly", "viewsWeekly", width: width, suffix: suffix), showDots: true)
        }
    }

    static func viewsMonthly(_ site: SiteData) -> String {
        let s = site.strings
        let format = s.format
        let monthly = site.statistics.report.users.views.monthly
        return responsive(full) { width, suffix in
            SVGCharts.line(
                [
                    ChartSeries(name: s.text("chart.views.views"), values: monthly.map { Double($0.views) }),
                    ChartSeries(name: s.text("chart.views.unique"), values: monthly.map { Double($0.unique) }),
                ],
                labels: monthly.map { m in Int(m.month.suffix(2)).map { format.monthShort($0) + " " + m.month.prefix(4) } ?? m.month },
                options: options(site, "views-monthly", "viewsMonthly", width: width, suffix: suffix), showDots: true)
        }
    }

    static func intake(_ site: SiteData) -> String {
        let s = site.strings
        let intake = site.statistics.report.nutrition.daily
        return responsive { width, suffix in
            SVGCharts.bars(
                labels: intake.map { short($0.date, site) },
                series: [
                    ChartSeries(name: s.text("chart.intake.eaten"), values: intake.map { Double($0.kcal) }),
                    ChartSeries(name: s.text("chart.intake.burned"), values: intake.map { Double($0.burned) }),
                ],
                options: options(site, "intake", "intake", width: width, suffix: suffix))
        }
    }

    static func macros(_ site: SiteData) -> String {
        let s = site.strings
        let energy = MacroEnergy(site.statistics.report.nutrition.macros7)
        return responsive { width, suffix in
            SVGCharts.donut(
                [
                    ChartPoint(label: s.text("chart.macros.protein"), value: energy.protein.rounded()),
                    ChartPoint(label: s.text("chart.macros.fat"), value: energy.fat.rounded()),
                    ChartPoint(label: s.text("chart.macros.carbs"), value: energy.carbs.rounded()),
                ],
                options: options(site, "macros", "macros", height: 200, width: width, suffix: suffix),
                centerLabel: s.format.number(Int(energy.total.rounded())) + " " + s.text("units.kcal"))
        }
    }

    static func steps(_ site: SiteData) -> String {
        let s = site.strings
        let steps = site.statistics.report.steps
        let goal = ChartReference(label: s.text("chart.steps.goal", ["goal": s.format.number(steps.goal)]), value: Double(steps.goal))
        return responsive(full) { width, suffix in
            SVGCharts.bars(
                labels: steps.daily.map { short($0.date, site) },
                series: [ChartSeries(name: "", values: steps.daily.map { Double($0.steps) })],
                options: options(site, "steps", "steps", width: width, suffix: suffix), reference: goal)
        }
    }

    /// The sources' languages as GitHub measures them, by bytes of code when the store has the
    /// GraphQL answer, else by each repository's primary language; the title says which.
    package static func languages(_ site: SiteData) -> String {
        let report = site.statistics.report.repositories
        let format = site.strings.format
        if let sizes = report.languageBytes, !sizes.isEmpty {
            let shown = sizes.prefix(10)
            let shares = languageShares(sizes)
            let labels = shown.indices.map { byteSize(shown[$0].bytes, site: site) + " · " + format.number(shares[$0], places: 1) + " %" }
            return responsive(full) { width, suffix in
                SVGCharts.rowBars(
                    shown.map { ChartPoint(label: $0.language, value: Double($0.bytes)) }, valueLabels: labels,
                    options: options(site, "languages", "languageBytes", width: width, suffix: suffix))
            }
        }
        let shown = report.languages.prefix(10)
        return responsive(full) { width, suffix in
            SVGCharts.rowBars(
                shown.map { ChartPoint(label: $0.language, value: Double($0.count)) },
                valueLabels: shown.map { format.number($0.count) },
                options: options(site, "languages", "languages", width: width, suffix: suffix))
        }
    }

    /// Each language's share of the sources' code, in percent, in the order given.
    package static func languageShares(_ sizes: [LanguageBytes]) -> [Double] {
        let total = Double(sizes.reduce(0) { $0 + $1.bytes })
        return sizes.map { total > 0 ? Double($0.bytes) / total * 100 : 0 }
    }

    /// `251.9 KB`, `1.2 MB`: code sizes as people read them (1 KB = 1,000 bytes, as GitHub counts).
    static func byteSize(_ bytes: Int, site: SiteData) -> String {
        let format = site.strings.format
        if bytes >= 1_000_000 { return site.strings.text("units.megabytes", ["n": format.number(Double(bytes) / 1_000_000, places: 1)]) }
        if bytes >= 1_000 { return site.strings.text("units.kilobytes", ["n": format.number(Double(bytes) / 1_000, places: 1)]) }
        return site.strings.plural("count.bytes", bytes)
    }

    /// Kilocalories from each macro (4 per gram of protein and of carbohydrate, 9 per gram of fat):
    /// the split people read, since a gram of fat is not a gram of rice.
    package struct MacroEnergy {
        package var protein: Double, fat: Double, carbs: Double
        package var total: Double { protein + fat + carbs }

        package init(_ grams: Macros) { protein = grams.protein * 4; fat = grams.fat * 9; carbs = grams.carbs * 4 }

        /// Whole percent of the total, or 0 when nothing was eaten.
        package func percent(_ part: Double) -> Int { total > 0 ? Int((part / total * 100).rounded()) : 0 }
    }

    /// One label per week of a calendar that starts on a Monday: the short name of a month on
    /// the week its first day falls in, nothing on the other weeks.
    package static func monthLabels(_ days: [Day], format: LanguageFormat) -> [String] {
        stride(from: 0, to: days.count, by: 7).map { start in
            let week = days[start..<min(days.count, start + 7)]
            return week.first(where: { $0.components.day == 1 }).map { format.monthShort($0.month) } ?? ""
        }
    }
}
