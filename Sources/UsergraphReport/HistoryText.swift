import UsergraphCharts
import UsergraphCore
import UsergraphPages
import UsergraphStats

/// The history in the terminal report: the years as a table, the best efforts and the
/// Eddington numbers; and `stats --year`, one year on its own.
enum HistoryText {
    static let requirements: [Strings.Requirement] =
        [
            "history", "yearColumn", "workoutsColumn", "timeColumn", "distanceColumn", "climbColumn", "bests", "eddington",
            "eddingtonSport", "yearTitle", "yearLine", "yearMonths", "yearEddington", "noYear",
        ].map { Strings.Requirement("report." + $0) }
        + (BestEfforts.running + BestEfforts.cycling).map { Strings.Requirement(HistoryPages.distanceKey($0)) }

    /// The years table, the bests and the Eddington numbers, after the workouts' charts.
    static func lines(_ result: StatisticsResult, strings s: Strings, style: TextChartStyle, width: Int, units: SiteConfig.Units) -> [String] {
        let r = result.report
        guard !r.years.isEmpty else { return [] }
        let f = s.format
        var out: [String] = [""]
        out.append(s.text("report.history"))
        out += StatsText.table(
            [
                s.text("report.yearColumn"), s.text("report.workoutsColumn"), s.text("report.timeColumn"),
                s.text("report.distanceColumn", ["unit": s.text(units.distanceWord)]),
                s.text("report.climbColumn", ["unit": s.text(units.heightWord)]),
            ],
            r.years.reversed().map { year in
                [
                    String(year.year), f.number(year.count), f.duration(seconds: year.seconds),
                    f.number(Double(year.distance) / units.metresPerDistance, places: 1),
                    f.number(Int((Double(year.elevationGain) / units.metresPerHeight).rounded())),
                ]
            }, style: style)
        out += bests([("running", r.bests.running), ("cycling", r.bests.cycling)], strings: s, style: style, width: width)
        out += eddington(result.history.eddingtonInUnits, strings: s, style: style, width: width, units: units)
        return out
    }

    /// One table per sport with bests: distance, time, date.
    static func bests(_ sports: [(String, [BestEntry])], strings s: Strings, style: TextChartStyle, width: Int) -> [String] {
        var out: [String] = []
        for (sport, entries) in sports where !entries.isEmpty {
            out.append("")
            out += StatsText.sentence(s.text("report.bests", ["type": s.workoutTypeName(sport)]), style: style, width: width)
            out += StatsText.table(
                ["", "", ""],
                entries.map { entry in
                    [
                        s.text(HistoryPages.distanceKey(entry.distance)),
                        TemplateValues(strings: s, units: .metric).clock(Int(entry.seconds.rounded())),
                        Day(iso: entry.date).map(s.format.date) ?? entry.date,
                    ]
                }, style: style
            ).dropFirst()
        }
        return out
    }

    static func eddington(
        _ numbers: [HistorySport: Eddington], strings s: Strings, style: TextChartStyle, width: Int, units: SiteConfig.Units
    ) -> [String] {
        let sports = HistorySport.allCases.compactMap { sport in numbers[sport].flatMap { $0.number > 0 ? (sport, $0) : nil } }
        guard !sports.isEmpty else { return [] }
        let list = sports.map { sport, e in
            s.text(
                "report.eddingtonSport",
                [
                    "sport": s.workoutTypeName(sport.rawValue), "number": s.format.number(e.number), "unit": s.text(units.distanceWord),
                    "next": s.format.number(e.number + 1), "nextDays": s.plural("count.days", e.nextNeeds),
                ])
        }
        return [""]
            + StatsText.sentence(s.text("report.eddington", ["list": list.joined(separator: s.text("notes.listSeparator"))]), style: style, width: width)
    }

    /// `stats --year`: the year's totals, its types, its months, its bests and its Eddington
    /// numbers at its end.
    static func year(
        _ year: Int, _ result: StatisticsResult, bests: PersonalBests?, strings s: Strings, style: TextChartStyle, width: Int,
        units: SiteConfig.Units
    ) -> String {
        let f = s.format
        var out = StatsText.sentence(s.text("report.yearTitle", ["year": String(year)]), style: style, width: width)
        guard let summary = result.report.years.first(where: { $0.year == year }), summary.count > 0 else {
            out += StatsText.sentence(s.text("report.noYear", ["year": String(year)]), style: style, width: width)
            return ControlCharacters.strip(out.joined(separator: "\n") + "\n")
        }
        out += StatsText.sentence(
            s.text(
                "report.yearLine",
                [
                    "workouts": s.plural("count.workouts", summary.count), "duration": f.duration(seconds: summary.seconds),
                    "distance": f.number(Double(summary.distance) / units.metresPerDistance, places: 1), "unit": s.text(units.distanceWord),
                    "height": f.number(Int((Double(summary.elevationGain) / units.metresPerHeight).rounded())),
                    "heightUnit": s.text(units.heightWord),
                ]), style: style, width: width)
        out.append("")
        out += StatsText.table(
            [
                s.text("report.yearColumn"), s.text("report.workoutsColumn"), s.text("report.timeColumn"),
                s.text("report.distanceColumn", ["unit": s.text(units.distanceWord)]),
            ],
            summary.byType.map { type in
                [
                    s.workoutTypeName(type.type), f.number(type.count), f.duration(seconds: type.seconds),
                    f.number(Double(type.distance) / units.metresPerDistance, places: 1),
                ]
            }, style: style
        ).dropFirst()
        out.append("")
        out.append(s.text("report.yearMonths", ["unit": s.text(units.distanceWord)]))
        out.append(
            TextCharts.bars(
                summary.monthly.enumerated().map { index, month in
                    ChartPoint(label: f.monthShort(index + 1), value: Double(month.distance) / units.metresPerDistance)
                }, width: width, style: style, numbers: f.chartNumbers))
        if let bests {
            out += Self.bests(
                ["running", "cycling"].map { sport in (sport, (bests.efforts[sport] ?? []).map(BestEntry.init)) }, strings: s, style: style,
                width: width)
        }
        let atYearEnd = HistorySport.allCases.compactMap { sport -> String? in
            guard let number = result.history.eddingtonInUnits[sport]?.byYear.first(where: { $0.year == year })?.number, number > 0 else {
                return nil
            }
            return s.workoutTypeName(sport.rawValue) + " " + f.number(number)
        }
        if !atYearEnd.isEmpty {
            out.append("")
            out += StatsText.sentence(
                s.text("report.yearEddington", ["list": atYearEnd.joined(separator: s.text("notes.listSeparator"))]), style: style, width: width)
        }
        return ControlCharacters.strip(out.joined(separator: "\n") + "\n")
    }
}
