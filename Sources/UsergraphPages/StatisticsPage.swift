import UsergraphCore
import UsergraphStats

/// `/statistics/`: workout, nutrition, steps, weight and user statistics, each chart beside its text alternative.
package enum StatisticsPage {
    package static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .statistics, template: "statistics", section: .statistics) { context(site) }]
    }

    package static func context(_ site: SiteData) -> [String: Any] {
        let page = SitePath.statistics
        let report = site.statistics.report
        let details = site.statistics.details
        let v = site.values
        let w = report.workouts
        var context: [String: Any] = ["links": Links.context(from: page), "asOf": v.date(iso: report.asOf)]
        context["charts"] = StatisticsCharts.all(site)

        context["workouts"] =
            [
                "count": v.number(w.count), "duration": v.duration(w.totalSeconds), "calories": v.number(w.totalCalories),
                "distance": v.kilometres(w.totalDistance), "hasDistance": w.totalDistance > 0,
                "paces": w.paces.map { ["type": site.workoutType($0.type), "typeId": $0.type, "pace": v.pace($0.secondsPerKm)] as [String: Any] },
                "speeds": w.speeds.map { ["type": site.workoutType($0.type), "typeId": $0.type, "speed": v.number($0.kmPerHour, places: 1)] as [String: Any] },
                "currentStreak": v.number(w.currentStreak), "longestStreak": v.number(w.longestStreak),
                "points": v.number(w.points), "level": v.number(w.level),
                "hasWorkouts": w.count > 0,
                "achievements": w.achievements.map { ["id": $0, "name": site.strings.text("achievements." + $0)] as [String: Any] },
                "hasAchievements": !w.achievements.isEmpty,
                "byType": w.byType.map {
                    [
                        "type": site.workoutType($0.type), "typeId": $0.type, "count": v.number($0.count), "duration": v.duration($0.seconds),
                        "distance": v.kilometres($0.distance),
                    ] as [String: Any]
                },
                "weekly": w.weekly.map {
                    [
                        "weekStart": v.date(iso: $0.weekStart), "count": v.number($0.count), "duration": v.duration($0.seconds),
                        "distance": v.kilometres($0.distance),
                    ] as [String: Any]
                },
                "monthly": w.monthly.map {
                    ["month": v.month(iso: $0.month), "count": v.number($0.count), "duration": v.duration($0.seconds)] as [String: Any]
                },
                "activeDays": v.number(details.dailyWorkouts.reduce(0) { $0 + ($1.count > 0 ? 1 : 0) }),
            ] as [String: Any]

        let format = site.strings.format
        var weight: [String: Any] = ["hasData": report.weight.latest != nil, "records": v.number(details.weightSeries.count)]
        if let kg = report.weight.latest { weight["latest"] = v.number(kg, places: 1) }
        if let change = report.weight.change30 { weight["change30"] = format.signed(change) }
        if let change = report.weight.change90 { weight["change90"] = format.signed(change) }
        if let bmi = report.weight.bmi { weight["bmi"] = v.number(bmi, places: 1) }
        if let target = report.weight.target { weight["target"] = v.number(target, places: 1) }
        if let toTarget = report.weight.toTarget {
            weight["toTarget"] = v.number(abs(toTarget), places: 1)
            weight[toTarget > 0.04 ? "aboveTarget" : toTarget < -0.04 ? "belowTarget" : "atTarget"] = true
        }
        weight["series"] = details.weightSeries.map { ["date": v.date($0.day), "kg": v.number($0.kg, places: 1)] as [String: Any] }
        context["weight"] = weight

        context["nutrition"] = nutrition(site, page: page)
        context["steps"] = steps(site)

        let u = report.users
        // Only the top visitors are looked up: a dictionary of every user was 26 MB of a build's
        // peak at 100,000 users.
        let visitorIds = Set(u.topVisitors.map(\.userId))
        var usersById: [Int: DirectoryUser] = [:]
        for user in site.snapshot.users?.value ?? [] where visitorIds.contains(user.id) && usersById[user.id] == nil {
            usersById[user.id] = user
        }
        context["users"] =
            [
                "hasData": site.snapshot.users != nil, "hasVisits": site.snapshot.statistics != nil,
                "count": v.number(u.count), "online": v.number(u.online),
                "men": v.number(u.sex.men), "women": v.number(u.sex.women), "other": v.number(u.sex.other),
                "ageBuckets": details.ageBySex.map {
                    ["bucket": $0.bucket, "men": v.number($0.men), "women": v.number($0.women), "total": v.number($0.total)] as [String: Any]
                },
                "daily": u.views.daily.map { ["date": v.date(iso: $0.date), "views": v.number($0.views), "unique": v.number($0.unique)] as [String: Any] },
                "views30": v.number(u.views.daily.reduce(0) { $0 + $1.views }),
                // `privacy.visitorsAsCounts`: no names or faces of who visited, only the numbers.
                "visitorsAsCounts": site.config.privacy.visitorsAsCounts,
                "topVisitors": site.config.privacy.visitorsAsCounts
                    ? []
                    : u.topVisitors.map { visitor -> [String: Any] in
                        var row: [String: Any] = ["id": visitor.userId, "views": v.number(visitor.views)]
                        if let user = usersById[visitor.userId] {
                            row["username"] = user.username
                            // A visitor's page is in the users directory, when the site has it.
                            if site.shows(.users) { row["url"] = page.link(to: .user(user.id)) }
                            row["avatar"] = site.avatars.html(
                                sitePath: site.avatars.sitePath(forURL: user.avatar?.url), name: user.username, size: 40, from: page)
                        } else {
                            row["avatar"] = Avatars.placeholder(name: "#\(visitor.userId)", size: 40)
                        }
                        return row
                    },
                "hasTopVisitors": !site.config.privacy.visitorsAsCounts && !u.topVisitors.isEmpty,
                "visitors": [
                    "monthToDate": v.number(u.visitors.monthToDate), "previousMonthToDate": v.number(u.visitors.previousMonthToDate),
                    "change": v.number(abs(u.visitors.change)),
                    u.visitors.change > 0 ? "grew" : u.visitors.change < 0 ? "fell" : "same": true,
                ] as [String: Any],
                "weekly": u.views.weekly.map {
                    ["weekStart": v.date(iso: $0.weekStart), "views": v.number($0.views), "unique": v.number($0.unique)] as [String: Any]
                },
                "monthly": u.views.monthly.map {
                    ["month": v.month(iso: $0.month), "views": v.number($0.views), "unique": v.number($0.unique)] as [String: Any]
                },
                "periods": Viewers.periods.map { period -> [String: Any] in
                    let group = u.viewers[period: period]
                    let charts = StatisticsCharts.viewers(site, period: period)
                    let buckets = details.viewerAgeBySex[period] ?? []
                    return [
                        "id": period, "label": site.strings.text(period == "all" ? "stats.allTime" : "stats." + period), "men": v.number(group.sex.men),
                        "women": v.number(group.sex.women),
                        "count": v.number(group.sex.men + group.sex.women + group.sex.other), "checked": period == "month",
                        "ageBuckets": buckets.map {
                            ["bucket": $0.bucket, "men": v.number($0.men), "women": v.number($0.women), "total": v.number($0.total)] as [String: Any]
                        },
                        "chartSex": charts.sex, "chartAge": charts.age,
                    ]
                },
                "subscriptions": v.number(u.subscriptions), "unsubscriptions": v.number(u.unsubscriptions),
                "netSubscribers": v.number(u.subscriptions - u.unsubscriptions),
            ] as [String: Any]

        let r = report.repositories
        context["repositories"] =
            [
                "hasData": site.snapshot.repositories != nil,
                "count": v.number(r.count), "stars": v.number(r.stars), "forks": v.number(r.forks), "sources": v.number(r.sources),
                "languages": r.languages.map { ["language": $0.language, "count": v.number($0.count)] as [String: Any] },
                "byBytes": !(r.languageBytes ?? []).isEmpty,
                "languageBytes": zip(r.languageBytes ?? [], StatisticsCharts.languageShares(r.languageBytes ?? [])).map { language, share -> [String: Any] in
                    [
                        "language": language.language, "size": StatisticsCharts.byteSize(language.bytes, site: site),
                        "share": site.strings.format.number(share, places: 1),
                    ]
                },
            ] as [String: Any]
        return context
    }

    package static func nutrition(_ site: SiteData, page: SitePath) -> [String: Any] {
        let n = site.statistics.report.nutrition
        let v = site.values
        let energy = StatisticsCharts.MacroEnergy(n.macros7)
        var context: [String: Any] = [
            "hasData": !site.snapshot.meals.isEmpty, "meals": page.link(to: .meals),
            "today": [
                "kcal": v.number(n.today.kcal), "protein": v.grams(n.today.protein),
                "fat": v.grams(n.today.fat), "carbs": v.grams(n.today.carbs),
            ] as [String: Any],
            "burned7": v.number(n.burned7),
            "macros7": [
                ("protein", n.macros7.protein, energy.protein), ("fat", n.macros7.fat, energy.fat),
                ("carbs", n.macros7.carbs, energy.carbs),
            ].map { name, grams, kcal in
                ["name": site.strings.text("chart.macros." + name), "grams": v.grams(grams), "percent": v.number(energy.percent(kcal))] as [String: Any]
            },
            "daily": n.daily.map { day in
                [
                    "date": v.date(iso: day.date), "kcal": v.number(day.kcal), "burned": v.number(day.burned),
                    "balance": day.basal.map { site.strings.format.signed(Double(day.kcal - day.burned - $0), places: 0) } ?? "–",
                ]
                    as [String: Any]
            },
        ]
        if let average = n.average7 { context["average7"] = v.number(average) }
        if let basal = n.basal7, let balance = n.balance7 {
            context["basal7"] = v.number(basal)
            context["balance7"] = site.strings.format.signed(Double(balance), places: 0)
        }
        return context
    }

    package static func steps(_ site: SiteData) -> [String: Any] {
        let s = site.statistics.report.steps
        let v = site.values
        var context: [String: Any] = [
            "hasData": !site.snapshot.steps.isEmpty, "goal": v.number(s.goal), "daysAtGoal30": v.number(s.daysAtGoal30),
            "daily": s.daily.map { ["date": v.date(iso: $0.date), "steps": v.number($0.steps), "atGoal": $0.steps >= s.goal] as [String: Any] },
        ]
        if let today = s.today {
            context["today"] = v.number(today)
            context["todayAtGoal"] = today >= s.goal
            context["todayPercent"] = v.number(Int((Double(today) / Double(max(1, s.goal)) * 100).rounded()))
        }
        if let average = s.average30 { context["average30"] = v.number(average) }
        return context
    }
}
