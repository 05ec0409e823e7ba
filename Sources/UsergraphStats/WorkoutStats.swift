import Foundation
import UsergraphCore

/// Workout counts, windows, streaks and achievements as of one day.
struct WorkoutStats {
    var summary: WorkoutSummary
    var daily: [DayTotal]
    var thisWeek: PeriodTotal
    var thisWeekWorkouts: [Workout]
    var skipped: Int

    /// Weeks and months in the `weekly` / `monthly` series.
    static let windowLength = 12
    /// Weeks in the calendar heatmap.
    static let heatmapWeeks = 53
    /// Days over which paces and speeds are averaged, ending on the as-of day.
    static let paceDays = 90

    /// Points and levels from the contract.
    static let pointsPerWorkout = 50
    static let pointsPerLevel = 1000

    init(workouts: [Workout], asOf: Day, timeZone: TimeZone) {
        let (dated, skipped) = Self.dated(workouts, asOf: asOf, timeZone: timeZone)
        self.skipped = skipped

        var totalSeconds = 0, totalCalories = 0
        var byType: [String: TypeCount] = [:]
        var totalDistance = 0.0
        var typeDistance: [String: Double] = [:]
        var typeClimb: [String: Double] = [:]
        var weekDistance = [Double](repeating: 0, count: Self.windowLength)
        // Per type over the pace window: (seconds, metres) of the workouts with a distance.
        var paceTotals: [String: (seconds: Int, metres: Double)] = [:]
        let firstPaceDay = asOf.adding(days: -(Self.paceDays - 1))
        let firstWeek = asOf.weekStart.adding(days: -7 * (Self.windowLength - 1))
        var weekly = (0..<Self.windowLength).map {
            WeekCount(weekStart: firstWeek.adding(days: 7 * $0).iso, count: 0, seconds: 0)
        }
        let firstMonth = Month(asOf).adding(months: -(Self.windowLength - 1))
        var monthly = (0..<Self.windowLength).map {
            MonthCount(month: firstMonth.adding(months: $0).iso, count: 0, seconds: 0)
        }
        let firstHeatmapDay = asOf.weekStart.adding(days: -7 * (Self.heatmapWeeks - 1))
        var daily = (firstHeatmapDay.number...asOf.number).map { DayTotal(day: Day(number: $0)) }
        var thisWeek = PeriodTotal()
        var thisWeekWorkouts: [(workout: Workout, instant: Date)] = []
        var workoutDays = Set<Int>()

        for (workout, instant, day) in dated {
            totalSeconds += workout.duration
            totalCalories += workout.calories ?? 0
            byType[workout.type, default: TypeCount(type: workout.type, count: 0, seconds: 0)].count += 1
            byType[workout.type]?.seconds += workout.duration
            workoutDays.insert(day.number)
            let metres = workout.distance ?? 0
            totalDistance += metres
            typeDistance[workout.type, default: 0] += metres
            typeClimb[workout.type, default: 0] += workout.elevationGain ?? 0
            if let distance = workout.distance, distance > 0, day >= firstPaceDay, PaceKind(type: workout.type) != nil {
                paceTotals[workout.type, default: (0, 0)].seconds += workout.pacedSeconds
                paceTotals[workout.type, default: (0, 0)].metres += distance
            }

            let week = (day.weekStart.number - firstWeek.number) / 7
            if day >= firstWeek, week < Self.windowLength {
                weekly[week].count += 1
                weekly[week].seconds += workout.duration
                weekDistance[week] += metres
            }
            let month = Month(day).index - firstMonth.index
            if (0..<Self.windowLength).contains(month) {
                monthly[month].count += 1
                monthly[month].seconds += workout.duration
            }
            let offset = day.number - firstHeatmapDay.number
            if offset >= 0 {
                daily[offset].count += 1
                daily[offset].seconds += workout.duration
                daily[offset].calories += workout.calories ?? 0
            }
            if day >= asOf.weekStart {
                thisWeek.count += 1
                thisWeek.seconds += workout.duration
                thisWeek.calories += workout.calories ?? 0
                thisWeek.distance += metres
                thisWeekWorkouts.append((workout, instant))
            }
        }

        let streaks = Self.streaks(days: workoutDays, asOf: asOf)
        let count = dated.count
        let unlocked = Achievement.all.filter { $0.isUnlocked(workouts: count, longestStreak: streaks.longest) }
        let points = count * Self.pointsPerWorkout + unlocked.reduce(0) { $0 + $1.points }

        for type in byType.keys {
            byType[type]?.distance = Int((typeDistance[type] ?? 0).rounded())
            byType[type]?.elevationGain = Int((typeClimb[type] ?? 0).rounded())
        }
        for week in weekly.indices { weekly[week].distance = Int(weekDistance[week].rounded()) }
        let moving = paceTotals.filter { $0.value.metres >= 1000 && $0.value.seconds > 0 }
        summary = WorkoutSummary(
            count: count, totalSeconds: totalSeconds, totalCalories: totalCalories, totalDistance: Int(totalDistance.rounded()),
            byType: byType.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type },
            weekly: weekly, monthly: monthly,
            currentStreak: streaks.current, longestStreak: streaks.longest,
            points: points, level: points / Self.pointsPerLevel + 1,
            achievements: unlocked.map(\.id),
            paces: moving.filter { PaceKind(type: $0.key) == .pace }.sorted { $0.key < $1.key }.map {
                Pace(type: $0.key, secondsPerKm: Int((Double($0.value.seconds) / ($0.value.metres / 1000)).rounded()))
            },
            speeds: moving.filter { PaceKind(type: $0.key) == .speed }.sorted { $0.key < $1.key }.map {
                Speed(type: $0.key, kmPerHour: (($0.value.metres / 1000) / (Double($0.value.seconds) / 3600) * 10).rounded() / 10)
            })
        self.daily = daily
        self.thisWeek = thisWeek
        // Instants, not the start strings: two offsets make string order meaningless.
        self.thisWeekWorkouts = thisWeekWorkouts.sorted { $0.instant > $1.instant }.map(\.workout)
    }

    /// The workouts that count as of `asOf`, each with its start parsed once and the day it
    /// belongs to (DESIGN.md: the day of its `start` in the time zone; events after the as-of
    /// day are ignored), in the order given; `skipped`: those whose start does not parse.
    /// One rule for these statistics and the history's years.
    static func dated(
        _ workouts: [Workout], asOf: Day, timeZone: TimeZone
    ) -> (workouts: [(workout: Workout, instant: Date, day: Day)], skipped: Int) {
        var dated: [(workout: Workout, instant: Date, day: Day)] = []
        dated.reserveCapacity(workouts.count)
        var skipped = 0
        for workout in workouts {
            guard let instant = workout.startDate else { skipped += 1; continue }
            let day = Day(instant, in: timeZone)
            if day <= asOf { dated.append((workout, instant, day)) }
        }
        return (dated, skipped)
    }

    /// `days` holds day numbers on or before `asOf`.
    static func streaks(days: Set<Int>, asOf: Day) -> (current: Int, longest: Int) {
        var longest = 0
        var run = 0
        var previous: Int?
        for day in days.sorted() {
            if let previous, day == previous + 1 { run += 1 } else { run = 1 }
            longest = max(longest, run)
            previous = day
        }
        // A streak still counts on a day with no workout yet, as long as yesterday had one.
        var end = asOf.number
        if !days.contains(end) { end -= 1 }
        var current = 0
        while days.contains(end - current) { current += 1 }
        return (current, longest)
    }
}
