import Foundation
import UsergraphCharts
import UsergraphCore
import UsergraphStats

/// `/`: the owner's card, today, their GitHub profile, this week's workouts, streak and level.
package enum ProfilePage {
    package static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .home, template: "profile", section: .profile) { fields.context(site) }]
    }

    /// The page's keys.
    package static let fields = TemplateFields<SiteData>([
        .object("links", keys: Links.keys) { _ in Links.context(from: .home) },
        .object("owner?", OwnerCard.fields) { site in site.snapshot.owner.map { OwnerCard(owner: $0, site: site) } },
        .object("github?", GitHubCard.fields) { site in site.snapshot.profile.map { GitHubCard(cached: $0, site: site) } },
        .object("week", week) { $0 },
        .object("streak", streak) { $0 },
        .object("level", level) { $0 },
        .object("totals", totals) { $0 },
        .object("today", today) { $0 },
        .object("pinned", pinned) { PinnedRepositories.choose($0) },
        // Always there: without data, `hasData` is false and the template says how to fetch it.
        .object("contributions", contributions) { .some(Contributions(site: $0)) },
    ])

    /// Only what `owner.public` lists (by default the name and the avatar).
    struct OwnerCard {
        let owner: Owner
        let site: SiteData

        func shows(_ field: String) -> Bool { site.config.ownerPublic.contains(field) }
        var sex: String? { shows("sex") ? owner.sex : nil }

        static let fields = TemplateFields<OwnerCard>([
            .text("name?") { $0.shows("name") ? nonEmpty($0.owner.name) : nil },
            .text("email?") { $0.shows("email") ? nonEmpty($0.owner.email) : nil },
            .number("age?") { card in card.shows("age") ? card.owner.age(on: card.site.asOf).map(card.site.values.number) : nil },
            .flag("isMan?") { $0.sex == "M" ? true : nil },
            .flag("isWoman?") { $0.sex == "W" ? true : nil },
            .flag("otherSex?") { card in card.sex.flatMap { $0 == "M" || $0 == "W" ? nil : true } },
            .html("avatar") { card in
                let avatars = card.site.avatars
                let path =
                    card.shows("avatar")
                    ? avatars.sitePath(forStorePath: card.owner.avatar)
                        ?? URLCheck.safeLink(card.owner.avatar).flatMap { avatars.sitePath(forURL: $0) }
                    : nil
                let name = (card.shows("name") ? card.owner.name : nil) ?? "?"
                return avatars.html(sitePath: path, name: name, size: 96, from: .home, eager: true)
            },
            .flag("filled") { $0.owner.isFilled(showing: $0.site.config.ownerPublic) },
        ])
    }

    struct GitHubCard {
        let cached: Cached<GitHubProfile>
        let site: SiteData
        var profile: GitHubProfile { cached.value }

        static let fields = TemplateFields<GitHubCard>([
            .text("login") { $0.profile.login },
            .text("name?") { nonEmpty($0.profile.name) },
            .text("bio?") { nonEmpty($0.profile.bio) },
            .text("location?") { nonEmpty($0.profile.location) },
            .text("company?") { nonEmpty($0.profile.company) },
            .text("blog?") { URLCheck.normalizedWebsite($0.profile.blog) },
            .text("url?") { URLCheck.safeLink($0.profile.htmlURL) },
            .date("since?") { $0.site.day(ofTimestamp: $0.profile.createdAt) },
            .number("followers") { $0.site.values.number($0.profile.followers ?? 0) },
            .number("following") { $0.site.values.number($0.profile.following ?? 0) },
            .number("publicRepos") { $0.site.values.number($0.profile.publicRepos ?? 0) },
            .html("avatar") { card in
                let p = card.profile
                return card.site.avatars.html(
                    sitePath: card.site.avatars.sitePath(forURL: p.avatarURL), name: p.name ?? p.login, size: 72, from: .home, eager: true)
            },
            .date("fetchedOn") { $0.site.day(ofTimestamp: $0.cached.fetchedAt) ?? $0.cached.fetchedAt },
        ])
    }

    /// This week's workouts.
    static let week = TemplateFields<SiteData>([
        .number("count") { $0.values.number($0.statistics.details.thisWeek.count) },
        .duration("duration") { $0.values.duration($0.statistics.details.thisWeek.seconds) },
        .number("calories") { $0.values.number($0.statistics.details.thisWeek.calories) },
        .number("distance") { $0.values.distance($0.statistics.details.thisWeek.distance) },
        .flag("hasDistance") { $0.statistics.details.thisWeek.distance > 0 },
        .list("workouts", WorkoutRow.fields) { site in site.statistics.details.thisWeekWorkouts.map { WorkoutRow(workout: $0, site: site) } },
        .flag("hasWorkouts") { $0.statistics.details.thisWeek.count > 0 },
    ])

    static let streak = TemplateFields<SiteData>([
        .number("current") { $0.values.number($0.statistics.report.workouts.currentStreak) },
        .number("longest") { $0.values.number($0.statistics.report.workouts.longestStreak) },
        .flag("alive") { $0.statistics.report.workouts.currentStreak > 0 },
    ])

    static let level = TemplateFields<SiteData>([
        .number("level") { $0.values.number($0.statistics.report.workouts.level) },
        .number("points") { $0.values.number($0.statistics.report.workouts.points) },
        .number("toNext") { $0.values.number(1000 - $0.statistics.report.workouts.points % 1000) },
    ])

    static let totals = TemplateFields<SiteData>([
        .number("count") { $0.values.number($0.statistics.report.workouts.count) },
        .duration("duration") { $0.values.duration($0.statistics.report.workouts.totalSeconds) },
        .number("calories") { $0.values.number($0.statistics.report.workouts.totalCalories) },
    ])

    static let pinned = TemplateFields<PinnedRepositories.Choice>([
        .list("repositories", RepositoryPages.cardFields) { $0.cards },
        .flag("hasAny") { !$0.cards.isEmpty },
        .flag("fromConfig") { $0.origin == .config },
        .flag("fromGitHub") { $0.origin == .gitHub },
        .flag("popular") { $0.origin == .popular },
    ])

    /// The contribution calendar with its year and streaks, or what it takes to have one.
    struct Contributions {
        let site: SiteData
        let fetchedAt: String
        let summary: ContributionSummary

        /// Nil without the calendar in the store or its summary.
        init?(site: SiteData) {
            guard let cached = site.snapshot.contributions, let summary = site.statistics.report.contributions else { return nil }
            self.site = site; fetchedAt = cached.fetchedAt; self.summary = summary
            days = site.statistics.details.contributionDays.compactMap { day in Day(iso: day.date).map { (day: $0, count: day.count) } }
        }

        /// The calendar's days, read once for the chart and its months.
        let days: [(day: Day, count: Int)]

        var chart: String {
            let s = site.strings
            return SVGCharts.calendarHeatmap(
                days.map { day in
                    HeatmapDay(
                        value: Double(day.count),
                        title: s.text("chart.heatmap.cell", ["date": s.format.date(day.day), "count": s.plural("count.contributions", day.count)]))
                },
                rowLabels: s.format.weekdaysShort, less: s.text("chart.heatmap.less"), more: s.text("chart.heatmap.more"),
                weekLabels: StatisticsCharts.monthLabels(days.map(\.day), format: s.format),
                options: StatisticsCharts.options(site, "contributions", "contributions", height: 140, width: 0, suffix: ""))
        }

        /// The chart's text alternative: the same days as month totals, oldest first.
        var months: [(month: Month, count: Int)] {
            var months: [(month: Month, count: Int)] = []
            for day in days {
                let month = Month(day.day)
                if months.last?.month == month { months[months.count - 1].count += day.count } else { months.append((month, day.count)) }
            }
            return months
        }
    }

    /// Without data (`hasData` false), only `hasData`: the template says how to fetch it.
    static let contributions = TemplateFields<Contributions?>([
        .flag("hasData") { $0 != nil },
        .html("chart?") { $0?.chart },
        .number("lastYear?") { c in c.map { $0.site.values.number($0.summary.lastYear) } },
        .number("current?") { c in c.map { $0.site.values.number($0.summary.currentStreak) } },
        .number("longest?") { c in c.map { $0.site.values.number($0.summary.longestStreak) } },
        .flag("alive?") { c in c.map { $0.summary.currentStreak > 0 } },
        .list("months?", monthCount) { c in c.map { c in c.months.map { (c.site.values, $0.month, $0.count) } } },
        .date("fetchedOn?") { c in c.map { $0.site.day(ofTimestamp: $0.fetchedAt) ?? $0.fetchedAt } },
        .object("busiestDay?", dayCount) { (c: Contributions?) -> (TemplateValues, Day, Int)? in
            guard let c, let busiest = c.summary.busiestDay, let day = Day(iso: busiest.date) else { return nil }
            return (c.site.values, day, busiest.count)
        },
    ])

    static let monthCount = TemplateFields<(TemplateValues, Month, Int)>([
        .month("month") { $0.0.month(iso: $0.1.iso) },
        .number("count") { $0.0.number($0.2) },
    ])

    static let dayCount = TemplateFields<(TemplateValues, Day, Int)>([
        .date("date") { $0.0.date($0.1) },
        .number("count") { $0.0.number($0.2) },
    ])
}

extension ProfilePage {
    /// Today's card: what was eaten, the steps against the goal, the workouts done.
    static let today = TemplateFields<SiteData>([
        .date("date") { $0.values.date($0.asOf) },
        .number("kcal") { $0.values.number($0.statistics.report.nutrition.today.kcal) },
        .flag("hasMeals") { site in site.snapshot.meals.contains { $0.date == site.asOf.iso } },
        .number("workouts") { $0.values.number(todaysWorkouts($0)?.count ?? 0) },
        .number("burned") { $0.values.number(todaysWorkouts($0)?.calories ?? 0) },
        .number("goal") { $0.values.number($0.statistics.report.steps.goal) },
        .number("steps?") { site in site.statistics.report.steps.today.map(site.values.number) },
        .flag("stepsAtGoal?") { site in site.statistics.report.steps.today.map { $0 >= site.statistics.report.steps.goal } },
    ])

    static func todaysWorkouts(_ site: SiteData) -> DayTotal? { site.statistics.details.dailyWorkouts.last { $0.day == site.asOf } }
}

/// One workout as templates see it.
package struct WorkoutRow {
    let workout: Workout
    let site: SiteData

    package init(workout: Workout, site: SiteData) { self.workout = workout; self.site = site }

    /// Its page, from the profile; nil when the site has no workout pages.
    var url: String? { site.workoutDirectory?.path(ofID: workout.id).map { SitePath.home.link(to: $0) } }

    var local: (day: Day, time: String)? { site.local(workout) }

    package static let fields = TemplateFields<WorkoutRow>([
        .text("type") { $0.site.workoutType($0.workout.type) },
        .text("typeId") { $0.workout.type },
        .duration("duration") { $0.site.values.duration($0.workout.duration) },
        .date("date?") { row in row.local.map { row.site.values.date($0.day) } },
        .text("time?") { $0.local?.time },
        .number("calories?") { row in row.workout.calories.map(row.site.values.number) },
        .number("distance?") { row in row.workout.distance.flatMap { $0 > 0 ? row.site.values.distance($0) : nil } },
        .number("exercises?") { row in row.workout.exercises.map(row.site.values.number) },
        .text("notes?") { nonEmpty($0.workout.notes) },
        .text("url?") { $0.url },
    ])
}

/// Links to the main pages from a given page, for templates (`{{links.users}}`), and `root`,
/// the way back to the site's root folder.
package enum Links {
    /// Each link's key and its page.
    private static let pages: [(key: String, path: SitePath)] = [
        ("home", .home), ("users", .users), ("repositories", .repositories), ("starred", .starred), ("workouts", .workouts),
        ("statistics", .statistics), ("meals", .meals), ("cards", .cards),
    ]

    package static let keys = TemplateSchema(
        fields: Dictionary(uniqueKeysWithValues: (pages.map(\.key) + ["root"]).map { ($0, TemplateSchema.Field(value: .text, optional: false)) }))

    package static func context(from page: SitePath, base: String? = nil) -> [String: Any] {
        if let base { return links { $0.url(base: base) }.merging(["root": base]) { _, root in root } }
        let depth = page.depth
        return depth < byDepth.count ? byDepth[depth] : relative(root: page.root)
    }

    /// The links depend only on how deep the page is, and every page needs them twice (its own
    /// template and the layout), so the usual depths are made once. Plain strings, so the
    /// table is Sendable and the rendering threads share it safely.
    private static let byDepth: [[String: String]] = (0..<6).map { relative(root: String(repeating: "../", count: $0)) }

    private static func relative(root: String) -> [String: String] {
        links { root + $0.file }.merging(["root": root]) { _, root in root }
    }

    private static func links(_ link: (SitePath) -> String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: pages.map { ($0.key, link($0.path)) })
    }
}
