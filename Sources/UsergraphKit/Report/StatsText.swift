import UsergraphCharts

/// The terminal report of `usergraph stats`: the contract's numbers with charts, fitting
/// `width` columns; `.ascii` keeps every byte 7-bit for old terminals and mail.
public enum StatsText {
    public static func report(_ result: StatisticsResult, style: TextChartStyle = .unicode, width: Int = 80) -> String {
        let r = result.report
        let d = result.details
        let w = r.workouts
        var out: [String] = []
        func section(_ title: String) {
            out.append("")
            out.append(title)
            out.append(String(repeating: style == .ascii ? "-" : "─", count: min(width, title.count)))
        }
        out.append("Statistics as of \(r.asOf)")

        section("Workouts")
        out.append("\(w.count) workouts, \(hours(w.totalSeconds)), \(w.totalCalories) kcal")
        out.append("Streak: \(w.currentStreak) days now, \(w.longestStreak) longest. Level \(w.level), \(w.points) points.")
        if !w.achievements.isEmpty { out.append("Achievements: " + w.achievements.joined(separator: ", ")) }
        out.append("")
        out.append("By type")
        out.append(TextCharts.bars(w.byType.map { ChartPoint(label: $0.type, value: Double($0.count)) },
                                   width: width, style: style, noData: "no workouts"))
        out.append("")
        out.append("Last 12 weeks (workouts per week)")
        out.append(TextCharts.bars(w.weekly.map { ChartPoint(label: String($0.weekStart.dropFirst(5)), value: Double($0.count)) },
                                   width: width, style: style))
        out.append("")
        out.append("Last 12 months " + TextCharts.sparkline(w.monthly.map { Double($0.count) }, maxWidth: width - 15, style: style)
            + "  (\(w.monthly.first?.month ?? "") to \(w.monthly.last?.month ?? ""))")
        out.append("")
        out.append("Calendar, last 53 weeks")
        out.append(TextCharts.heatmap(d.dailyWorkouts.map { Double($0.count) },
                                      rowLabels: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
                                      less: "less", more: "more", width: width, style: style, noData: "no workouts"))

        section("Weight")
        let weight = r.weight
        out.append((weight.latest.map { "Latest \(Format.decimal($0)) kg" } ?? "No weight records")
            + (weight.change30.map { ", 30 days \(Format.signed($0))" } ?? "") + (weight.change90.map { ", 90 days \(Format.signed($0))" } ?? ""))
        if !d.weightSeries.isEmpty {
            out.append(TextCharts.line(d.weightSeries.map(\.kg), width: width, height: 6, style: style,
                                       firstLabel: d.weightSeries.first?.day.iso, lastLabel: d.weightSeries.last?.day.iso,
                                       includeZero: false))
        }

        section("Users")
        let u = r.users
        out.append("\(u.count) users, \(u.online) online; men \(u.sex.men), women \(u.sex.women)"
            + (u.sex.other > 0 ? ", other \(u.sex.other)" : ""))
        out.append("Subscribers this month: +\(u.subscriptions), -\(u.unsubscriptions)")
        out.append("Top visitors: " + (u.topVisitors.isEmpty ? "none" : u.topVisitors.map { "#\($0.userId) (\($0.views))" }.joined(separator: ", ")))
        out.append("")
        out.append("Age and sex")
        out.append(TextCharts.pairedBars(labels: d.ageBySex.map(\.bucket),
                                         first: ChartSeries(name: "men", values: d.ageBySex.map { Double($0.men) }),
                                         second: ChartSeries(name: "women", values: d.ageBySex.map { Double($0.women) }),
                                         width: width, style: style))
        out.append("")
        out.append("Views per day, last 30 days")
        let daily = u.views.daily
        out.append(TextCharts.line(daily.map { Double($0.views) }, width: width, height: 6, style: style,
                                   firstLabel: daily.first?.date, lastLabel: daily.last?.date))

        section("Repositories")
        let repos = r.repositories
        out.append("\(repos.count) repositories, \(repos.stars) stars, \(repos.forks) forks")
        out.append(TextCharts.bars(repos.languages.prefix(8).map { ChartPoint(label: $0.language, value: Double($0.count)) },
                                   width: width, style: style, noData: "no languages"))
        return out.joined(separator: "\n") + "\n"
    }

    static func hours(_ seconds: Int) -> String {
        let minutes = Format.minutes(seconds)
        return "\(minutes / 60) h \(minutes % 60) min"
    }
}
