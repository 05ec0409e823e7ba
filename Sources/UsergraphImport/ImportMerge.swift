import Foundation
import UsergraphCore

/// How imported records join what the store holds, decided before anything is written.
///
/// - A record whose source (kind and id) the store already has, as a record's `source` or in
///   its `alsoFrom`, is skipped: importing the same files again adds nothing.
/// - Two workouts are the same activity when their usergraph types are equal and their time
///   spans overlap by at least 80 % of the shorter one (a watch workout that is also on
///   Strava); back-to-back activities a minute apart are two. The richer one (more of distance
///   and energy) gives the numbers; the stored record keeps its id, notes and any fields
///   usergraph does not know, and the other's source goes into `alsoFrom`, so a re-import of
///   it is skipped too.
/// - A GPX track that names no type (Apple Health's `workout-routes/*.gpx`, a bare route) is the
///   route of the workout whose span holds it, of whatever type: it joins that workout and is
///   never a workout of its own when that workout is there.
/// - Weights: one a day, the last measurement of the day; a day the store has is left alone.
/// - Steps: per day, each device's records are summed and the largest device total is the
///   day's (a phone and a watch count the same walk); a day the store has from the same
///   export is replaced only by a larger total (a later export of the same phone).
package struct ImportMerge {
    let zone: TimeZone

    /// Records added, and records skipped because the store already had them.
    package struct Counts: Equatable, Sendable {
        package var added = 0
        package var skipped = 0
    }

    // MARK: Workouts

    /// A track the import offers a workout, and the zone its start is written in (the
    /// workout's). The store keeps it where the workout has none or a poorer one.
    package struct OfferedTrack: Sendable, Equatable {
        package var track: ActivityTrack
        package var zone: TimeZone
    }

    func workouts(_ stored: [Workout], adding incoming: [ImportedActivity]) -> (workouts: [Workout], counts: Counts, tracks: [String: OfferedTrack]) {
        var result = stored
        var counts = Counts()
        var known = Set(stored.flatMap { [$0.source].compactMap { $0 } + ($0.alsoFrom ?? []) })
        var spans = SpanIndex(result)
        // Where each source's record is, so that an activity imported before (before tracks were
        // kept, or without its name) still gives its record what the record lacks.
        var positions: [RecordSource: Int] = [:]
        for (index, workout) in result.enumerated() {
            for source in [workout.source].compactMap({ $0 }) + (workout.alsoFrom ?? []) { positions[source] = index }
        }
        var tracks: [String: OfferedTrack] = [:]
        /// What `activity` gives the record at `index` besides its numbers: its track, where no
        /// richer one was offered, and its name, where the record has none.
        func complete(_ index: Int, with activity: ImportedActivity) {
            if result[index].name == nil, let name = activity.name { result[index].name = name }
            guard let track = activity.track else { return }
            let id = result[index].id
            if let offered = tracks[id], offered.track.richness >= track.richness { return }
            tracks[id] = OfferedTrack(track: track, zone: zone(of: activity))
        }
        // Typed activities first, so a route file finds its workout whatever the order of the files.
        let ordered = incoming.sorted { ($0.isRouteOnly ? 1 : 0, $0.start, $0.sourceID) < ($1.isRouteOnly ? 1 : 0, $1.start, $1.sourceID) }
        for activity in ordered {
            let source = RecordSource(kind: activity.source.rawValue, id: activity.sourceID)
            if known.contains(source) {
                if let index = positions[source] { complete(index, with: activity) }
                counts.skipped += 1
                continue
            }
            known.insert(source)
            let candidate = workout(activity)
            let match =
                activity.isRouteOnly
                ? spans.first(in: result, near: candidate) { Self.holds($0, candidate) }
                : spans.first(in: result, near: candidate) { Self.isSameActivity($0, candidate) }
            let position: Int
            if let index = match {
                result[index] = activity.isRouteOnly ? Self.attach(route: candidate, to: result[index]) : Self.merge(result[index], with: candidate)
                position = index
                counts.skipped += 1
            } else if !activity.isRouteOnly,
                let index = spans.first(in: result, near: candidate, where: { Self.isRouteRecord($0) && Self.holds(candidate, $0) })
            {
                // A route imported before its workout (another run, another order): the workout
                // takes the record over, which keeps the route's id and its source in `alsoFrom`.
                result[index] = Self.adopt(route: result[index], by: candidate)
                spans.add(result[index], at: index)  // its span grew
                position = index
                counts.added += 1
            } else {
                spans.add(candidate, at: result.count)
                position = result.count
                result.append(candidate)
                counts.added += 1
            }
            positions[source] = position
            complete(position, with: activity)
        }
        return (result, counts, tracks)
    }

    /// The zone an activity's times are written in: the offset its file gave, else the site's.
    func zone(of activity: ImportedActivity) -> TimeZone {
        activity.utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
    }

    /// The store's record of an imported activity: its id derived from its source, so the
    /// same import gives the same bytes, its start in the offset the file gave (else the site's
    /// zone). Its day is counted in the site's zone whatever the offset (DESIGN.md).
    func workout(_ activity: ImportedActivity) -> Workout {
        let zone = zone(of: activity)
        var workout = Workout(
            id: Self.uuid(activity.source.rawValue + ":" + activity.sourceID),
            type: ActivityTypes.map(activity.sourceType, from: activity.typeSource ?? activity.source),
            start: Timestamp.format(activity.start, in: zone),
            duration: Int(activity.duration.rounded()),
            calories: activity.energy.map { Int($0.rounded()) },
            distance: activity.distance.map { ($0 * 10).rounded() / 10 },
            source: RecordSource(kind: activity.source.rawValue, id: activity.sourceID))
        // Moving time is kept only where it says something elapsed time does not.
        if let moving = activity.movingTime.map({ Int($0.rounded()) }), moving > 0, moving < workout.duration {
            workout.movingTime = moving
        }
        return workout
    }

    /// Same type, and spans that overlap by at least 80 % of the shorter one (DESIGN.md). A
    /// span of no length is the same as one that holds its moment.
    static func isSameActivity(_ a: Workout, _ b: Workout) -> Bool {
        guard a.type == b.type, let spanA = a.span, let spanB = b.span else { return false }
        let shorter = min(spanA.duration, spanB.duration)
        let overlap = min(spanA.end, spanB.end).timeIntervalSince(max(spanA.start, spanB.start))
        if shorter == 0 { return overlap >= 0 }
        return overlap >= 0.8 * shorter
    }

    /// Whether `route` lies within `workout`'s span, give or take a minute at either end (a
    /// phone may start recording the route a few seconds before the workout).
    static func holds(_ workout: Workout, _ route: Workout) -> Bool {
        guard let outer = workout.span, let inner = route.span else { return false }
        return inner.start >= outer.start.addingTimeInterval(-60) && inner.end <= outer.end.addingTimeInterval(60)
    }

    /// A record made from a type-less GPX track before its workout was imported.
    static func isRouteRecord(_ workout: Workout) -> Bool {
        workout.source?.kind == ImportSource.gpx.rawValue && workout.type == "other" && workout.calories == nil
            && workout.notes == nil && workout.exercises == nil
    }

    /// `route`'s record taken over by the workout it belongs to: the workout's numbers and type,
    /// the route's id and distance where the workout has none, both sources remembered.
    static func adopt(route: Workout, by workout: Workout) -> Workout {
        var kept = route
        kept.type = workout.type
        kept.start = workout.start
        kept.duration = workout.duration
        kept.movingTime = workout.movingTime
        kept.calories = workout.calories
        kept.distance = workout.distance ?? route.distance
        kept.source = workout.source
        kept.alsoFrom = (route.alsoFrom ?? []) + [route.source].compactMap { $0 }
        return kept
    }

    /// A workout that a route file describes: the route's distance where the workout had none;
    /// the route's source remembered, so a re-import skips it.
    static func attach(route: Workout, to workout: Workout) -> Workout {
        var kept = workout
        if kept.distance == nil { kept.distance = route.distance }
        if let source = route.source { kept.alsoFrom = (kept.alsoFrom ?? []) + [source] }
        return kept
    }

    /// `stored` with what `other` knows: the richer one's numbers, nothing of `stored` lost.
    static func merge(_ stored: Workout, with other: Workout) -> Workout {
        var kept = stored
        let richness = { (w: Workout) in (w.distance == nil ? 0 : 1) + (w.calories == nil ? 0 : 1) }
        if richness(other) > richness(stored) {
            kept.duration = other.duration
            kept.movingTime = other.movingTime ?? (stored.movingTime.map { $0 < other.duration ? $0 : nil } ?? nil)
            kept.distance = other.distance ?? stored.distance
            kept.calories = other.calories ?? stored.calories
        } else {
            kept.movingTime = stored.movingTime ?? (other.movingTime.map { $0 < stored.duration ? $0 : nil } ?? nil)
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
            let day = self.day(weight.time)
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
            perDevice[day(record.start), default: [:]][record.device, default: 0] += record.count
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

    // MARK: Basal energy

    /// Like steps: per day, each device's records summed, the largest device total kept; a day
    /// the store has from an earlier export is replaced only by a larger total.
    func basalEnergy(
        _ stored: [BasalEnergyRecord], adding incoming: [ImportedSteps],
        from source: ImportSource
    ) -> (records: [BasalEnergyRecord], counts: Counts) {
        let asSteps = stored.map { StepsRecord(date: $0.date, steps: $0.kcal, source: $0.source) }
        let merged = steps(asSteps, adding: incoming, from: source)
        // Back to basal records, keeping each stored record (and its unknown fields) where it stands.
        let byDate = Dictionary(stored.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let records = merged.steps.map { day -> BasalEnergyRecord in
            var record = byDate[day.date] ?? BasalEnergyRecord(date: day.date, kcal: day.steps, source: day.source)
            record.kcal = day.steps
            record.source = day.source
            return record
        }
        return (records, merged.counts)
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
            let food = Food(
                name: first.food ?? group.compactMap(\.food).first ?? "Food", kcal: total("kcal") ?? 0,
                protein: total("protein"), fat: total("fat"), carbs: total("carbs"))
            let identity = [String(local.prefix(16)), food.name, "\(food.kcal)", "\(food.protein ?? -1)", "\(food.fat ?? -1)", "\(food.carbs ?? -1)"]
            let recordSource = RecordSource(kind: source.rawValue, id: String(SHA256.hex(identity.joined(separator: "|")).prefix(16)))
            if known.contains(recordSource) {
                counts.skipped += 1
                continue
            }
            known.insert(recordSource)
            let kind = hour < 11 ? "breakfast" : hour < 16 ? "lunch" : hour < 21 ? "dinner" : "snack"
            result.append(
                Meal(
                    id: Self.uuid(recordSource.kind + ":" + recordSource.id), date: String(local.prefix(10)), kind: kind,
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
                grouped[recordSource.id] = Meal(
                    id: Self.uuid(recordSource.kind + ":" + recordSource.id), date: row.day.iso, kind: row.kind,
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

    /// The calendar day of a moment in the site's zone, where workouts are counted too (DESIGN.md),
    /// so a walk and its steps fall on the same day whatever offset the file wrote.
    func day(_ time: Date) -> String {
        Day(time, in: zone).iso
    }
}

/// Workouts by the hours their spans touch, so a match is looked for among a few neighbours,
/// not the whole store (an export can hold thousands of workouts). A span longer than two days
/// is indexed by its first two days only: no real activity is that long.
struct SpanIndex {
    private var buckets: [Int: [Int]] = [:]
    private static let hour = 3600.0
    private static let longest = 48

    init(_ workouts: [Workout]) {
        for (index, workout) in workouts.enumerated() { add(workout, at: index) }
    }

    mutating func add(_ workout: Workout, at index: Int) {
        guard let hours = Self.hours(workout) else { return }
        for hour in hours { buckets[hour, default: []].append(index) }
    }

    /// The first workout (in store order) near `candidate`'s span that `matches` accepts.
    func first(in workouts: [Workout], near candidate: Workout, where matches: (Workout) -> Bool) -> Int? {
        guard let hours = Self.hours(candidate) else { return nil }
        var seen = Set<Int>()
        for hour in (hours.lowerBound - 1)...(hours.upperBound + 1) {
            for index in buckets[hour] ?? [] where seen.insert(index).inserted {
                if matches(workouts[index]) { return index }
            }
        }
        return nil
    }

    private static func hours(_ workout: Workout) -> ClosedRange<Int>? {
        guard let span = workout.span else { return nil }
        let first = Int((span.start.timeIntervalSince1970 / hour).rounded(.down))
        let last = Int((span.end.timeIntervalSince1970 / hour).rounded(.down))
        return first...min(last, first + longest)
    }
}

extension Workout {
    /// When it started and ended; nil for a start that does not parse.
    var span: DateInterval? {
        guard let start = startDate else { return nil }
        return DateInterval(start: start, duration: TimeInterval(max(0, duration)))
    }
}

extension ImportedActivity {
    /// A GPX track that names no type: a route (Apple Health writes one per workout), which
    /// belongs to the workout whose span holds it.
    var isRouteOnly: Bool { source == .gpx && sourceType.trimmingCharacters(in: .whitespaces).isEmpty }
}
