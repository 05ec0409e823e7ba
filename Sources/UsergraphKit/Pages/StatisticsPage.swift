/// `/statistics/`: workout and user statistics, each chart beside its text alternative.
enum StatisticsPage {
    static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .statistics, template: "statistics", section: .statistics) { context(site) }]
    }

    static func context(_ site: SiteData) -> [String: Any] {
        let page = SitePath.statistics
        let report = site.statistics.report
        let details = site.statistics.details
        let w = report.workouts
        var context: [String: Any] = ["links": Links.context(from: page), "asOf": report.asOf]
        context["charts"] = StatisticsCharts.all(site)

        context["workouts"] = [
            "count": w.count, "duration": Format.duration(w.totalSeconds), "calories": w.totalCalories,
            "currentStreak": w.currentStreak, "longestStreak": w.longestStreak, "points": w.points, "level": w.level,
            "hasWorkouts": w.count > 0,
            "achievements": w.achievements.map { ["id": $0, "is_\($0)": true] as [String: Any] },
            "hasAchievements": !w.achievements.isEmpty,
            "byType": w.byType.map { ["type": $0.type, "count": $0.count, "duration": Format.duration($0.seconds)] as [String: Any] },
            "weekly": w.weekly.map { ["weekStart": $0.weekStart, "count": $0.count, "duration": Format.duration($0.seconds)] as [String: Any] },
            "monthly": w.monthly.map { ["month": $0.month, "count": $0.count, "duration": Format.duration($0.seconds)] as [String: Any] },
            "activeDays": details.dailyWorkouts.reduce(0) { $0 + ($1.count > 0 ? 1 : 0) },
        ] as [String: Any]

        var weight: [String: Any] = ["hasData": report.weight.latest != nil, "records": details.weightSeries.count]
        if let v = report.weight.latest { weight["latest"] = Format.decimal(v) }
        if let v = report.weight.change30 { weight["change30"] = Format.signed(v) }
        if let v = report.weight.change90 { weight["change90"] = Format.signed(v) }
        weight["series"] = details.weightSeries.map { ["date": $0.day.iso, "kg": Format.decimal($0.kg)] as [String: Any] }
        context["weight"] = weight

        let u = report.users
        let usersById = Dictionary((site.snapshot.users?.value ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        context["users"] = [
            "hasData": site.snapshot.users != nil, "hasVisits": site.snapshot.statistics != nil,
            "count": u.count, "online": u.online, "men": u.sex.men, "women": u.sex.women, "other": u.sex.other,
            "ageBuckets": details.ageBySex.map { ["bucket": $0.bucket, "men": $0.men, "women": $0.women, "total": $0.total] as [String: Any] },
            "daily": u.views.daily.map { ["date": $0.date, "views": $0.views, "unique": $0.unique] as [String: Any] },
            "views30": u.views.daily.reduce(0) { $0 + $1.views },
            "topVisitors": u.topVisitors.map { visitor -> [String: Any] in
                var row: [String: Any] = ["id": visitor.userId, "views": visitor.views]
                if let user = usersById[visitor.userId] {
                    row["username"] = user.username
                    row["url"] = page.link(to: .user(user.id))
                    row["avatar"] = site.avatars.html(sitePath: site.avatars.sitePath(forURL: user.avatar?.url), name: user.username, size: 40, from: page)
                } else {
                    row["avatar"] = Avatars.placeholder(name: "#\(visitor.userId)", size: 40)
                }
                return row
            },
            "hasTopVisitors": !u.topVisitors.isEmpty,
            "subscriptions": u.subscriptions, "unsubscriptions": u.unsubscriptions,
            "netSubscribers": u.subscriptions - u.unsubscriptions,
        ] as [String: Any]

        let r = report.repositories
        context["repositories"] = [
            "hasData": site.snapshot.repositories != nil,
            "count": r.count, "stars": r.stars, "forks": r.forks,
            "languages": r.languages.map { ["language": $0.language, "count": $0.count] as [String: Any] },
        ] as [String: Any]
        return context
    }
}
