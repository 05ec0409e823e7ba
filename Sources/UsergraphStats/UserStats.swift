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
        var dailyVisitors = [Int](repeating: 0, count: Self.dailyWindow)
        let monthStart = Day(number: asOf.number - (asOf.components.day - 1))
        // Weeks and months: the 12 ending with the as-of day's, each with its distinct viewers.
        let firstWeek = asOf.weekStart.adding(days: -7 * (Self.periodCount - 1))
        var weeklyViews = [Int](repeating: 0, count: Self.periodCount)
        var weeklyVisitors = [Int](repeating: 0, count: Self.periodCount)
        let asOfMonth = Month(asOf)
        let firstMonth = asOfMonth.adding(months: -(Self.periodCount - 1))
        var monthlyViews = [Int](repeating: 0, count: Self.periodCount)
        var monthlyVisitors = [Int](repeating: 0, count: Self.periodCount)
        // Month to date against the same days of the month before (clamped to its length).
        let previousMonth = asOfMonth.adding(months: -1)
        let previousStart = Day(year: previousMonth.year, month: previousMonth.month, day: 1) ?? monthStart
        let previousLength = monthStart.number - previousStart.number
        let previousEnd = Day(number: previousStart.number + min(asOf.components.day, previousLength) - 1)
        var monthToDate = 0, previousToDate = 0
        // Which days, weeks, months and periods each viewer was counted in, one bit each: a
        // viewer adds to a distinct count the first time their bit is set. Sixty sets of ids
        // were 50 MB at 100,000 users.
        var marks: [Int: ViewerMarks] = [:]
        var subscriptions = 0, unsubscriptions = 0
        var activity: [Int: UserActivity] = [:]
        var skipped = 0
        var example: Int?

        // Each entry is one viewer's dates of one kind: their activity and marks are looked up
        // once for it, not once for each date (at 10,000 users, 16,000 entries of 100,000 dates).
        enum Kind { case view, subscription, unsubscription, unknown }
        for entry in statistics {
            let kind: Kind
            switch entry.type {
            case "view": kind = .view
            case "subscription": kind = .subscription
            case "unsubscription": kind = .unsubscription
            // An event type this version does not know: not a view, not a subscription.
            default: kind = .unknown
            }
            var user = activity[entry.userId] ?? UserActivity()
            var mark = marks[entry.userId] ?? ViewerMarks()
            var counted = false
            for raw in entry.dates {
                guard let day = EventDate.parse(raw) else {
                    skipped += 1
                    if example == nil { example = raw }
                    continue
                }
                guard day <= asOf, kind != .unknown else { continue }
                counted = true
                let inMonth = day >= monthStart
                switch kind {
                case .view:
                    user.views += 1
                    // Dates arrive in no order (see the users-api README), so keep the maximum.
                    user.lastVisit = max(user.lastVisit ?? day, day)
                    let offset = day.number - firstDailyDay.number
                    if offset >= 0 {
                        dailyViews[offset] += 1
                        if mark.set(ViewerMarks.day(offset)) { dailyVisitors[offset] += 1 }
                        mark.set(ViewerMarks.month)
                        if offset >= Self.dailyWindow - 7 { mark.set(ViewerMarks.week) }
                        if day == asOf { mark.set(ViewerMarks.today) }
                    }
                    mark.set(ViewerMarks.all)
                    if day >= firstWeek {
                        let week = (day.weekStart.number - firstWeek.number) / 7
                        weeklyViews[week] += 1
                        if mark.set(ViewerMarks.weekNumber(week)) { weeklyVisitors[week] += 1 }
                    }
                    let month = Month(day).index - firstMonth.index
                    if month >= 0 {
                        monthlyViews[month] += 1
                        if mark.set(ViewerMarks.monthNumber(month)) { monthlyVisitors[month] += 1 }
                    }
                    if inMonth, mark.set(ViewerMarks.monthToDate) { monthToDate += 1 }
                    if day >= previousStart, day <= previousEnd, mark.set(ViewerMarks.previousToDate) { previousToDate += 1 }
                case .subscription:
                    user.subscriptions += 1
                    if inMonth { subscriptions += 1 }
                case .unsubscription:
                    user.unsubscriptions += 1
                    if inMonth { unsubscriptions += 1 }
                case .unknown:
                    break
                }
            }
            guard counted else { continue }
            activity[entry.userId] = user
            if kind == .view { marks[entry.userId] = mark }
        }

        let daily = (0..<Self.dailyWindow).map {
            DailyViews(date: firstDailyDay.adding(days: $0).iso, views: dailyViews[$0], unique: dailyVisitors[$0])
        }
        // The most views first, the lower id first among equals: kept in one pass, since sorting
        // 10,000 viewers to keep three was a tenth of the counting.
        var topVisitors: [TopVisitor] = []
        for (id, user) in activity where user.views > 0 {
            let visitor = TopVisitor(userId: id, views: user.views)
            let position = topVisitors.firstIndex { visitor.views != $0.views ? visitor.views > $0.views : visitor.userId < $0.userId }
            guard let position else {
                if topVisitors.count < Self.topVisitorCount { topVisitors.append(visitor) }
                continue
            }
            topVisitors.insert(visitor, at: position)
            if topVisitors.count > Self.topVisitorCount { topVisitors.removeLast() }
        }

        let weekly = (0..<Self.periodCount).map {
            WeeklyViews(weekStart: firstWeek.adding(days: 7 * $0).iso, views: weeklyViews[$0], unique: weeklyVisitors[$0])
        }
        let monthly = (0..<Self.periodCount).map {
            MonthlyViews(month: firstMonth.adding(months: $0).iso, views: monthlyViews[$0], unique: monthlyVisitors[$0])
        }
        // Each viewer's first user record (as a directory by id would keep) counts in the
        // periods they viewed in.
        let periodMarks: [UInt64] = [ViewerMarks.today, ViewerMarks.week, ViewerMarks.month, ViewerMarks.all]
        var tallies = Viewers.periods.map { _ in ViewerGroup.Tally() }
        for user in users {
            guard var mark = marks[user.id], mark.set(ViewerMarks.counted) else { continue }
            marks[user.id] = mark
            for (index, bit) in periodMarks.enumerated() where mark.has(bit) { tallies[index].add(user) }
        }
        var viewers = Viewers()
        for (period, tally) in zip(Viewers.periods, tallies) {
            viewers[period: period] = ViewerGroup(sex: SexCounts(tally.sex), bySex: tally.bySex)
            viewerAgeBySex[period] = tally.bySex
        }
        summary = UserSummary(
            count: users.count, online: online, sex: SexCounts(sex),
            ageBuckets: ageBySex.map { AgeBucket(bucket: $0.bucket, count: $0.total) },
            views: ViewSummary(daily: daily, weekly: weekly, monthly: monthly), topVisitors: topVisitors,
            subscriptions: subscriptions, unsubscriptions: unsubscriptions,
            visitors: VisitorTrend(
                monthToDate: monthToDate, previousMonthToDate: previousToDate,
                change: monthToDate - previousToDate),
            viewers: viewers)
        self.ageBySex = ageBySex
        self.activityByUser = activity
        self.skippedEventDates = skipped
        self.exampleBadEventDate = example
    }
}

/// The periods one viewer was counted in, one bit each: the days of the daily window, the
/// weeks, the months, then today, the last 7 and 30 days, all time, this month to date, the
/// same days of the month before, and whether their user record was counted.
struct ViewerMarks {
    private var bits: UInt64 = 0

    private static let firstWeek = UserStats.dailyWindow
    private static let firstMonth = firstWeek + UserStats.periodCount
    private static let firstFlag = firstMonth + UserStats.periodCount

    static func day(_ offset: Int) -> UInt64 { 1 << UInt64(offset) }
    static func weekNumber(_ index: Int) -> UInt64 { 1 << UInt64(firstWeek + index) }
    static func monthNumber(_ index: Int) -> UInt64 { 1 << UInt64(firstMonth + index) }
    static let today: UInt64 = 1 << UInt64(firstFlag)
    static let week: UInt64 = 1 << UInt64(firstFlag + 1)
    static let month: UInt64 = 1 << UInt64(firstFlag + 2)
    static let all: UInt64 = 1 << UInt64(firstFlag + 3)
    static let monthToDate: UInt64 = 1 << UInt64(firstFlag + 4)
    static let previousToDate: UInt64 = 1 << UInt64(firstFlag + 5)
    /// The last bit: the windows may grow by three bits before they no longer fit.
    static let counted: UInt64 = 1 << UInt64(firstFlag + 6)

    /// Sets `bit`; true when it was not set before.
    @discardableResult
    mutating func set(_ bit: UInt64) -> Bool {
        defer { bits |= bit }
        return bits & bit == 0
    }

    func has(_ bit: UInt64) -> Bool { bits & bit != 0 }
}
