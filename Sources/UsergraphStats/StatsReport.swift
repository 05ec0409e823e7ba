import UsergraphCore
/// The contract of `usergraph stats --json` (DESIGN.md, "Statistics"). Property names are
/// the JSON keys and their declaration order is the key order, so reordering a property
/// changes the output. A value it does not have is written `null` (`OrderedJSON` does that for
/// every optional), never left out.
public struct StatsReport: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var asOf: String
    public var workouts: WorkoutSummary
    public var weight: WeightSummary
    public var steps: StepsSummary
    public var nutrition: NutritionSummary
    public var users: UserSummary
    public var repositories: RepositorySummary
    /// The GitHub contribution calendar; null when the store has none (it needs a token).
    public var contributions: ContributionSummary?

    init(
        asOf: String, workouts: WorkoutSummary, weight: WeightSummary, steps: StepsSummary, nutrition: NutritionSummary,
        users: UserSummary, repositories: RepositorySummary, contributions: ContributionSummary? = nil
    ) {
        self.asOf = asOf; self.workouts = workouts; self.weight = weight; self.steps = steps; self.nutrition = nutrition
        self.users = users; self.repositories = repositories; self.contributions = contributions
    }

    /// Pretty-printed JSON of the contract, keys in the contract's order (not sorted),
    /// `null` for missing weight values, ending with a newline.
    public func jsonString() throws -> String {
        try OrderedJSON.encode(self)
    }
}

// MARK: - Workouts

public struct WorkoutSummary: Codable, Sendable, Equatable {
    public var count: Int
    public var totalSeconds: Int
    public var totalCalories: Int
    /// Metres, summed and rounded to whole metres; a workout without a distance adds 0.
    public var totalDistance: Int
    /// By count descending, then type ascending.
    public var byType: [TypeCount]
    /// The 12 weeks ending with the as-of day's week, oldest first.
    public var weekly: [WeekCount]
    /// The 12 calendar months ending with the as-of day's month, oldest first.
    public var monthly: [MonthCount]
    public var currentStreak: Int
    public var longestStreak: Int
    public var points: Int
    public var level: Int
    /// Achievement ids in the contract's order, e.g. `workout_1`, `streak_3`.
    public var achievements: [String]
    /// Running and walking over the 90 days ending on the as-of day, by type; a type with
    /// under 1 km there is left out.
    public var paces: [Pace]
    /// Cycling the same way, as an average speed.
    public var speeds: [Speed]

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

public struct TypeCount: Codable, Sendable, Equatable {
    public var type: String
    public var count: Int
    public var seconds: Int
    /// Metres, rounded.
    public var distance: Int

    init(type: String, count: Int, seconds: Int, distance: Int = 0) {
        self.type = type; self.count = count; self.seconds = seconds; self.distance = distance
    }
}

public struct WeekCount: Codable, Sendable, Equatable {
    /// The Monday, `YYYY-MM-DD`.
    public var weekStart: String
    public var count: Int
    public var seconds: Int
    /// Metres, rounded.
    public var distance: Int

    init(weekStart: String, count: Int, seconds: Int, distance: Int = 0) {
        self.weekStart = weekStart; self.count = count; self.seconds = seconds; self.distance = distance
    }
}

/// Total seconds over total kilometres, rounded to a whole second.
public struct Pace: Codable, Sendable, Equatable {
    public var type: String
    public var secondsPerKm: Int
}

/// Total kilometres over total hours, rounded to 0.1.
public struct Speed: Codable, Sendable, Equatable {
    public var type: String
    public var kmPerHour: Double
}

public struct MonthCount: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    public var month: String
    public var count: Int
    public var seconds: Int

    init(month: String, count: Int, seconds: Int) { self.month = month; self.count = count; self.seconds = seconds }
}

// MARK: - Weight

public struct WeightSummary: Codable, Sendable, Equatable {
    public var latest: Double?
    public var change30: Double?
    public var change90: Double?
    /// The body mass index of `latest` at the owner's height, to 0.1; nil without either.
    public var bmi: Double?
    /// The owner's target weight, where set.
    public var target: Double?
    /// `latest` minus `target`, to 0.1 kg (positive: still to lose); nil without either.
    public var toTarget: Double?

    init(latest: Double?, change30: Double?, change90: Double?, bmi: Double? = nil, target: Double? = nil, toTarget: Double? = nil) {
        self.latest = latest; self.change30 = change30; self.change90 = change90
        self.bmi = bmi; self.target = target; self.toTarget = toTarget
    }
}

// MARK: - Steps

public struct StepsSummary: Codable, Sendable, Equatable {
    /// The record of the as-of day.
    public var today: Int?
    /// The mean of the days with a record among the 30 ending on the as-of day, rounded.
    public var average30: Int?
    /// `goals.steps` from the config.
    public var goal: Int
    /// Days among those 30 with `steps >= goal`.
    public var daysAtGoal30: Int
    /// The 30 days ending on the as-of day, oldest first, 0 where there is no record.
    public var daily: [DailySteps]

    init(today: Int?, average30: Int?, goal: Int, daysAtGoal30: Int, daily: [DailySteps]) {
        self.today = today; self.average30 = average30; self.goal = goal; self.daysAtGoal30 = daysAtGoal30; self.daily = daily
    }
}

public struct DailySteps: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    public var steps: Int
}

// MARK: - Nutrition

public struct NutritionSummary: Codable, Sendable, Equatable {
    /// The as-of day's meals; zeros when there is none.
    public var today: DayIntake
    /// Kilocalories of the 7 days ending on the as-of day over the days among them with a meal.
    public var average7: Int?
    /// Workout kilocalories of the same 7 days.
    public var burned7: Int
    /// The body's own use (basal energy) over those 7 days; nil when unknown (DESIGN.md, "Energy balance").
    public var basal7: Int?
    /// Kilocalories eaten in those 7 days minus `burned7` minus `basal7`; nil when `basal7` is.
    public var balance7: Int?
    /// Grams of each macro over those 7 days, to 0.1.
    public var macros7: Macros
    /// The 14 days ending on the as-of day, oldest first.
    public var daily: [DailyIntake]

    init(today: DayIntake, average7: Int?, burned7: Int, basal7: Int?, balance7: Int?, macros7: Macros, daily: [DailyIntake]) {
        self.today = today; self.average7 = average7; self.burned7 = burned7; self.basal7 = basal7; self.balance7 = balance7
        self.macros7 = macros7; self.daily = daily
    }
}

public struct DayIntake: Codable, Sendable, Equatable {
    /// Rounded to whole kilocalories.
    public var kcal: Int
    /// Grams, to 0.1.
    public var protein: Double
    public var fat: Double
    public var carbs: Double
}

public struct Macros: Codable, Sendable, Equatable {
    public var protein: Double
    public var fat: Double
    public var carbs: Double

    public var total: Double { protein + fat + carbs }
}

public struct DailyIntake: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    public var kcal: Int
    /// Kilocalories burned in that day's workouts.
    public var burned: Int
    /// The day's basal energy; nil when unknown.
    public var basal: Int?
}

// MARK: - Users

public struct UserSummary: Codable, Sendable, Equatable {
    public var count: Int
    public var online: Int
    public var sex: SexCounts
    /// All seven buckets, in `AgeBucket.names` order.
    var ageBuckets: [AgeBucket]
    public var views: ViewSummary
    /// At most 3, by views descending then id ascending; never a user with 0 views.
    public var topVisitors: [TopVisitor]
    /// Events of that type in the as-of day's calendar month, up to the as-of day.
    public var subscriptions: Int
    public var unsubscriptions: Int
    /// Distinct viewers this month to date against the same days of the month before.
    public var visitors: VisitorTrend
    /// Sex and age of the distinct viewers of today, the week, the month and all time.
    public var viewers: Viewers

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
public struct VisitorTrend: Codable, Sendable, Equatable {
    /// Distinct users with a view event from the 1st of the as-of month to the as-of day.
    public var monthToDate = 0
    /// The same, from the 1st of the previous month to the same day of the month (clamped to
    /// that month's last day).
    public var previousMonthToDate = 0
    /// `monthToDate - previousMonthToDate`.
    public var change = 0
}

/// `users.viewers` of the contract: who viewed, by period.
public struct Viewers: Codable, Sendable, Equatable {
    public var today = ViewerGroup()
    public var week = ViewerGroup()
    public var month = ViewerGroup()
    public var all = ViewerGroup()

    /// The periods by their JSON keys, in the contract's order.
    public static let periods = ["today", "week", "month", "all"]

    /// The group of a period named by its key (anything else is `all`).
    public subscript(period period: String) -> ViewerGroup {
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
public struct ViewerGroup: Codable, Sendable, Equatable {
    public var sex = SexCounts()
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
public struct SexCounts: Codable, Sendable, Equatable {
    var counts: [String: Int]

    init(_ counts: [String: Int] = [:]) {
        // M and W are always reported, so they are always stored.
        self.counts = counts.merging(["M": 0, "W": 0]) { given, _ in given }
    }

    public var men: Int { counts["M"] ?? 0 }
    public var women: Int { counts["W"] ?? 0 }
    /// Everyone whose raw value is neither `M` nor `W`.
    public var other: Int { counts.reduce(0) { $0 + ($1.key == "M" || $1.key == "W" ? 0 : $1.value) } }

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

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var counts: [String: Int] = [:]
        for key in container.allKeys {
            counts[key.stringValue] = try container.decode(Int.self, forKey: key)
        }
        self.init(counts)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for key in orderedKeys {
            try container.encode(self[key], forKey: Key(stringValue: key))
        }
    }
}

public struct AgeBucket: Codable, Sendable, Equatable {
    /// One of `AgeBucket.names`.
    var bucket: String
    var count: Int

    init(bucket: String, count: Int) { self.bucket = bucket; self.count = count }

    /// The contract's buckets, in order.
    public static let names = ["18-21", "22-25", "26-30", "31-35", "36-40", "41-50", "51+"]

    /// The index into `names` for an age, or nil under 18.
    public static func index(forAge age: Int) -> Int? {
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

public struct ViewSummary: Codable, Sendable, Equatable {
    /// The 30 days ending on the as-of day, oldest first.
    public var daily: [DailyViews]
    /// The 12 weeks ending with the as-of day's week, oldest first.
    public var weekly: [WeeklyViews]
    /// The 12 calendar months ending with the as-of day's month, oldest first.
    public var monthly: [MonthlyViews]

    init(daily: [DailyViews], weekly: [WeeklyViews] = [], monthly: [MonthlyViews] = []) {
        self.daily = daily; self.weekly = weekly; self.monthly = monthly
    }
}

public struct WeeklyViews: Codable, Sendable, Equatable {
    /// The Monday, `YYYY-MM-DD`.
    public var weekStart: String
    public var views: Int
    /// Distinct viewers in the week.
    public var unique: Int
}

public struct MonthlyViews: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    public var month: String
    public var views: Int
    /// Distinct viewers in the month.
    public var unique: Int
}

public struct DailyViews: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    /// View events that day.
    public var views: Int
    /// Distinct users among those events.
    public var unique: Int

    init(date: String, views: Int, unique: Int) { self.date = date; self.views = views; self.unique = unique }
}

public struct TopVisitor: Codable, Sendable, Equatable {
    public var userId: Int
    public var views: Int

    init(userId: Int, views: Int) { self.userId = userId; self.views = views }
}

// MARK: - Repositories

public struct RepositorySummary: Codable, Sendable, Equatable {
    /// Every own repository, forks included.
    public var count: Int
    /// Sums over every own repository: how often they were starred and forked.
    public var stars: Int
    public var forks: Int
    /// Own repositories that are not forks, and forks of others' repositories.
    public var sources: Int
    public var forkRepositories: Int
    /// The primary languages of the sources (forks are other people's code), by count
    /// descending then name ascending.
    public var languages: [LanguageCount]
    /// Bytes of code per language over the sources, by bytes descending then name; null
    /// without the GraphQL answer (it needs a token).
    public var languageBytes: [LanguageBytes]?

    init(
        count: Int, stars: Int, forks: Int, sources: Int, forkRepositories: Int, languages: [LanguageCount],
        languageBytes: [LanguageBytes]? = nil
    ) {
        self.count = count; self.stars = stars; self.forks = forks; self.sources = sources
        self.forkRepositories = forkRepositories; self.languages = languages; self.languageBytes = languageBytes
    }
}

public struct LanguageBytes: Codable, Sendable, Equatable {
    public var language: String
    public var bytes: Int
    /// GitHub's colour for the language, `#rrggbb`, when it has a valid one.
    public var color: String?

    init(language: String, bytes: Int, color: String?) { self.language = language; self.bytes = bytes; self.color = color }
}

// MARK: - Contributions

public struct ContributionSummary: Codable, Sendable, Equatable {
    /// Contributions in the 365 days ending D.
    public var lastYear: Int
    /// Days in a row with a contribution, ending on D (or D−1 while D has none yet), and the
    /// longest such run on or before D.
    public var currentStreak: Int
    public var longestStreak: Int
    /// The day of the 365 with the most contributions (the earlier on a tie); null when none.
    public var busiestDay: DayCount?

    init(lastYear: Int, currentStreak: Int, longestStreak: Int, busiestDay: DayCount?) {
        self.lastYear = lastYear; self.currentStreak = currentStreak; self.longestStreak = longestStreak; self.busiestDay = busiestDay
    }
}

public struct DayCount: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    public var count: Int

    init(date: String, count: Int) { self.date = date; self.count = count }
}

public struct LanguageCount: Codable, Sendable, Equatable {
    public var language: String
    public var count: Int

    init(language: String, count: Int) { self.language = language; self.count = count }
}
