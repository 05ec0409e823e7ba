import UsergraphCore

/// The users directory by sex and age, and the visit statistics as of one day.
struct UserStats {
    var summary: UserSummary
    var ageBySex: [AgeBucketBySex]
    var activityByUser: [Int: UserActivity]
    /// Men and women per age bucket among the viewers of each period: today, week, month, all.
    var viewerAgeBySex: [String: [AgeBucketBySex]] = [:]
    var skippedEventDates: Int
    var exampleBadEventDate: Int?

    static let dailyWindow = 30
    static let periodCount = 12
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
        // Weeks and months: the 12 ending with the as-of day's, each with its distinct viewers.
        let firstWeek = asOf.weekStart.adding(days: -7 * (Self.periodCount - 1))
        var weeklyViews = [Int](repeating: 0, count: Self.periodCount)
        var weeklyVisitors = [Set<Int>](repeating: [], count: Self.periodCount)
        let asOfMonth = Month(asOf)
        let firstMonth = asOfMonth.adding(months: -(Self.periodCount - 1))
        var monthlyViews = [Int](repeating: 0, count: Self.periodCount)
        var monthlyVisitors = [Set<Int>](repeating: [], count: Self.periodCount)
        // Month to date against the same days of the month before (clamped to its length).
        let previousMonth = asOfMonth.adding(months: -1)
        let previousStart = Day(year: previousMonth.year, month: previousMonth.month, day: 1) ?? monthStart
        let previousLength = monthStart.number - previousStart.number
        let previousEnd = Day(number: previousStart.number + min(asOf.components.day, previousLength) - 1)
        var monthToDate = Set<Int>(), previousToDate = Set<Int>()
        var viewersToday = Set<Int>(), viewersWeek = Set<Int>(), viewersMonth = Set<Int>(), viewersAll = Set<Int>()
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
                        viewersMonth.insert(entry.userId)
                        if offset >= Self.dailyWindow - 7 { viewersWeek.insert(entry.userId) }
                        if day == asOf { viewersToday.insert(entry.userId) }
                    }
                    viewersAll.insert(entry.userId)
                    if day >= firstWeek {
                        let week = (day.weekStart.number - firstWeek.number) / 7
                        weeklyViews[week] += 1
                        weeklyVisitors[week].insert(entry.userId)
                    }
                    let month = Month(day).index - firstMonth.index
                    if month >= 0 {
                        monthlyViews[month] += 1
                        monthlyVisitors[month].insert(entry.userId)
                    }
                    if inMonth { monthToDate.insert(entry.userId) }
                    if day >= previousStart, day <= previousEnd { previousToDate.insert(entry.userId) }
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

        let weekly = (0..<Self.periodCount).map {
            WeeklyViews(weekStart: firstWeek.adding(days: 7 * $0).iso, views: weeklyViews[$0], unique: weeklyVisitors[$0].count)
        }
        let monthly = (0..<Self.periodCount).map {
            MonthlyViews(month: firstMonth.adding(months: $0).iso, views: monthlyViews[$0], unique: monthlyVisitors[$0].count)
        }
        let directory = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var viewers = Viewers()
        let ids = ["today": viewersToday, "week": viewersWeek, "month": viewersMonth, "all": viewersAll]
        for period in Viewers.periods {
            let counted = ViewerGroup.count(ids[period] ?? [], directory: directory)
            viewers[period: period] = ViewerGroup(sex: counted.sex, bySex: counted.bySex)
            viewerAgeBySex[period] = counted.bySex
        }
        summary = UserSummary(
            count: users.count, online: online, sex: SexCounts(sex),
            ageBuckets: ageBySex.map { AgeBucket(bucket: $0.bucket, count: $0.total) },
            views: ViewSummary(daily: daily, weekly: weekly, monthly: monthly), topVisitors: topVisitors,
            subscriptions: subscriptions, unsubscriptions: unsubscriptions,
            visitors: VisitorTrend(monthToDate: monthToDate.count, previousMonthToDate: previousToDate.count,
                                   change: monthToDate.count - previousToDate.count),
            viewers: viewers)
        self.ageBySex = ageBySex
        self.activityByUser = activity
        self.skippedEventDates = skipped
        self.exampleBadEventDate = example
    }
}
