import UsergraphCore

/// The users directory by sex and age, and the visit statistics as of one day.
struct UserStats {
    var summary: UserSummary
    var ageBySex: [AgeBucketBySex]
    var activityByUser: [Int: UserActivity]
    var skippedEventDates: Int
    var exampleBadEventDate: Int?

    static let dailyWindow = 30
    static let topVisitorCount = 3

    init(users: [DirectoryUser], statistics: [StatisticsEntry], asOf: Day) {
        var sex: [String: Int] = [:]
        var online = 0
        var ageBySex = AgeBucket.names.map { AgeBucketBySex(bucket: $0) }
        for user in users {
            sex[user.sex, default: 0] += 1
            if user.isOnline { online += 1 }
            guard let bucket = AgeBucket.index(forAge: user.age) else { continue }
            switch user.sex {
            case "M": ageBySex[bucket].men += 1
            case "W": ageBySex[bucket].women += 1
            default: ageBySex[bucket].other += 1
            }
        }

        // One pass over every event: each date is parsed once and feeds every count.
        let firstDailyDay = asOf.adding(days: -(Self.dailyWindow - 1))
        var dailyViews = [Int](repeating: 0, count: Self.dailyWindow)
        var dailyVisitors = [Set<Int>](repeating: [], count: Self.dailyWindow)
        let monthStart = Day(number: asOf.number - (asOf.components.day - 1))
        var subscriptions = 0, unsubscriptions = 0
        var activity: [Int: UserActivity] = [:]
        var skipped = 0
        var example: Int?

        for entry in statistics {
            for raw in entry.dates {
                guard let day = EventDate.parse(raw) else {
                    skipped += 1
                    if example == nil { example = raw }
                    continue
                }
                guard day <= asOf else { continue }
                let inMonth = day >= monthStart
                switch entry.type {
                case "view":
                    var user = activity[entry.userId, default: UserActivity()]
                    user.views += 1
                    // Dates arrive in no order (see the users-api README), so keep the maximum.
                    user.lastVisit = max(user.lastVisit ?? day, day)
                    activity[entry.userId] = user
                    let offset = day.number - firstDailyDay.number
                    if offset >= 0 {
                        dailyViews[offset] += 1
                        dailyVisitors[offset].insert(entry.userId)
                    }
                case "subscription":
                    activity[entry.userId, default: UserActivity()].subscriptions += 1
                    if inMonth { subscriptions += 1 }
                case "unsubscription":
                    activity[entry.userId, default: UserActivity()].unsubscriptions += 1
                    if inMonth { unsubscriptions += 1 }
                default:
                    // An event type this version does not know: not a view, not a subscription.
                    break
                }
            }
        }

        let daily = (0..<Self.dailyWindow).map {
            DailyViews(date: firstDailyDay.adding(days: $0).iso, views: dailyViews[$0], unique: dailyVisitors[$0].count)
        }
        let topVisitors = activity
            .filter { $0.value.views > 0 }
            .sorted { $0.value.views != $1.value.views ? $0.value.views > $1.value.views : $0.key < $1.key }
            .prefix(Self.topVisitorCount)
            .map { TopVisitor(userId: $0.key, views: $0.value.views) }

        summary = UserSummary(
            count: users.count, online: online, sex: SexCounts(sex),
            ageBuckets: ageBySex.map { AgeBucket(bucket: $0.bucket, count: $0.total) },
            views: ViewSummary(daily: daily), topVisitors: topVisitors,
            subscriptions: subscriptions, unsubscriptions: unsubscriptions)
        self.ageBySex = ageBySex
        self.activityByUser = activity
        self.skippedEventDates = skipped
        self.exampleBadEventDate = example
    }
}
