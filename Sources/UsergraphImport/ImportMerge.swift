import Foundation
import UsergraphCore

/// How imported records join what the store holds, decided before anything is written.
///
/// - A record whose source (kind and id) the store already has, as a record's `source` or in
///   its `alsoFrom`, is skipped: importing the same files again adds nothing.
/// - Two workouts are the same activity when their usergraph types are equal, their starts are
///   at most 60 seconds apart and their durations differ by at most 10 % (a watch workout that
///   is also on Strava). The richer one (more of distance and energy) gives the numbers; the
///   stored record keeps its id, notes and any fields usergraph does not know, and the other's
///   source goes into `alsoFrom`, so a re-import of it is skipped too.
/// - Weights: one a day, the last measurement of the day; a day the store has is left alone.
/// - Steps: per day, each device's records are summed and the largest device total is the
///   day's (a phone and a watch count the same walk); a day the store has from the same
///   export is replaced only by a larger total (a later export of the same phone).
public struct ImportMerge {
    let zone: TimeZone

    /// Records added, and records skipped because the store already had them.
    public struct Counts: Equatable, Sendable {
        public var added = 0
        public var skipped = 0
    }

    // MARK: Workouts

    func workouts(_ stored: [Workout], adding incoming: [ImportedActivity]) -> (workouts: [Workout], counts: Counts) {
        var result = stored
        var counts = Counts()
        var known = Set(stored.flatMap { [$0.source].compactMap { $0 } + ($0.alsoFrom ?? []) })
        var byMinute = MinuteIndex(result)
        for activity in incoming.sorted(by: { ($0.start, $0.sourceID) < ($1.start, $1.sourceID) }) {
            let source = RecordSource(kind: activity.source.rawValue, id: activity.sourceID)
            if known.contains(source) {
                counts.skipped += 1
                continue
            }
            known.insert(source)
            let candidate = workout(activity)
            if let index = byMinute.match(candidate, in: result) {
                result[index] = Self.merge(result[index], with: candidate)
                counts.skipped += 1
            } else {
                byMinute.add(candidate, at: result.count)
                result.append(candidate)
                counts.added += 1
            }
        }
        return (result, counts)
    }

    /// The store's record of an imported activity: its id derived from its source, so the
    /// same import gives the same bytes, its start in the offset the file gave (else the site's zone).
    func workout(_ activity: ImportedActivity) -> Workout {
        let zone = activity.utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? self.zone
        return Workout(id: Self.uuid(activity.source.rawValue + ":" + activity.sourceID),
                       type: ActivityTypes.map(activity.sourceType, from: activity.source),
                       start: Timestamp.format(activity.start, in: zone),
                       duration: Int(activity.duration.rounded()),
                       calories: activity.energy.map { Int($0.rounded()) },
                       distance: activity.distance.map { ($0 * 10).rounded() / 10 },
                       source: RecordSource(kind: activity.source.rawValue, id: activity.sourceID))
    }

    static func isSameActivity(_ a: Workout, _ b: Workout) -> Bool {
        guard a.type == b.type, let s1 = a.startDate, let s2 = b.startDate, abs(s1.timeIntervalSince(s2)) <= 60 else { return false }
        let longer = max(a.duration, b.duration)
        return longer == 0 || Double(abs(a.duration - b.duration)) <= 0.1 * Double(longer)
    }

    /// `stored` with what `other` knows: the richer one's numbers, nothing of `stored` lost.
    static func merge(_ stored: Workout, with other: Workout) -> Workout {
        var kept = stored
        let richness = { (w: Workout) in (w.distance == nil ? 0 : 1) + (w.calories == nil ? 0 : 1) }
        if richness(other) > richness(stored) {
            kept.duration = other.duration
            kept.distance = other.distance ?? stored.distance
            kept.calories = other.calories ?? stored.calories
        } else {
            kept.distance = stored.distance ?? other.distance
            kept.calories = stored.calories ?? other.calories
        }
        if let source = other.source {
            if stored.source == nil, stored.notes == nil, stored.exercises == nil {
                // A workout typed by hand that an export now describes: it becomes the export's.
                kept.source = source
            } else {
                kept.alsoFrom = (kept.alsoFrom ?? []) + [source]
            }
        }
        return kept
    }

    /// A UUID made from a source's kind and id (the first 16 bytes of its SHA-256, marked as
    /// version 5 / RFC 4122 variant), so an import is the same bytes every time.
    static func uuid(_ name: String) -> String {
        var bytes = Array(SHA256.digestBytes(Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }

    // MARK: Weights

    func weights(_ stored: [WeightRecord], adding incoming: [ImportedWeight]) -> (weights: [WeightRecord], counts: Counts) {
        var lastOfDay: [String: ImportedWeight] = [:]
        for weight in incoming {
            let day = self.day(weight.time, weight.utcOffset)
            if let other = lastOfDay[day], other.time > weight.time { continue }
            lastOfDay[day] = weight
        }
        var result = stored
        var counts = Counts()
        let days = Set(stored.map(\.date))
        for (day, weight) in lastOfDay.sorted(by: { $0.key < $1.key }) {
            if days.contains(day) {
                counts.skipped += 1
                continue
            }
            let kg = (weight.kg * 100).rounded() / 100
            result.append(WeightRecord(date: day, kg: kg, source: RecordSource(kind: weight.source.rawValue, id: weight.sourceID)))
            counts.added += 1
        }
        result.sort { $0.date < $1.date }
        return (result, counts)
    }

    // MARK: Steps

    func steps(_ stored: [StepsRecord], adding incoming: [ImportedSteps], from source: ImportSource) -> (steps: [StepsRecord], counts: Counts) {
        var perDevice: [String: [String: Int]] = [:]
        for record in incoming {
            perDevice[day(record.start, record.utcOffset), default: [:]][record.device, default: 0] += record.count
        }
        var result = stored
        var index: [String: Int] = [:]
        for (i, record) in stored.enumerated() { index[record.date] = i }
        var counts = Counts()
        for (day, devices) in perDevice.sorted(by: { $0.key < $1.key }) {
            // The largest device total; ties to the device name, so the choice is stable.
            guard let best = devices.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { continue }
            let record = StepsRecord(date: day, steps: best.value, source: RecordSource(kind: source.rawValue, id: best.key))
            if let i = index[day] {
                let old = result[i]
                if old.source?.kind == source.rawValue, old.steps < best.value {
                    result[i].steps = best.value
                    result[i].source = record.source
                    counts.added += 1
                } else {
                    counts.skipped += 1
                }
            } else {
                index[day] = result.count
                result.append(record)
                counts.added += 1
            }
        }
        result.sort { $0.date < $1.date }
        return (result, counts)
    }

    // MARK: Meals

    /// Dietary records as meals: the records of one food correlation are one meal with one food
    /// (Health's own grouping); records outside any correlation that share a moment are one meal
    /// too. The kind comes from the local time (breakfast before 11:00, lunch before 16:00,
    /// dinner before 21:00, else a snack). A meal's source id is made from its day, time and
    /// numbers, so the same records give the same meal and a re-import skips it.
    func meals(_ stored: [Meal], adding incoming: [ImportedNutrient], from source: ImportSource) -> (meals: [Meal], counts: Counts) {
        var groups: [String: [ImportedNutrient]] = [:]
        for nutrient in incoming {
            let key = nutrient.correlation.map { "c\($0)" } ?? "t\(nutrient.time.timeIntervalSince1970)"
            groups[key, default: []].append(nutrient)
        }
        var result = stored
        var known = Set(stored.compactMap(\.source))
        var counts = Counts()
        let ordered = groups.values.compactMap { group in group.min { $0.time < $1.time }.map { (first: $0, group: group) } }
            .sorted { ($0.first.time, $0.first.food ?? "") < ($1.first.time, $1.first.food ?? "") }
        for (first, group) in ordered {
            let zone = first.utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? self.zone
            let local = Timestamp.format(first.time, in: zone)
            let hour = Int(local.dropFirst(11).prefix(2)) ?? 12
            func total(_ name: String) -> Double? {
                let values = group.filter { $0.nutrient == name }.map(\.amount)
                return values.isEmpty ? nil : (values.reduce(0, +) * 10).rounded() / 10
            }
            let food = Food(name: first.food ?? group.compactMap(\.food).first ?? "Food", kcal: total("kcal") ?? 0,
                            protein: total("protein"), fat: total("fat"), carbs: total("carbs"))
            let identity = [String(local.prefix(16)), food.name, "\(food.kcal)", "\(food.protein ?? -1)", "\(food.fat ?? -1)", "\(food.carbs ?? -1)"]
            let recordSource = RecordSource(kind: source.rawValue, id: String(SHA256.hex(identity.joined(separator: "|")).prefix(16)))
            if known.contains(recordSource) {
                counts.skipped += 1
                continue
            }
            known.insert(recordSource)
            let kind = hour < 11 ? "breakfast" : hour < 16 ? "lunch" : hour < 21 ? "dinner" : "snack"
            result.append(Meal(id: Self.uuid(recordSource.kind + ":" + recordSource.id), date: String(local.prefix(10)), kind: kind,
                               time: String(local.dropFirst(11).prefix(5)), foods: [food], source: recordSource))
            counts.added += 1
        }
        result.sort { ($0.date, $0.time ?? "") < ($1.date, $1.time ?? "") }
        return (result, counts)
    }

    /// A diary's meals (one food each, the meal's totals): rows of the same day and meal name
    /// are one meal (an export with a `Time` column writes a row per entry), at the earliest
    /// time its rows give. A meal already imported from the diary is skipped when it is the
    /// same, and replaced when the diary now says otherwise (the meal was edited there), so the
    /// store follows the diary without doubling it.
    func diaryMeals(_ stored: [Meal], adding incoming: [ImportedMeal], from source: ImportSource) -> (meals: [Meal], counts: Counts) {
        var grouped: [String: Meal] = [:]
        var order: [String] = []
        for row in incoming {
            let recordSource = RecordSource(kind: source.rawValue, id: String(SHA256.hex(row.sourceID).prefix(16)))
            if grouped[recordSource.id] == nil {
                order.append(recordSource.id)
                grouped[recordSource.id] = Meal(id: Self.uuid(recordSource.kind + ":" + recordSource.id), date: row.day.iso, kind: row.kind,
                                                time: row.time, foods: [], source: recordSource)
            }
            grouped[recordSource.id]?.foods.append(row.food)
            if let time = row.time, grouped[recordSource.id]?.time.map({ time < $0 }) ?? true {
                grouped[recordSource.id]?.time = time  // `HH:MM`: text order is time order
            }
        }
        var result = stored
        var counts = Counts()
        let index = Dictionary(stored.enumerated().compactMap { offset, meal in meal.source.map { ($0, offset) } }, uniquingKeysWith: { first, _ in first })
        for id in order {
            guard let meal = grouped[id], let source = meal.source else { continue }
            if let at = index[source] {
                if result[at].foods == meal.foods && result[at].time == meal.time {
                    counts.skipped += 1
                    continue
                }
                result[at].foods = meal.foods
                result[at].time = meal.time
                counts.added += 1
            } else {
                result.append(meal)
                counts.added += 1
            }
        }
        result.sort { ($0.date, $0.time ?? "") < ($1.date, $1.time ?? "") }
        return (result, counts)
    }

    /// The calendar day of a moment, in the offset the file gave, else the site's zone.
    func day(_ time: Date, _ utcOffset: Int?) -> String {
        Day(time, in: utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone).iso
    }
}

/// Workouts by the minute they start in, so a match is looked for among a few neighbours,
/// not the whole store (an export can hold thousands of workouts).
struct MinuteIndex {
    private var buckets: [Int: [Int]] = [:]

    init(_ workouts: [Workout]) {
        for (index, workout) in workouts.enumerated() { add(workout, at: index) }
    }

    mutating func add(_ workout: Workout, at index: Int) {
        guard let start = workout.startDate else { return }
        buckets[Self.minute(start), default: []].append(index)
    }

    func match(_ workout: Workout, in workouts: [Workout]) -> Int? {
        guard let start = workout.startDate else { return nil }
        let minute = Self.minute(start)
        for bucket in minute - 1...minute + 1 {
            for index in buckets[bucket] ?? [] where ImportMerge.isSameActivity(workouts[index], workout) { return index }
        }
        return nil
    }

    static func minute(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 60).rounded(.down)) }
}
