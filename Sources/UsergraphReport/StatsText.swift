import UsergraphCharts
import UsergraphCore
import UsergraphPages
import UsergraphStats

/// The terminal report of `usergraph stats`: the contract's numbers with charts, in the words,
/// numbers and dates of the site's language, fitting `width` columns; `.ascii` keeps every byte
/// 7-bit for old terminals and mail (a Russian report is transliterated).
package enum StatsText {
    /// Every key the report reads, required in the strings file.
    package static let requirements: [Strings.Requirement] = {
        let texts = [
            "title", "workouts", "workoutsLine", "streakLine", "achievements", "byType", "noWorkouts", "weeks",
            "months", "monthsRange", "calendar", "less", "more", "weight", "latest", "change30", "change90",
            "noWeight", "users", "usersLine", "usersOther", "subscribers", "topVisitors", "none", "ageSex", "men",
            "women", "views", "repositories", "repositoriesLine", "noLanguages", "distanceLine", "pace", "speed",
            "bmi", "toTarget", "nutrition", "today", "noMealsToday", "stepsToday", "noStepsToday", "workoutsToday",
            "week", "noMealsWeek", "macros", "steps30", "noSteps", "intake", "eaten", "burned", "stepsDaily",
            "visitorsLine", "viewsWeeks", "viewsMonths", "period", "viewsColumn", "visitorsColumn", "languagesBytes",
            "languagesCount", "contributionsLine", "typeTotal", "typeDistance", "typeClimb",
        ].map { Strings.Requirement("report." + $0) }
        let counted = ["workouts", "days", "points", "users", "repositories", "stars", "forks", "sources", "timesForked", "contributions"]
            .map { Strings.Requirement("count." + $0, .plural) }
        let units = SiteConfig.Units.allCases.flatMap { [$0.distanceWord, $0.paceWord, $0.speedWord, $0.heightWord] }.map { Strings.Requirement($0) }
        return texts + counted + units + [Strings.Requirement("notes.listSeparator")] + HistoryText.requirements
            + Achievement.all.map { Strings.Requirement("achievements." + $0.id) }
    }()

    /// The report as the terminal shows it: no control character from the data (a username
    /// holding ESC) reaches the terminal.
    /// `shown`: the sections to report (`SiteConfig.shownSections`); the others are left out.
    package static func report(
        _ result: StatisticsResult, strings s: Strings, style: TextChartStyle = .unicode, width: Int = 80,
        shown: Set<SiteSection> = Set(SiteSection.allCases), units: SiteConfig.Units = .metric
    ) -> String {
        ControlCharacters.strip(unsafeReport(result, strings: s, style: style, width: width, shown: shown, units: units))
    }

    /// One year (`stats --year`): `bests` are that year's, when the tracks were read.
    package static func year(
        _ year: Int, _ result: StatisticsResult, bests: PersonalBests?, strings s: Strings, style: TextChartStyle = .unicode, width: Int = 80,
        units: SiteConfig.Units = .metric
    ) -> String {
        HistoryText.year(year, result, bests: bests, strings: s, style: style, width: width, units: units)
    }

    private static func unsafeReport(
        _ result: StatisticsResult, strings s: Strings, style: TextChartStyle, width: Int,
        shown: Set<SiteSection>, units: SiteConfig.Units
    ) -> String {
        let f = s.format
        // Paces as the pages write them, in the site's units.
        let values = TemplateValues(strings: s, units: units)
        let numbers = f.chartNumbers
        let r = result.report
        let d = result.details
        let w = r.workouts
        let separator = s.text("notes.listSeparator")
        func short(_ iso: String) -> String { Day(iso: iso).map(f.shortDate) ?? iso }
        var out: [String] = []
        /// A sentence, wrapped at spaces to the width (translations run longer than English).
        func say(_ text: String) { out += sentence(text, style: style, width: width) }
        func section(_ title: String) { out += heading(title, style: style, width: width) }
        say(s.text("report.title", ["date": Day(iso: r.asOf).map(f.date) ?? r.asOf]))

        if shown.contains(.workouts) {
            section(s.text("report.workouts"))
            say(
                s.text(
                    "report.workoutsLine",
                    [
                        "workouts": s.plural("count.workouts", w.count), "duration": f.duration(seconds: w.totalSeconds),
                        "calories": f.number(w.totalCalories),
                    ]))
            say(
                s.text(
                    "report.streakLine",
                    [
                        "current": s.plural("count.days", w.currentStreak), "longest": s.plural("count.days", w.longestStreak),
                        "level": f.number(w.level), "points": s.plural("count.points", w.points),
                    ]))
            if w.totalDistance > 0 {
                // Pace as a watch shows it (5:30 /km); speed with the language's decimal mark.
                let moving =
                    w.paces.map {
                        s.text(
                            "report.pace",
                            [
                                "type": s.workoutTypeName($0.type),
                                "pace": values.pace(secondsPerKm: Double($0.secondsPerKm)),
                                "unit": s.text(units.paceWord),
                            ])
                    }
                    + w.speeds.map {
                        s.text(
                            "report.speed",
                            [
                                "type": s.workoutTypeName($0.type),
                                "speed": f.number($0.kmPerHour * 1000 / units.metresPerDistance, places: 1),
                                "unit": s.text(units.speedWord),
                            ])
                    }
                say(
                    s.text(
                        "report.distanceLine",
                        [
                            "distance": f.number(Double(w.totalDistance) / units.metresPerDistance, places: 1),
                            "unit": s.text(units.distanceWord),
                            "paces": moving.isEmpty ? "" : " (" + moving.joined(separator: separator) + ")",
                        ]))
            }
            if !w.achievements.isEmpty {
                say(s.text("report.achievements", ["list": w.achievements.map { s.text("achievements." + $0) }.joined(separator: separator)]))
            }
            out.append("")
            out.append(s.text("report.byType"))
            out.append(
                TextCharts.bars(
                    w.byType.map { ChartPoint(label: s.workoutTypeName($0.type), value: Double($0.count)) },
                    width: width, style: style, noData: s.text("report.noWorkouts"), numbers: numbers))
            // Each type's lifetime totals: count, time, distance and climb, where it has them.
            for type in w.byType {
                say(
                    s.text(
                        "report.typeTotal",
                        [
                            "type": s.workoutTypeName(type.type), "workouts": s.plural("count.workouts", type.count),
                            "duration": f.duration(seconds: type.seconds),
                            "distance": type.distance > 0
                                ? s.text(
                                    "report.typeDistance",
                                    [
                                        "distance": f.number(Double(type.distance) / units.metresPerDistance, places: 1),
                                        "unit": s.text(units.distanceWord),
                                    ]) : "",
                            "climb": type.elevationGain > 0
                                ? s.text(
                                    "report.typeClimb",
                                    [
                                        "height": f.number(Int((Double(type.elevationGain) / units.metresPerHeight).rounded())),
                                        "unit": s.text(units.heightWord),
                                    ]) : "",
                        ]))
            }
            out.append("")
            out.append(s.text("report.weeks"))
            out.append(
                TextCharts.bars(
                    w.weekly.map { ChartPoint(label: short($0.weekStart), value: Double($0.count)) },
                    width: width, style: style, numbers: numbers))
            out.append("")
            let months = s.text("report.months")
            let range = s.text(
                "report.monthsRange",
                [
                    "first": monthName(w.monthly.first?.month, f), "last": monthName(w.monthly.last?.month, f),
                ])
            out.append(
                months + " " + TextCharts.sparkline(w.monthly.map { Double($0.count) }, maxWidth: max(1, width - months.count - range.count - 3), style: style)
                    + "  " + range)
            out.append("")
            out.append(s.text("report.calendar"))
            out.append(
                TextCharts.heatmap(
                    d.dailyWorkouts.map { Double($0.count) }, rowLabels: f.weekdaysShort,
                    less: s.text("report.less"), more: s.text("report.more"),
                    weekLabels: StatisticsCharts.monthLabels(d.dailyWorkouts.map(\.day), format: f),
                    width: width, style: style, noData: s.text("report.noWorkouts")))
            out += HistoryText.lines(result, strings: s, style: style, width: width, units: units)
        }

        if shown.contains(.weight) {
            section(s.text("report.weight"))
            let weight = r.weight
            say(
                (weight.latest.map { s.text("report.latest", ["kg": f.number($0, places: 1)]) } ?? s.text("report.noWeight"))
                    + (weight.change30.map { s.text("report.change30", ["change": f.signed($0)]) } ?? "")
                    + (weight.change90.map { s.text("report.change90", ["change": f.signed($0)]) } ?? "")
                    + (weight.bmi.map { s.text("report.bmi", ["bmi": f.number($0, places: 1)]) } ?? "")
                    + (weight.target.map { target in
                        s.text("report.toTarget", ["change": weight.toTarget.map { f.signed($0) } ?? "–", "target": f.number(target, places: 1)])
                    } ?? ""))
            if !d.weightSeries.isEmpty {
                out.append(
                    TextCharts.line(
                        d.weightSeries.map(\.kg), width: width, height: 6, style: style,
                        firstLabel: d.weightSeries.first.map { f.date($0.day) },
                        lastLabel: d.weightSeries.last.map { f.date($0.day) },
                        includeZero: false, numbers: numbers))
            }
        }

        if shown.contains(.nutrition) || shown.contains(.steps) {
            nutrition(result, strings: s, style: style, width: width, shown: shown, into: &out)
        }

        // The directory's users and their visits; either section reports them.
        if shown.contains(.users) || shown.contains(.visitors) {
            section(s.text("report.users"))
            let u = r.users
            say(
                s.text(
                    "report.usersLine",
                    [
                        "users": s.plural("count.users", u.count), "online": f.number(u.online),
                        "men": f.number(u.sex.men), "women": f.number(u.sex.women),
                    ]) + (u.sex.other > 0 ? s.text("report.usersOther", ["other": f.number(u.sex.other)]) : ""))
            say(s.text("report.subscribers", ["plus": f.number(u.subscriptions), "minus": f.number(u.unsubscriptions)]))
            let visitors = u.topVisitors.map { "#\($0.userId) (\(f.number($0.views)))" }.joined(separator: separator)
            say(s.text("report.topVisitors", ["list": visitors.isEmpty ? s.text("report.none") : visitors]))
            let change = u.visitors.change
            say(
                s.text(
                    "report.visitorsLine",
                    [
                        "now": f.number(u.visitors.monthToDate), "before": f.number(u.visitors.previousMonthToDate),
                        "change": (change > 0 ? "+" : change < 0 ? "−" : "±") + f.number(abs(change)),
                    ]))
            out.append("")
            out.append(s.text("report.ageSex"))
            out.append(
                TextCharts.pairedBars(
                    labels: d.ageBySex.map(\.bucket),
                    first: ChartSeries(name: s.text("report.men"), values: d.ageBySex.map { Double($0.men) }),
                    second: ChartSeries(name: s.text("report.women"), values: d.ageBySex.map { Double($0.women) }),
                    width: width, style: style, numbers: numbers))
            out.append("")
            out.append(s.text("report.views"))
            let daily = u.views.daily
            out.append(
                TextCharts.line(
                    daily.map { Double($0.views) }, width: width, height: 6, style: style,
                    firstLabel: daily.first.map { short($0.date) }, lastLabel: daily.last.map { short($0.date) },
                    numbers: numbers))
            // The weeks and months as tables: views, and distinct visitors, who count once a period.
            let columns = [s.text("report.period"), s.text("report.viewsColumn"), s.text("report.visitorsColumn")]
            out.append("")
            out += sentence(s.text("report.viewsWeeks"), style: style, width: width)
            out += table(columns, u.views.weekly.map { [short($0.weekStart), f.number($0.views), f.number($0.unique)] }, style: style)
            out.append("")
            out += sentence(s.text("report.viewsMonths"), style: style, width: width)
            out += table(columns, u.views.monthly.map { [monthName($0.month, f), f.number($0.views), f.number($0.unique)] }, style: style)
        }

        if shown.contains(.github) {
            section(s.text("report.repositories"))
            let repos = r.repositories
            say(
                s.text(
                    "report.repositoriesLine",
                    [
                        "repositories": s.plural("count.repositories", repos.count), "sources": s.plural("count.sources", repos.sources),
                        "forks": s.plural("count.forks", repos.forkRepositories), "forked": s.plural("count.timesForked", repos.forks),
                        "stars": s.plural("count.stars", repos.stars),
                    ]))
            if let contributions = r.contributions {
                say(
                    s.text(
                        "report.contributionsLine",
                        [
                            "total": s.plural("count.contributions", contributions.lastYear),
                            "current": s.plural("count.days", contributions.currentStreak), "longest": s.plural("count.days", contributions.longestStreak),
                        ]))
            }
            // By bytes of code when the store has them (in whole kilobytes), else by primary language.
            let bytes = repos.languageBytes ?? []
            out += sentence(s.text(bytes.isEmpty ? "report.languagesCount" : "report.languagesBytes"), style: style, width: width)
            let languages =
                bytes.isEmpty
                ? repos.languages.prefix(8).map { ChartPoint(label: $0.language, value: Double($0.count)) }
                : bytes.prefix(8).map { ChartPoint(label: $0.language, value: (Double($0.bytes) / 1000).rounded()) }
            out.append(TextCharts.bars(languages, width: width, style: style, noData: s.text("report.noLanguages"), numbers: numbers))
        }
        return TextCharts.text(out.joined(separator: "\n"), style: style) + "\n"
    }

    /// What was eaten against what was burned, and the steps, as the statistics page shows them.
    static func nutrition(
        _ result: StatisticsResult, strings s: Strings, style: TextChartStyle, width: Int, shown: Set<SiteSection>,
        into out: inout [String]
    ) {
        let f = s.format
        let n = result.report.nutrition
        let steps = result.report.steps
        func short(_ iso: String) -> String { Day(iso: iso).map(f.shortDate) ?? iso }
        out += heading(s.text("report.nutrition"), style: style, width: width)
        let workouts = result.details.dailyWorkouts.last?.count ?? 0
        let today =
            n.daily.last.map { $0.kcal > 0 } == true
            ? s.text(
                "report.today",
                [
                    "kcal": f.number(n.today.kcal), "protein": f.number(n.today.protein, places: 1),
                    "fat": f.number(n.today.fat, places: 1), "carbs": f.number(n.today.carbs, places: 1),
                ])
            : s.text("report.noMealsToday")
        let stepsToday =
            steps.today.map { s.text("report.stepsToday", ["steps": f.number($0), "goal": f.number(steps.goal)]) }
            ?? s.text("report.noStepsToday")
        let todayParts = [
            shown.contains(.nutrition) ? today : nil, shown.contains(.steps) ? stepsToday : nil,
            shown.contains(.workouts) ? s.text("report.workoutsToday", ["workouts": s.plural("count.workouts", workouts)]) : nil,
        ]
        out += sentence(todayParts.compactMap { $0 }.joined(separator: " "), style: style, width: width)
        if shown.contains(.nutrition), let average = n.average7 {
            let energy = StatisticsCharts.MacroEnergy(n.macros7)
            let week =
                if let basal = n.basal7, let balance = n.balance7 {
                    s.text(
                        "report.week",
                        [
                            "average": f.number(average), "burned": f.number(n.burned7), "basal": f.number(basal),
                            "balance": f.signed(Double(balance), places: 0),
                        ])
                } else {
                    s.text("report.weekNoBasal", ["average": f.number(average), "burned": f.number(n.burned7)])
                }
            let macros =
                energy.total > 0
                ? " "
                    + s.text(
                        "report.macros",
                        [
                            "protein": f.number(energy.percent(energy.protein)),
                            "fat": f.number(energy.percent(energy.fat)), "carbs": f.number(energy.percent(energy.carbs)),
                        ])
                : ""
            out += sentence(week + macros, style: style, width: width)
        } else if shown.contains(.nutrition) {
            out += sentence(s.text("report.noMealsWeek", ["burned": f.number(n.burned7)]), style: style, width: width)
        }
        if shown.contains(.steps) {
            out += sentence(
                steps.average30.map {
                    s.text("report.steps30", ["average": f.number($0), "days": s.plural("count.days", steps.daysAtGoal30), "goal": f.number(steps.goal)])
                } ?? s.text("report.noSteps"), style: style, width: width)
        }
        if shown.contains(.nutrition) {
            out.append("")
            out.append(s.text("report.intake"))
            out.append(
                TextCharts.pairedBars(
                    labels: n.daily.map { short($0.date) },
                    first: ChartSeries(name: s.text("report.eaten"), values: n.daily.map { Double($0.kcal) }),
                    second: ChartSeries(name: s.text("report.burned"), values: n.daily.map { Double($0.burned) }),
                    width: width, style: style, numbers: f.chartNumbers))
        }
        if shown.contains(.steps), steps.average30 != nil {
            out.append("")
            let label = s.text("report.stepsDaily")
            out.append(label + " " + TextCharts.sparkline(steps.daily.map { Double($0.steps) }, maxWidth: max(1, width - label.count - 1), style: style))
        }
    }

    static func monthName(_ iso: String?, _ format: LanguageFormat) -> String {
        guard let iso else { return "" }
        let parts = iso.split(separator: "-")
        guard parts.count == 2, let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m) else { return iso }
        return format.monthShort(m) + " " + String(y)
    }

    /// Rows under a header: the first column left-aligned, the others right-aligned, two
    /// spaces apart (12 rows of three short columns always fit 80 columns).
    static func table(_ header: [String], _ rows: [[String]], style: TextChartStyle) -> [String] {
        let all = ([header] + rows).map { $0.map { style == .ascii ? TextCharts.text($0, style: .ascii) : $0 } }
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }

    /// A section's title, underlined, after a blank line.
    static func heading(_ title: String, style: TextChartStyle, width: Int) -> [String] {
        ["", title, String(repeating: style == .ascii ? "-" : "─", count: min(width, title.count))]
    }

    /// A sentence as lines of the report: in ASCII transliterated first, since "ш" becomes "sh"
    /// and a line wrapped before that could end past the width.
    static func sentence(_ text: String, style: TextChartStyle, width: Int) -> [String] {
        wrap(style == .ascii ? TextCharts.text(text, style: .ascii) : text, width: width)
    }

    /// Breaks a sentence at spaces into lines of at most `width` characters; continuation lines
    /// are indented by two. A word longer than a line is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard text.count > width, width > 10 else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let indent = lines.isEmpty ? "" : "  "
            if line.isEmpty {
                line = indent + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = "  " + word
            }
            while line.count > width {
                lines.append(String(line.prefix(width)))
                line = "  " + line.dropFirst(width)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
