import Foundation
import UsergraphCharts
import UsergraphCore

/// `/`: the owner's card, today, their GitHub profile, this week's workouts, streak and level.
package enum ProfilePage {
    package static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .home, template: "profile", section: .profile) { context(site) }]
    }

    package static func context(_ site: SiteData) -> [String: Any] {
        let page = SitePath.home
        let v = site.values
        var context: [String: Any] = [:]
        if let owner = site.snapshot.owner {
            // Only what `owner.public` lists (by default the name and the avatar).
            let shown = site.config.ownerPublic
            var card: [String: Any] = [:]
            let name = (shown.contains("name") ? owner.name : nil) ?? "?"
            if shown.contains("name"), let v = owner.name, !v.isEmpty { card["name"] = v }
            if shown.contains("email"), let v = owner.email, !v.isEmpty { card["email"] = v }
            if shown.contains("age"), let age = owner.age(on: site.asOf) { card["age"] = v.number(age) }
            if shown.contains("sex"), let sex = owner.sex { card[sex == "M" ? "isMan" : sex == "W" ? "isWoman" : "otherSex"] = true }
            let avatarPath =
                shown.contains("avatar")
                ? site.avatars.sitePath(forStorePath: owner.avatar) ?? URLCheck.safeLink(owner.avatar).flatMap { site.avatars.sitePath(forURL: $0) }
                : nil
            card["avatar"] = site.avatars.html(sitePath: avatarPath, name: name, size: 96, from: page, eager: true)
            card["filled"] = owner.isFilled(showing: shown)
            context["owner"] = card
        }
        if let cached = site.snapshot.profile {
            let p = cached.value
            var github: [String: Any] = [
                "login": p.login,
                "followers": v.number(p.followers ?? 0), "following": v.number(p.following ?? 0),
                "publicRepos": v.number(p.publicRepos ?? 0),
                "fetchedOn": site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt,
            ]
            if let v = p.name, !v.isEmpty { github["name"] = v }
            if let v = p.bio, !v.isEmpty { github["bio"] = v }
            if let v = p.location, !v.isEmpty { github["location"] = v }
            if let v = p.company, !v.isEmpty { github["company"] = v }
            if let blog = URLCheck.normalizedWebsite(p.blog) { github["blog"] = blog }
            if let url = URLCheck.safeLink(p.htmlURL) { github["url"] = url }
            if let created = site.day(ofTimestamp: p.createdAt) { github["since"] = created }
            github["avatar"] = site.avatars.html(
                sitePath: site.avatars.sitePath(forURL: p.avatarURL), name: p.name ?? p.login, size: 72, from: page, eager: true)
            context["github"] = github
        }
        let stats = site.statistics
        let week = stats.details.thisWeek
        context["week"] =
            [
                "count": v.number(week.count), "duration": v.duration(week.seconds), "calories": v.number(week.calories),
                "distance": v.kilometres(week.distance), "hasDistance": week.distance > 0,
                "workouts": stats.details.thisWeekWorkouts.map { WorkoutRow.context($0, site: site) },
                "hasWorkouts": week.count > 0,
            ] as [String: Any]
        let w = stats.report.workouts
        context["streak"] = ["current": v.number(w.currentStreak), "longest": v.number(w.longestStreak), "alive": w.currentStreak > 0] as [String: Any]
        context["level"] = ["level": v.number(w.level), "points": v.number(w.points), "toNext": v.number(1000 - w.points % 1000)] as [String: Any]
        context["today"] = today(site)
        context["totals"] = ["count": v.number(w.count), "duration": v.duration(w.totalSeconds), "calories": v.number(w.totalCalories)] as [String: Any]
        context["links"] = Links.context(from: page)
        context["pinned"] = pinned(site)
        context["contributions"] = contributions(site)
        return context
    }

    package static func pinned(_ site: SiteData) -> [String: Any] {
        let choice = PinnedRepositories.choose(site)
        return [
            "repositories": choice.cards, "hasAny": !choice.cards.isEmpty,
            "fromConfig": choice.origin == .config, "fromGitHub": choice.origin == .gitHub, "popular": choice.origin == .popular,
        ]
    }

    /// The contribution calendar with its year and streaks, or what it takes to have one.
    package static func contributions(_ site: SiteData) -> [String: Any] {
        guard let cached = site.snapshot.contributions, let summary = site.statistics.report.contributions else {
            return ["hasData": false]
        }
        let v = site.values
        let s = site.strings
        let days = site.statistics.details.contributionDays.compactMap { day in Day(iso: day.date).map { (day: $0, count: day.count) } }
        let chart = SVGCharts.calendarHeatmap(
            days.map { day in
                HeatmapDay(
                    value: Double(day.count),
                    title: s.text(
                        "chart.heatmap.cell",
                        [
                            "date": s.format.date(day.day), "count": s.plural("count.contributions", day.count),
                        ]))
            },
            rowLabels: s.format.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
            weekLabels: StatisticsCharts.monthLabels(days.map(\.day), format: s.format),
            options: StatisticsCharts.options(site, "contributions", "contributions", height: 140, width: 0, suffix: ""))
        // The text alternative: the same days as month totals, oldest first.
        var months: [(month: Month, count: Int)] = []
        for day in days {
            let month = Month(day.day)
            if months.last?.month == month { months[months.count - 1].count += day.count } else { months.append((month, day.count)) }
        }
        var context: [String: Any] = [
            "hasData": true, "chart": chart,
            "lastYear": v.number(summary.lastYear), "current": v.number(summary.currentStreak), "longest": v.number(summary.longestStreak),
            "alive": summary.currentStreak > 0,
            "months": months.map { ["month": v.month(iso: $0.month.iso), "count": v.number($0.count)] as [String: Any] },
            "fetchedOn": site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt,
        ]
        if let busiest = summary.busiestDay, let day = Day(iso: busiest.date) {
            context["busiestDay"] = ["date": v.date(day), "count": v.number(busiest.count)] as [String: Any]
        }
        return context
    }
}

extension ProfilePage {
    /// Today's card: what was eaten, the steps against the goal, the workouts done.
    package static func today(_ site: SiteData) -> [String: Any] {
        let v = site.values
        let report = site.statistics.report
        let workouts = site.statistics.details.dailyWorkouts.last { $0.day == site.asOf }
        var today: [String: Any] = [
            "date": v.date(site.asOf), "kcal": v.number(report.nutrition.today.kcal),
            "hasMeals": site.snapshot.meals.contains { $0.date == site.asOf.iso },
            "workouts": v.number(workouts?.count ?? 0), "burned": v.number(workouts?.calories ?? 0),
            "goal": v.number(report.steps.goal),
        ]
        if let steps = report.steps.today {
            today["steps"] = v.number(steps)
            today["stepsAtGoal"] = steps >= report.steps.goal
        }
        return today
    }
}

/// One workout as templates see it.
package enum WorkoutRow {
    package static func context(_ workout: Workout, site: SiteData) -> [String: Any] {
        let zone = site.config.timeZone
        var row: [String: Any] = [
            "type": site.workoutType(workout.type), "typeId": workout.type, "duration": site.values.duration(workout.duration),
        ]
        if let date = workout.startDate {
            row["date"] = site.values.date(Day(date, in: zone))
            let local = Timestamp.format(date, in: zone)
            row["time"] = String(local.dropFirst(11).prefix(5))
        }
        if let v = workout.calories { row["calories"] = site.values.number(v) }
        if let v = workout.distance, v > 0 { row["distance"] = site.values.kilometres(v) }
        if let v = workout.exercises { row["exercises"] = site.values.number(v) }
        if let v = workout.notes, !v.isEmpty { row["notes"] = v }
        return row
    }
}

/// Links to the main pages from a given page, for templates (`{{links.users}}`).
package enum Links {
    package static func context(from page: SitePath, base: String? = nil) -> [String: Any] {
        if let base {
            return [
                "home": base, "users": SitePath.users.url(base: base), "repositories": SitePath.repositories.url(base: base),
                "starred": SitePath.starred.url(base: base), "statistics": SitePath.statistics.url(base: base),
                "meals": SitePath.meals.url(base: base), "cards": SitePath.cards.url(base: base), "root": base,
            ]
        }
        let depth = page.depth
        return depth < byDepth.count ? byDepth[depth] : relative(root: page.root)
    }

    /// The links depend only on how deep the page is, and every page needs them twice (its own
    /// template and the layout), so the usual depths are made once. Plain strings, so the
    /// table is Sendable and the rendering threads share it safely.
    private static let byDepth: [[String: String]] = (0..<6).map { relative(root: String(repeating: "../", count: $0)) }

    private static func relative(root: String) -> [String: String] {
        [
            "home": root + SitePath.home.file, "users": root + SitePath.users.file, "repositories": root + SitePath.repositories.file,
            "starred": root + SitePath.starred.file, "statistics": root + SitePath.statistics.file,
            "meals": root + SitePath.meals.file, "cards": root + SitePath.cards.file, "root": root,
        ]
    }
}
