import UsergraphCore
import UsergraphStats

/// `/statistics/`: workout, nutrition, steps, weight and user statistics, each chart beside its text alternative.
package enum StatisticsPage {
    package static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .statistics, template: "statistics", section: .statistics) { fields.context(site) }]
    }

    package static let fields = TemplateFields<SiteData>([
        .object("links", keys: Links.keys) { _ in Links.context(from: .statistics) },
        .date("asOf") { $0.values.date(iso: $0.statistics.report.asOf) },
        .object("charts", StatisticsCharts.fields) { $0 },
        .object("workouts", workouts) { $0 },
        .object("weight", weight) { $0 },
        .object("nutrition", nutrition) { $0 },
        .object("steps", steps) { $0 },
        .object("users", users) { $0 },
        .object("repositories", repositories) { $0 },
    ])

    static let workouts = TemplateFields<SiteData>([
        .number("count") { $0.values.number($0.statistics.report.workouts.count) },
        .duration("duration") { $0.values.duration($0.statistics.report.workouts.totalSeconds) },
        .number("calories") { $0.values.number($0.statistics.report.workouts.totalCalories) },
        .number("distance") { $0.values.distance($0.statistics.report.workouts.totalDistance) },
        .flag("hasDistance") { $0.statistics.report.workouts.totalDistance > 0 },
        .list("paces", pace) { $0.each($0.statistics.report.workouts.paces) },
        .list("speeds", speed) { $0.each($0.statistics.report.workouts.speeds) },
        .number("currentStreak") { $0.values.number($0.statistics.report.workouts.currentStreak) },
        .number("longestStreak") { $0.values.number($0.statistics.report.workouts.longestStreak) },
        .number("points") { $0.values.number($0.statistics.report.workouts.points) },
        .number("level") { $0.values.number($0.statistics.report.workouts.level) },
        .flag("hasWorkouts") { $0.statistics.report.workouts.count > 0 },
        .list("achievements", achievement) { $0.each($0.statistics.report.workouts.achievements) },
        .flag("hasAchievements") { !$0.statistics.report.workouts.achievements.isEmpty },
        .list("byType", typeCount) { $0.each($0.statistics.report.workouts.byType) },
        .list("weekly", weekCount) { $0.each($0.statistics.report.workouts.weekly) },
        .list("monthly", monthCount) { $0.each($0.statistics.report.workouts.monthly) },
        .object("history?", HistoryPages.statisticsFields) { $0.workoutDirectory },
        .number("activeDays") { $0.values.number($0.statistics.details.dailyWorkouts.reduce(0) { $0 + ($1.count > 0 ? 1 : 0) }) },
    ])

    static let pace = TemplateFields<OnSite<Pace>>([
        .text("type") { $0.site.workoutType($0.value.type) },
        .text("typeId") { $0.value.type },
        .text("pace") { $0.site.values.pace(secondsPerKm: Double($0.value.secondsPerKm)) },
    ])

    static let speed = TemplateFields<OnSite<Speed>>([
        .text("type") { $0.site.workoutType($0.value.type) },
        .text("typeId") { $0.value.type },
        .number("speed") { $0.site.values.speed(metresPerSecond: $0.value.kmPerHour / 3.6) },
    ])

    static let achievement = TemplateFields<OnSite<String>>([
        .text("id") { $0.value },
        .text("name") { $0.site.strings.text("achievements." + $0.value) },
    ])

    static let typeCount = TemplateFields<OnSite<TypeCount>>([
        .text("type") { $0.site.workoutType($0.value.type) },
        .text("typeId") { $0.value.type },
        .number("count") { $0.site.values.number($0.value.count) },
        .duration("duration") { $0.site.values.duration($0.value.seconds) },
        .number("distance") { $0.site.values.distance($0.value.distance) },
    ])

    static let weekCount = TemplateFields<OnSite<WeekCount>>([
        .date("weekStart") { $0.site.values.date(iso: $0.value.weekStart) },
        .number("count") { $0.site.values.number($0.value.count) },
        .duration("duration") { $0.site.values.duration($0.value.seconds) },
        .number("distance") { $0.site.values.distance($0.value.distance) },
    ])

    static let monthCount = TemplateFields<OnSite<MonthCount>>([
        .month("month") { $0.site.values.month(iso: $0.value.month) },
        .number("count") { $0.site.values.number($0.value.count) },
        .duration("duration") { $0.site.values.duration($0.value.seconds) },
    ])

    static let weight = TemplateFields<SiteData>([
        .flag("hasData") { $0.statistics.report.weight.latest != nil },
        .number("records") { $0.values.number($0.statistics.details.weightSeries.count) },
        .number("latest?") { site in site.statistics.report.weight.latest.map { site.values.number($0, places: 1) } },
        .text("change30?") { site in site.statistics.report.weight.change30.map { site.strings.format.signed($0) } },
        .text("change90?") { site in site.statistics.report.weight.change90.map { site.strings.format.signed($0) } },
        .number("bmi?") { site in site.statistics.report.weight.bmi.map { site.values.number($0, places: 1) } },
        .number("target?") { site in site.statistics.report.weight.target.map { site.values.number($0, places: 1) } },
        .number("toTarget?") { site in site.statistics.report.weight.toTarget.map { site.values.number(abs($0), places: 1) } },
        .flag("aboveTarget?") { site in site.statistics.report.weight.toTarget.flatMap { $0 > 0.04 ? true : nil } },
        .flag("belowTarget?") { site in site.statistics.report.weight.toTarget.flatMap { $0 < -0.04 ? true : nil } },
        .flag("atTarget?") { site in site.statistics.report.weight.toTarget.flatMap { $0 > 0.04 || $0 < -0.04 ? nil : true } },
        .list("series", weightPoint) { $0.each($0.statistics.details.weightSeries) },
    ])

    static let weightPoint = TemplateFields<OnSite<WeightPoint>>([
        .date("date") { $0.site.values.date($0.value.day) },
        .number("kg") { $0.site.values.number($0.value.kg, places: 1) },
    ])

    static let nutrition = TemplateFields<SiteData>([
        .flag("hasData") { !$0.snapshot.meals.isEmpty },
        .text("meals") { _ in SitePath.statistics.link(to: .meals) },
        .object("today", intake) { ($0.values, $0.statistics.report.nutrition.today) },
        .number("burned7") { $0.values.number($0.statistics.report.nutrition.burned7) },
        .list("macros7", macro) { site in
            let n = site.statistics.report.nutrition
            let energy = StatisticsCharts.MacroEnergy(n.macros7)
            return [("protein", n.macros7.protein, energy.protein), ("fat", n.macros7.fat, energy.fat), ("carbs", n.macros7.carbs, energy.carbs)]
                .map { (site, $0.0, $0.1, energy.percent($0.2)) }
        },
        .list("daily", dailyIntake) { $0.each($0.statistics.report.nutrition.daily) },
        .number("average7?") { site in site.statistics.report.nutrition.average7.map(site.values.number) },
        .number("basal7?") { site in
            let n = site.statistics.report.nutrition
            return n.balance7 == nil ? nil : n.basal7.map(site.values.number)
        },
        .text("balance7?") { site in
            let n = site.statistics.report.nutrition
            return n.basal7 == nil ? nil : n.balance7.map { site.strings.format.signed(Double($0), places: 0) }
        },
    ])

    static let intake = TemplateFields<(values: TemplateValues, today: DayIntake)>([
        .number("kcal") { $0.values.number($0.today.kcal) },
        .number("protein") { $0.values.grams($0.today.protein) },
        .number("fat") { $0.values.grams($0.today.fat) },
        .number("carbs") { $0.values.grams($0.today.carbs) },
    ])

    static let macro = TemplateFields<(site: SiteData, name: String, grams: Double, percent: Int)>([
        .text("name") { $0.site.strings.text("chart.macros." + $0.name) },
        .number("grams") { $0.site.values.grams($0.grams) },
        .number("percent") { $0.site.values.number($0.percent) },
    ])

    static let dailyIntake = TemplateFields<OnSite<DailyIntake>>([
        .date("date") { $0.site.values.date(iso: $0.value.date) },
        .number("kcal") { $0.site.values.number($0.value.kcal) },
        .number("burned") { $0.site.values.number($0.value.burned) },
        .text("balance") { day in
            day.value.basal.map { day.site.strings.format.signed(Double(day.value.kcal - day.value.burned - $0), places: 0) } ?? "–"
        },
    ])

    static let steps = TemplateFields<SiteData>([
        .flag("hasData") { !$0.snapshot.steps.isEmpty },
        .number("goal") { $0.values.number($0.statistics.report.steps.goal) },
        .number("daysAtGoal30") { $0.values.number($0.statistics.report.steps.daysAtGoal30) },
        .list("daily", dailySteps) { $0.each($0.statistics.report.steps.daily) },
        .number("today?") { site in site.statistics.report.steps.today.map(site.values.number) },
        .flag("todayAtGoal?") { site in site.statistics.report.steps.today.map { $0 >= site.statistics.report.steps.goal } },
        .number("todayPercent?") { site in
            let s = site.statistics.report.steps
            return s.today.map { site.values.number(Int((Double($0) / Double(max(1, s.goal)) * 100).rounded())) }
        },
        .number("average30?") { site in site.statistics.report.steps.average30.map(site.values.number) },
    ])

    static let dailySteps = TemplateFields<OnSite<DailySteps>>([
        .date("date") { $0.site.values.date(iso: $0.value.date) },
        .number("steps") { $0.site.values.number($0.value.steps) },
        .flag("atGoal") { $0.value.steps >= $0.site.statistics.report.steps.goal },
    ])
}

extension StatisticsPage {
    static let users = TemplateFields<SiteData>([
        .flag("hasData") { $0.snapshot.users != nil },
        .flag("hasVisits") { $0.snapshot.statistics != nil },
        .number("count") { $0.values.number($0.statistics.report.users.count) },
        .number("online") { $0.values.number($0.statistics.report.users.online) },
        .number("men") { $0.values.number($0.statistics.report.users.sex.men) },
        .number("women") { $0.values.number($0.statistics.report.users.sex.women) },
        .number("other") { $0.values.number($0.statistics.report.users.sex.other) },
        .list("ageBuckets", ageBucket) { $0.each($0.statistics.details.ageBySex) },
        .list("daily", dailyViews) { $0.each($0.statistics.report.users.views.daily) },
        .number("views30") { $0.values.number($0.statistics.report.users.views.daily.reduce(0) { $0 + $1.views }) },
        // `privacy.visitorsAsCounts`: no names or faces of who visited, only the numbers.
        .flag("visitorsAsCounts") { $0.config.privacy.visitorsAsCounts },
        .list("topVisitors", topVisitor) { topVisitors($0) },
        .flag("hasTopVisitors") { !$0.config.privacy.visitorsAsCounts && !$0.statistics.report.users.topVisitors.isEmpty },
        .object("visitors", visitors) { $0 },
        .list("weekly", weeklyViews) { $0.each($0.statistics.report.users.views.weekly) },
        .list("monthly", monthlyViews) { $0.each($0.statistics.report.users.views.monthly) },
        .list("periods", viewerPeriod) { site in Viewers.periods.map { ViewerPeriod(site: site, id: $0) } },
        .number("subscriptions") { $0.values.number($0.statistics.report.users.subscriptions) },
        .number("unsubscriptions") { $0.values.number($0.statistics.report.users.unsubscriptions) },
        .number("netSubscribers") { $0.values.number($0.statistics.report.users.subscriptions - $0.statistics.report.users.unsubscriptions) },
    ])

    static let ageBucket = TemplateFields<OnSite<AgeBucketBySex>>([
        .text("bucket") { $0.value.bucket },
        .number("men") { $0.site.values.number($0.value.men) },
        .number("women") { $0.site.values.number($0.value.women) },
        .number("total") { $0.site.values.number($0.value.total) },
    ])

    static let dailyViews = TemplateFields<OnSite<DailyViews>>([
        .date("date") { $0.site.values.date(iso: $0.value.date) },
        .number("views") { $0.site.values.number($0.value.views) },
        .number("unique") { $0.site.values.number($0.value.unique) },
    ])

    static let weeklyViews = TemplateFields<OnSite<WeeklyViews>>([
        .date("weekStart") { $0.site.values.date(iso: $0.value.weekStart) },
        .number("views") { $0.site.values.number($0.value.views) },
        .number("unique") { $0.site.values.number($0.value.unique) },
    ])

    static let monthlyViews = TemplateFields<OnSite<MonthlyViews>>([
        .month("month") { $0.site.values.month(iso: $0.value.month) },
        .number("views") { $0.site.values.number($0.value.views) },
        .number("unique") { $0.site.values.number($0.value.unique) },
    ])

    /// The most frequent visitors, each with the directory's user when the store has them.
    /// Only they are looked up: a dictionary of every user was 26 MB of a build's peak at
    /// 100,000 users.
    static func topVisitors(_ site: SiteData) -> [(site: SiteData, visitor: TopVisitor, user: DirectoryUser?)] {
        guard !site.config.privacy.visitorsAsCounts else { return [] }
        let top = site.statistics.report.users.topVisitors
        let ids = Set(top.map(\.userId))
        var usersById: [Int: DirectoryUser] = [:]
        for user in site.snapshot.users?.value ?? [] where ids.contains(user.id) && usersById[user.id] == nil { usersById[user.id] = user }
        return top.map { (site, $0, usersById[$0.userId]) }
    }

    static let topVisitor = TemplateFields<(site: SiteData, visitor: TopVisitor, user: DirectoryUser?)>([
        .int("id") { $0.visitor.userId },
        .number("views") { $0.site.values.number($0.visitor.views) },
        .text("username?") { $0.user?.username },
        // A visitor's page is in the users directory, when the site has it.
        .text("url?") { row in row.user.flatMap { row.site.shows(.users) ? SitePath.statistics.link(to: .user($0.id)) : nil } },
        .html("avatar") { row in
            guard let user = row.user else { return Avatars.placeholder(name: "#\(row.visitor.userId)", size: 40) }
            return row.site.avatars.html(
                sitePath: row.site.avatars.sitePath(forURL: user.avatar?.url), name: user.username, size: 40, from: .statistics)
        },
    ])

    static let visitors = TemplateFields<SiteData>([
        .number("monthToDate") { $0.values.number($0.statistics.report.users.visitors.monthToDate) },
        .number("previousMonthToDate") { $0.values.number($0.statistics.report.users.visitors.previousMonthToDate) },
        .number("change") { $0.values.number(abs($0.statistics.report.users.visitors.change)) },
        .flag("grew?") { $0.statistics.report.users.visitors.change > 0 ? true : nil },
        .flag("fell?") { $0.statistics.report.users.visitors.change < 0 ? true : nil },
        .flag("same?") { $0.statistics.report.users.visitors.change == 0 ? true : nil },
    ])

    /// The viewers of one period (today, the week, the month, all time), with their charts.
    struct ViewerPeriod {
        let site: SiteData
        let id: String
        let charts: (sex: String, age: String)
        var group: ViewerGroup { site.statistics.report.users.viewers[period: id] }

        init(site: SiteData, id: String) {
            self.site = site; self.id = id
            charts = StatisticsCharts.viewers(site, period: id)
        }
    }

    static let viewerPeriod = TemplateFields<ViewerPeriod>([
        .text("id") { $0.id },
        .text("label") { $0.site.strings.text($0.id == "all" ? "stats.allTime" : "stats." + $0.id) },
        .number("men") { $0.site.values.number($0.group.sex.men) },
        .number("women") { $0.site.values.number($0.group.sex.women) },
        .number("count") { $0.site.values.number($0.group.sex.men + $0.group.sex.women + $0.group.sex.other) },
        .flag("checked") { $0.id == "month" },
        .list("ageBuckets", ageBucket) { $0.site.each($0.site.statistics.details.viewerAgeBySex[$0.id] ?? []) },
        .html("chartSex") { $0.charts.sex },
        .html("chartAge") { $0.charts.age },
    ])

    static let repositories = TemplateFields<SiteData>([
        .flag("hasData") { $0.snapshot.repositories != nil },
        .number("count") { $0.values.number($0.statistics.report.repositories.count) },
        .number("stars") { $0.values.number($0.statistics.report.repositories.stars) },
        .number("forks") { $0.values.number($0.statistics.report.repositories.forks) },
        .number("sources") { $0.values.number($0.statistics.report.repositories.sources) },
        .list("languages", languageCount) { $0.each($0.statistics.report.repositories.languages) },
        .flag("byBytes") { !($0.statistics.report.repositories.languageBytes ?? []).isEmpty },
        .list("languageBytes", languageBytes) { site in
            let bytes = site.statistics.report.repositories.languageBytes ?? []
            return zip(bytes, StatisticsCharts.languageShares(bytes)).map { (site, $0, $1) }
        },
    ])

    static let languageCount = TemplateFields<OnSite<LanguageCount>>([
        .text("language") { $0.value.language },
        .number("count") { $0.site.values.number($0.value.count) },
    ])

    static let languageBytes = TemplateFields<(site: SiteData, language: LanguageBytes, share: Double)>([
        .text("language") { $0.language.language },
        .text("size") { StatisticsCharts.byteSize($0.language.bytes, site: $0.site) },
        .text("share") { $0.site.strings.format.number($0.share, places: 1) },
    ])
}
