/// The terminal report of `usergraph stats`: the contract's numbers as aligned text.
public enum StatsText {
    public static func report(_ r: StatsReport) -> String {
        var lines: [String] = []
        let w = r.workouts
        lines.append("Statistics as of \(r.asOf)")
        lines.append("")
        lines.append("Workouts  \(w.count) · \(hours(w.totalSeconds)) · \(w.totalCalories) kcal")
        lines.append("Streak    \(w.currentStreak) days now, \(w.longestStreak) longest")
        lines.append("Level     \(w.level) (\(w.points) points) · \(w.achievements.joined(separator: ", "))")
        for t in w.byType { lines.append("  " + pad(t.type, 12) + pad(String(t.count), 5, left: true) + "  " + hours(t.seconds)) }
        lines.append("")
        let weight = r.weight
        lines.append("Weight    " + (weight.latest.map { "\($0) kg" } ?? "no records")
            + (weight.change30.map { ", 30 days \($0)" } ?? "") + (weight.change90.map { ", 90 days \($0)" } ?? ""))
        lines.append("")
        let u = r.users
        lines.append("Users     \(u.count), \(u.online) online · men \(u.sex.men), women \(u.sex.women)")
        lines.append("Subscribers this month +\(u.subscriptions) −\(u.unsubscriptions)")
        for bucket in u.ageBuckets { lines.append("  " + pad(bucket.bucket, 8) + pad(String(bucket.count), 5, left: true)) }
        lines.append("Top visitors " + u.topVisitors.map { "#\($0.userId) (\($0.views))" }.joined(separator: ", "))
        lines.append("")
        let repos = r.repositories
        lines.append("Repositories \(repos.count) · \(repos.stars) stars · \(repos.forks) forks")
        for l in repos.languages.prefix(8) { lines.append("  " + pad(l.language, 14) + pad(String(l.count), 5, left: true)) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func hours(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, width - text.count))
        return left ? gap + text : text + gap
    }
}
