import UsergraphCore

/// Series the pages need beyond the JSON contract, computed in the same passes.
package struct StatsDetails: Sendable, Equatable {
    /// One entry per day of the 53 Monday-started weeks ending with the as-of day's week,
    /// from that week's Monday minus 52 weeks to the as-of day inclusive, oldest first.
    package var dailyWorkouts: [DayTotal]
    /// Workouts in the as-of day's week (Monday up to the as-of day).
    package var thisWeek: PeriodTotal
    /// The same workouts, newest first.
    package var thisWeekWorkouts: [Workout]
    /// Weight records on or before the as-of day, oldest first.
    package var weightSeries: [WeightPoint]
    /// The seven age buckets in order, split by sex.
    package var ageBySex: [AgeBucketBySex]
    /// The same for the distinct viewers of each period of `users.viewers`: `today`, `week`,
    /// `month`, `all`.
    package var viewerAgeBySex: [String: [AgeBucketBySex]] = [:]
    /// Keyed by user id; a user with no statistics events on or before the as-of day is
    /// absent (see `activity(for:)`).
    package var activityByUser: [Int: UserActivity]
    /// Statistics dates that are not real days: skipped by every count, reported by the CLI.
    package var skippedEventDates: Int
    /// The first such date as the API sent it, for the CLI's message.
    package var exampleBadEventDate: Int?
    /// Workouts whose `start` does not parse, so they belong to no day.
    package var skippedWorkouts: Int
    /// GitHub contributions per day over the same 53 weeks as `dailyWorkouts`; empty without a calendar.
    package var contributionDays: [DayCount] = []

    init(
        dailyWorkouts: [DayTotal] = [], thisWeek: PeriodTotal = PeriodTotal(), thisWeekWorkouts: [Workout] = [],
        weightSeries: [WeightPoint] = [], ageBySex: [AgeBucketBySex] = [],
        activityByUser: [Int: UserActivity] = [:], skippedEventDates: Int = 0,
        exampleBadEventDate: Int? = nil, skippedWorkouts: Int = 0
    ) {
        self.dailyWorkouts = dailyWorkouts; self.thisWeek = thisWeek; self.thisWeekWorkouts = thisWeekWorkouts
        self.weightSeries = weightSeries; self.ageBySex = ageBySex; self.activityByUser = activityByUser
        self.skippedEventDates = skippedEventDates; self.exampleBadEventDate = exampleBadEventDate
        self.skippedWorkouts = skippedWorkouts
    }

    /// A user's activity, all zeros when they have none.
    func activity(for userId: Int) -> UserActivity {
        activityByUser[userId] ?? UserActivity()
    }
}

package struct DayTotal: Sendable, Equatable {
    package var day: Day
    package var count: Int
    var seconds: Int
    /// Kilocalories burned in that day's workouts.
    package var calories: Int

    init(day: Day, count: Int = 0, seconds: Int = 0, calories: Int = 0) {
        self.day = day; self.count = count; self.seconds = seconds; self.calories = calories
    }
}

package struct PeriodTotal: Sendable, Equatable {
    package var count: Int
    package var seconds: Int
    package var calories: Int
    /// Metres.
    package var distance: Double

    init(count: Int = 0, seconds: Int = 0, calories: Int = 0, distance: Double = 0) {
        self.count = count; self.seconds = seconds; self.calories = calories; self.distance = distance
    }
}

package struct WeightPoint: Sendable, Equatable {
    package var day: Day
    package var kg: Double

    init(day: Day, kg: Double) { self.day = day; self.kg = kg }
}

package struct AgeBucketBySex: Codable, Sendable, Equatable {
    /// One of `AgeBucket.names`.
    package var bucket: String
    package var men: Int
    package var women: Int
    /// Any raw sex value other than `M` and `W`.
    var other: Int

    init(bucket: String, men: Int = 0, women: Int = 0, other: Int = 0) {
        self.bucket = bucket; self.men = men; self.women = women; self.other = other
    }

    package var total: Int { men + women + other }
}

package struct UserActivity: Sendable, Equatable {
    /// View events on or before the as-of day.
    package var views: Int
    package var subscriptions: Int
    package var unsubscriptions: Int
    /// The day of the latest view on or before the as-of day.
    package var lastVisit: Day?

    init(views: Int = 0, subscriptions: Int = 0, unsubscriptions: Int = 0, lastVisit: Day? = nil) {
        self.views = views; self.subscriptions = subscriptions; self.unsubscriptions = unsubscriptions
        self.lastVisit = lastVisit
    }
}
