import UsergraphCore
/// The contract of `usergraph stats --json` (DESIGN.md, "Statistics"). Property names are
/// the JSON keys and their declaration order is the key order, so reordering a property
/// changes the output. A value it does not have is written `null` (`OrderedJSON` does that for
/// every optional), never left out.
package struct StatsReport: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var asOf: String
    package var workouts: WorkoutSummary
    package var weight: WeightSummary
    package var steps: StepsSummary
    package var nutrition: NutritionSummary
    package var users: UserSummary
    package var repositories: RepositorySummary
    /// The GitHub contribution calendar; null when the store has none (it needs a token).
    package var contributions: ContributionSummary?
    /// Every calendar year from the first workout's to the as-of day's, oldest first.
    package var years: [YearSummary]
    /// From the tracks: empty until `addTracks` has read them.
    package var bests: BestsSummary
    package var eddington: EddingtonSummaries
    /// From the tracks and the config; null when no maximum heart rate is known.
    package var heartRateZones: HeartRateZoneSummary?

    init(
        asOf: String, workouts: WorkoutSummary, weight: WeightSummary, steps: StepsSummary, nutrition: NutritionSummary,
        users: UserSummary, repositories: RepositorySummary, contributions: ContributionSummary? = nil, history: WorkoutHistory
    ) {
        self.asOf = asOf; self.workouts = workouts; self.weight = weight; self.steps = steps; self.nutrition = nutrition
        self.users = users; self.repositories = repositories; self.contributions = contributions
        years = history.years
        bests = BestsSummary(PersonalBests())
        eddington = history.summaries
        heartRateZones = nil
    }

    /// The history's part that the tracks give: the bests and the heart-rate zones.
    package mutating func addTracks(_ history: TrackHistory) {
        bests = BestsSummary(history.bests)
        heartRateZones = history.zoneSummary
    }

    /// Pretty-printed JSON of the contract, keys in the contract's order (not sorted),
    /// `null` for missing weight values, ending with a newline.
    package func jsonString() throws -> String {
        try OrderedJSON.encode(self)
    }
}

// MARK: - Workouts

package struct WorkoutSummary: Codable, Sendable, Equatable {
    package var count: Int
    package var totalSeconds: Int
    package var totalCalories: Int
    /// Metres, summed and rounded to whole metres; a workout without a distance adds 0.
    package var totalDistance: Int
    /// By count descending, then type ascending.
    package var byType: [TypeCount]
    /// The 12 weeks ending with the as-of day's week, oldest first.
    package var weekly: [WeekCount]
    /// The 12 calendar months ending with the as-of day's month, oldest first.
    package var monthly: [MonthCount]
    package var currentStreak: Int
    package var longestStreak: Int
    package var points: Int
    package var level: Int
    /// Achievement ids in the contract's order, e.g. `workout_1`, `streak_3`.
    package var achievements: [String]
    /// Running and walking over the 90 days ending on the as-of day, by type; a type with
    /// under 1 km there is left out.
    package var paces: [Pace]
    /// Cycling the same way, as an average speed.
    package var speeds: [Speed]

    init(
        count: Int, totalSeconds: Int, totalCalories: Int, totalDistance: Int, byType: [TypeCount], weekly: [WeekCount],
        monthly: [MonthCount], currentStreak: Int, longestStreak: Int, points: Int, level: Int,
        achievements: [String], paces: [Pace], speeds: [Speed]
    ) {
        self.count = count; self.totalSeconds = totalSeconds; self.totalCalories = totalCalories; self.totalDistance = totalDistance
        self.byType = byType; self.weekly = weekly; self.monthly = monthly
        self.currentStreak = currentStreak; self.longestStreak = longestStreak
        self.points = points; self.level = level; self.achievements = achievements
        self.paces = paces; self.speeds = speeds
    }
}

package struct TypeCount: Codable, Sendable, Equatable {
    package var type: String
    package var count: Int
    package var seconds: Int
    /// Metres, rounded.
    package var distance: Int
    /// Metres climbed, rounded: the workouts' `elevationGain` (from their tracks).
    package var elevationGain: Int

    init(type: String, count: Int, seconds: Int, distance: Int = 0, elevationGain: Int = 0) {
        self.type = type; self.count = count; self.seconds = seconds; self.distance = distance; self.elevationGain = elevationGain
    }
}

package struct WeekCount: Codable, Sendable, Equatable {
    /// The Monday, `YYYY-MM-DD`.
    package var weekStart: String
    package var count: Int
    package var seconds: Int
    /// Metres, rounded.
    package var distance: Int

    init(weekStart: String, count: Int, seconds: Int, distance: Int = 0) {
        self.weekStart = weekStart; self.count = count; self.seconds = seconds; self.distance = distance
    }
}

/// Total seconds over total kilometres, rounded to a whole second.
package struct Pace: Codable, Sendable, Equatable {
    package var type: String
    package var secondsPerKm: Int
}

/// Total kilometres over total hours, rounded to 0.1.
package struct Speed: Codable, Sendable, Equatable {
    package var type: String
    package var kmPerHour: Double
}

package struct MonthCount: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    package var month: String
    package var count: Int
    package var seconds: Int

    init(month: String, count: Int, seconds: Int) { self.month = month; self.count = count; self.seconds = seconds }
}

// MARK: - Weight

package struct WeightSummary: Codable, Sendable, Equatable {
    package var latest: Double?
    package var change30: Double?
    package var change90: Double?
    /// The body mass index of `latest` at the owner's height, to 0.1; nil without either.
    package var bmi: Double?
    /// The owner's target weight, where set.
    package var target: Double?
    /// `latest` minus `target`, to 0.1 kg (positive: still to lose); nil without either.
    package var toTarget: Double?

    init(latest: Double?, change30: Double?, change90: Double?, bmi: Double? = nil, target: Double? = nil, toTarget: Double? = nil) {
        self.latest = latest; self.change30 = change30; self.change90 = change90
        self.bmi = bmi; self.target = target; self.toTarget = toTarget
    }
}

// MARK: - Steps

package struct StepsSummary: Codable, Sendable, Equatable {
    /// The record of the as-of day.
    package var today: Int?
    /// The mean of the days with a record among the 30 ending on the as-of day, rounded.
    package var average30: Int?
    /// `goals.steps` from the config.
    package var goal: Int
    /// Days among those 30 with `steps >= goal`.
    package var daysAtGoal30: Int
    /// The 30 days ending on the as-of day, oldest first, 0 where there is no record.
    package var daily: [DailySteps]

    init(today: Int?, average30: Int?, goal: Int, daysAtGoal30: Int, daily: [DailySteps]) {
        self.today = today; self.average30 = average30; self.goal = goal; self.daysAtGoal30 = daysAtGoal30; self.daily = daily
    }
}

package struct DailySteps: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    package var steps: Int
}

// MARK: - Nutrition

package struct NutritionSummary: Codable, Sendable, Equatable {
    /// The as-of day's meals; zeros when there is none.
    package var today: DayIntake
    /// Kilocalories of the 7 days ending on the as-of day over the days among them with a meal.
    package var average7: Int?
    /// Workout kilocalories of the same 7 days.
    package var burned7: Int
    /// The body's own use (basal energy) over those 7 days; nil when unknown (DESIGN.md, "Energy balance").
    package var basal7: Int?
    /// Kilocalories eaten in those 7 days minus `burned7` minus `basal7`; nil when `basal7` is.
    package var balance7: Int?
    /// Grams of each macro over those 7 days, to 0.1.
    package var macros7: Macros
    /// The 14 days ending on the as-of day, oldest first.
    package var daily: [DailyIntake]

    init(today: DayIntake, average7: Int?, burned7: Int, basal7: Int?, balance7: Int?, macros7: Macros, daily: [DailyIntake]) {
        self.today = today; self.average7 = average7; self.burned7 = burned7; self.basal7 = basal7; self.balance7 = balance7
        self.macros7 = macros7; self.daily = daily
    }
}

package struct DayIntake: Codable, Sendable, Equatable {
    /// Rounded to whole kilocalories.
    package var kcal: Int
    /// Grams, to 0.1.
    package var protein: Double
    package var fat: Double
    package var carbs: Double
}

package struct Macros: Codable, Sendable, Equatable {
    package var protein: Double
    package var fat: Double
    package var carbs: Double

    package var total: Double { protein + fat + carbs }
}

package struct DailyIntake: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    package var kcal: Int
    /// Kilocalories burned in that day's workouts.
    package var burned: Int
    /// The day's basal energy; nil when unknown.
    package var basal: Int?
}

// MARK: - Users

package struct UserSummary: Codable, Sendable, Equatable {
    package var count: Int
    package var online: Int
    package var sex: SexCounts
    /// All seven buckets, in `AgeBucket.names` order.
    var ageBuckets: [AgeBucket]
    package var views: ViewSummary
    /// At most 3, by views descending then id ascending; never a user with 0 views.
    package var topVisitors: [TopVisitor]
    /// Events of that type in the as-of day's calendar month, up to the as-of day.
    package var subscriptions: Int
    package var unsubscriptions: Int
    /// Distinct viewers this month to date against the same days of the month before.
    package var visitors: VisitorTrend
    /// Sex and age of the distinct viewers of today, the week, the month and all time.
    package var viewers: Viewers

    init(
        count: Int, online: Int, sex: SexCounts, ageBuckets: [AgeBucket], views: ViewSummary,
        topVisitors: [TopVisitor], subscriptions: Int, unsubscriptions: Int,
        visitors: VisitorTrend = VisitorTrend(), viewers: Viewers = Viewers()
    ) {
        self.count = count; self.online = online; self.sex = sex; self.ageBuckets = ageBuckets
        self.views = views; self.topVisitors = topVisitors
        self.subscriptions = subscriptions; self.unsubscriptions = unsubscriptions
        self.visitors = visitors; self.viewers = viewers
    }
}

/// `users.visitors` of the contract.
package struct VisitorTrend: Codable, Sendable, Equatable {
    /// Distinct users with a view event from the 1st of the as-of month to the as-of day.
    package var monthToDate = 0
    /// The same, from the 1st of the previous month to the same day of the month (clamped to
    /// that month's last day).
    package var previousMonthToDate = 0
    /// `monthToDate - previousMonthToDate`.
    package var change = 0
}

/// `users.viewers` of the contract: who viewed, by period.
package struct Viewers: Codable, Sendable, Equatable {
    package var today = ViewerGroup()
    package var week = ViewerGroup()
    package var month = ViewerGroup()
    package var all = ViewerGroup()

    /// The periods by their JSON keys, in the contract's order.
    package static let periods = ["today", "week", "month", "all"]

    /// The group of a period named by its key (anything else is `all`).
    package subscript(period period: String) -> ViewerGroup {
        get {
            switch period {
            case "today": today
            case "week": week
            case "month": month
            default: all
            }
        }
        set {
            switch period {
            case "today": today = newValue
            case "week": week = newValue
            case "month": month = newValue
            default: all = newValue
            }
        }
    }
}

/// The sex and age buckets of a set of distinct viewers, counted like `users.sex` and
/// `users.ageBuckets`; a viewer without a user record is not counted.
package struct ViewerGroup: Codable, Sendable, Equatable {
    package var sex = SexCounts()
    var ageBuckets = AgeBucket.names.map { AgeBucket(bucket: $0, count: 0) }

    init() {}

    init(sex: SexCounts, bySex: [AgeBucketBySex]) {
        self.sex = sex
        ageBuckets = bySex.map { AgeBucket(bucket: $0.bucket, count: $0.total) }
    }

    /// Sex counts and men and women per age bucket of the viewers added (the page draws the
    /// buckets by sex; the contract has their totals).
    struct Tally {
        var sex: [String: Int] = [:]
        var bySex = AgeBucket.names.map { AgeBucketBySex(bucket: $0) }

        mutating func add(_ user: DirectoryUser) {
            sex[user.sex, default: 0] += 1
            guard let bucket = AgeBucket.index(forAge: user.age) else { return }
            switch user.sex {
            case "M": bySex[bucket].men += 1
            case "W": bySex[bucket].women += 1
            default: bySex[bucket].other += 1
            }
        }
    }
}

/// Users counted by the raw `sex` value. Encoded as a JSON object with `M` and `W` always
/// first (even at 0), then any other raw value in ascending order.
package struct SexCounts: Codable, Sendable, Equatable {
    var counts: [String: Int]

    init(_ counts: [String: Int] = [:]) {
        // M and W are always reported, so they are always stored.
        self.counts = counts.merging(["M": 0, "W": 0]) { given, _ in given }
    }

    package var men: Int { counts["M"] ?? 0 }
    package var women: Int { counts["W"] ?? 0 }
    /// Everyone whose raw value is neither `M` nor `W`.
    package var other: Int { counts.reduce(0) { $0 + ($1.key == "M" || $1.key == "W" ? 0 : $1.value) } }

    subscript(raw: String) -> Int { counts[raw] ?? 0 }

    /// `M`, `W`, then the other raw values sorted, so the output is the same on every run.
    var orderedKeys: [String] {
        ["M", "W"] + counts.keys.filter { $0 != "M" && $0 != "W" }.sorted()
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var counts: [String: Int] = [:]
        for key in container.allKeys {
            counts[key.stringValue] = try container.decode(Int.self, forKey: key)
        }
        self.init(counts)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for key in orderedKeys {
            try container.encode(self[key], forKey: Key(stringValue: key))
        }
    }
}

package struct AgeBucket: Codable, Sendable, Equatable {
    /// One of `AgeBucket.names`.
    var bucket: String
    var count: Int

    init(bucket: String, count: Int) { self.bucket = bucket; self.count = count }

    /// The contract's buckets, in order.
    package static let names = ["18-21", "22-25", "26-30", "31-35", "36-40", "41-50", "51+"]

    /// The index into `names` for an age, or nil under 18.
    package static func index(forAge age: Int) -> Int? {
        switch age {
        case ..<18: nil
        case 18...21: 0
        case 22...25: 1
        case 26...30: 2
        case 31...35: 3
        case 36...40: 4
        case 41...50: 5
        default: 6
        }
    }
}

package struct ViewSummary: Codable, Sendable, Equatable {
    /// The 30 days ending on the as-of day, oldest first.
    package var daily: [DailyViews]
    /// The 12 weeks ending with the as-of day's week, oldest first.
    package var weekly: [WeeklyViews]
    /// The 12 calendar months ending with the as-of day's month, oldest first.
    package var monthly: [MonthlyViews]

    init(daily: [DailyViews], weekly: [WeeklyViews] = [], monthly: [MonthlyViews] = []) {
        self.daily = daily; self.weekly = weekly; self.monthly = monthly
    }
}

package struct WeeklyViews: Codable, Sendable, Equatable {
    /// The Monday, `YYYY-MM-DD`.
    package var weekStart: String
    package var views: Int
    /// Distinct viewers in the week.
    package var unique: Int
}

package struct MonthlyViews: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    package var month: String
    package var views: Int
    /// Distinct viewers in the month.
    package var unique: Int
}

package struct DailyViews: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    /// View events that day.
    package var views: Int
    /// Distinct users among those events.
    package var unique: Int

    package init(date: String, views: Int, unique: Int) { self.date = date; self.views = views; self.unique = unique }
}

package struct TopVisitor: Codable, Sendable, Equatable {
    package var userId: Int
    package var views: Int

    package init(userId: Int, views: Int) { self.userId = userId; self.views = views }
}

// MARK: - Repositories

package struct RepositorySummary: Codable, Sendable, Equatable {
    /// Every own repository, forks included.
    package var count: Int
    /// Sums over every own repository: how often they were starred and forked.
    package var stars: Int
    package var forks: Int
    /// Own repositories that are not forks, and forks of others' repositories.
    package var sources: Int
    package var forkRepositories: Int
    /// The primary languages of the sources (forks are other people's code), by count
    /// descending then name ascending.
    package var languages: [LanguageCount]
    /// Bytes of code per language over the sources, by bytes descending then name; null
    /// without the GraphQL answer (it needs a token).
    package var languageBytes: [LanguageBytes]?

    init(
        count: Int, stars: Int, forks: Int, sources: Int, forkRepositories: Int, languages: [LanguageCount],
        languageBytes: [LanguageBytes]? = nil
    ) {
        self.count = count; self.stars = stars; self.forks = forks; self.sources = sources
        self.forkRepositories = forkRepositories; self.languages = languages; self.languageBytes = languageBytes
    }
}

package struct LanguageBytes: Codable, Sendable, Equatable {
    package var language: String
    package var bytes: Int
    /// GitHub's colour for the language, `#rrggbb`, when it has a valid one.
    package var color: String?

    init(language: String, bytes: Int, color: String?) { self.language = language; self.bytes = bytes; self.color = color }
}

// MARK: - Contributions

package struct ContributionSummary: Codable, Sendable, Equatable {
    /// Contributions in the 365 days ending D.
    package var lastYear: Int
    /// Days in a row with a contribution, ending on D (or D−1 while D has none yet), and the
    /// longest such run on or before D.
    package var currentStreak: Int
    package var longestStreak: Int
    /// The day of the 365 with the most contributions (the earlier on a tie); null when none.
    package var busiestDay: DayCount?

    init(lastYear: Int, currentStreak: Int, longestStreak: Int, busiestDay: DayCount?) {
        self.lastYear = lastYear; self.currentStreak = currentStreak; self.longestStreak = longestStreak; self.busiestDay = busiestDay
    }
}

package struct DayCount: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    package var date: String
    package var count: Int

    init(date: String, count: Int) { self.date = date; self.count = count }
}

package struct LanguageCount: Codable, Sendable, Equatable {
    package var language: String
    package var count: Int

    init(language: String, count: Int) { self.language = language; self.count = count }
}
