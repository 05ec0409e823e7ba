import UsergraphCore

/// The maximum heart rate the zones are shares of (DESIGN.md "History", `heartRateZones`), and
/// where it came from: `athlete.maxHeartRate` in the config, else the highest value the tracks
/// held for long enough, else 208 − 0.7 × age (Tanaka).
package struct HeartRateMaximum: Sendable, Equatable {
    package enum Source: String, Sendable, Equatable, CaseIterable {
        case config, tracks, age
    }

    /// Beats per minute.
    package var bpm: Int
    package var source: Source

    package init(bpm: Int, source: Source) { self.bpm = bpm; self.source = source }

    /// Seconds a value must be held to count as the heart's and not a strap's spike.
    package static let heldSeconds = 30.0
    /// Longer gaps between samples with a heart rate end a run: nobody knows what the heart did.
    package static let longestGap = 10.0

    /// The first of DESIGN.md's three that is known; nil when none is (no config value, no
    /// track held a value, no birth date).
    /// - `configured`: `athlete.maxHeartRate`; a value under 1 counts as none.
    /// - `tracks`: the greatest `held(in:above:)` over the tracks of workouts on or before the
    ///   as-of day.
    /// - `age`: whole years on the as-of day.
    package static func choose(configured: Int?, tracks: Double?, age: Int?) -> HeartRateMaximum? {
        if let configured, configured > 0 { return HeartRateMaximum(bpm: configured, source: .config) }
        if let tracks, tracks.isFinite, tracks > 0 { return HeartRateMaximum(bpm: roundHalfUp(tracks), source: .tracks) }
        if let age, let bpm = tanaka(age: age) { return HeartRateMaximum(bpm: bpm, source: .age) }
        return nil
    }

    /// 208 − 0.7 × age, halves up, in tenths of a beat so that 0.7 × an odd age (24.5 at 35)
    /// is exactly a half and not a binary hair under or over it; nil past any real age.
    package static func tanaka(age: Int) -> Int? {
        guard age >= 0 else { return nil }
        let tenths = 2080 - 7 * age
        return tenths > 0 ? (tenths + 5) / 10 : nil
    }

    /// The highest value v such that consecutive samples with a heart rate, no two more than
    /// `longestGap` apart, all stay at or above v over at least `heldSeconds` (from the first
    /// of them to the last); nil when no run of samples lasts that long, or none beats `floor`.
    /// Unrounded.
    ///
    /// `floor`: the best of the tracks seen so far, so that the greatest over many tracks is
    /// `tracks.reduce(nil) { held(in: $1, above: $0 ?? -.infinity) ?? $0 }`. A sample at or under
    /// the best so far ends every window through it (none of them can beat the best), so once
    /// a high value is known, most samples cost one comparison.
    ///
    /// A sample without a heart rate is passed over, as a sample without a fix is for distance:
    /// the gap is measured between the samples that have one. For each sample as the end of a
    /// window, the shortest window ending there that lasts `heldSeconds` has the highest minimum (a
    /// longer one can only hold a lower value), and its start only moves forward: a sliding
    /// minimum over a queue of rising values does it in one pass, O(n).
    package static func held(in track: Track, above floor: Double = -.infinity) -> Double? {
        guard let rates = track[.hr] else { return nil }
        let t = track.t
        let count = min(t.count, rates.count)
        guard count > 1 else { return nil }
        // Indices of samples in the window whose rate is lower than every later one in it: the
        // front is the window's minimum. A ring would save memory; a track is at most a week.
        var queue = [Int](repeating: 0, count: count)
        let held = heldSeconds, longestGap = longestGap
        var best = floor
        t.withUnsafeBufferPointer { t in
            rates.withUnsafeBufferPointer { hr in
                queue.withUnsafeMutableBufferPointer { queue in
                    var head = 0, tail = 0
                    // The window's first sample (-1: no window open), and the next sample with a
                    // rate after it (the start's next place), each found once.
                    var start = -1, nextStart = -1
                    var previous = -1
                    for index in 0..<count where !hr[index].isNaN {
                        let gap = previous >= 0 && t[index] - t[previous] > longestGap
                        previous = index
                        guard hr[index] > best else {
                            start = -1
                            continue
                        }
                        if start < 0 || gap {
                            head = 0
                            tail = 0
                            start = index
                            nextStart = -1
                        } else if nextStart < 0 {
                            nextStart = index
                        }
                        while tail > head, hr[queue[tail - 1]] >= hr[index] { tail -= 1 }
                        queue[tail] = index
                        tail += 1
                        // Move the start on while the window would still last `heldSeconds`.
                        while nextStart >= 0, t[index] - t[nextStart] >= held {
                            start = nextStart
                            nextStart = -1
                            var scan = start + 1
                            while scan <= index {
                                if !hr[scan].isNaN {
                                    nextStart = scan
                                    break
                                }
                                scan += 1
                            }
                        }
                        guard t[index] - t[start] >= held else { continue }
                        while queue[head] < start { head += 1 }
                        best = max(best, hr[queue[head]])
                    }
                }
            }
        }
        return best > floor ? best : nil
    }

    /// Halves up, as DESIGN.md rounds the maximum and the bounds.
    static func roundHalfUp(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }
}

/// Five heart-rate zones by their lower bounds in beats per minute (DESIGN.md "History"): 50,
/// 60, 70, 80 and 90 % of the maximum, or the five bounds `athlete.zones` gives. A bound belongs
/// to the zone above it. A value below the first bound is in no zone: DESIGN.md's five zones
/// start at 50 %, and a heart under half its maximum is at rest, not training, so those seconds
/// count nowhere (the five totals may add up to less than the time with a heart rate).
package struct HeartRateZones: Sendable, Equatable {
    /// Per cent of the maximum at each zone's lower bound.
    package static let shares = [50, 60, 70, 80, 90]
    /// Longer intervals between samples are left out of the time in zone: a pause or a lost strap.
    package static let longestInterval = 10.0

    /// Five lower bounds, in beats per minute, rising.
    package let bounds: [Int]

    /// The shares of `maximum`, each rounded to a whole bpm with halves up (188: 94, 112.8 → 113,
    /// 131.6 → 132, 150.4 → 150, 169.2 → 169).
    package init(maximum: Int) {
        // In integers: `maximum × share / 100` with halves up, no binary fraction to round.
        bounds = Self.shares.map { (maximum * $0 + 50).quotientFloored(by: 100) }
    }

    /// `athlete.zones`: nil unless five bounds, each above the one before and above 0.
    package init?(bounds: [Int]) {
        guard bounds.count == Self.shares.count, let first = bounds.first, first > 0,
            zip(bounds, bounds.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        self.bounds = bounds
    }

    /// 0 for the first zone … 4 for the fifth; nil below the first bound or without a value.
    /// The value is compared unrounded: 112.6 is below a bound of 113.
    package func zone(of bpm: Double) -> Int? {
        guard !bpm.isNaN else { return nil }
        var zone: Int?
        for (index, bound) in bounds.enumerated() where bpm >= Double(bound) { zone = index }
        return zone
    }

    /// Seconds in each zone over a track: each sample's interval to the next sample counts in
    /// the zone of the sample's heart rate; an interval over `longestInterval` counts nowhere,
    /// nor does one from a sample without a heart rate.
    package func seconds(in track: Track) -> [Double] {
        var totals = [Double](repeating: 0, count: bounds.count)
        guard let rates = track[.hr] else { return totals }
        let t = track.t
        guard t.count > 1 else { return totals }
        let lower = bounds.map(Double.init)
        for index in 0..<min(t.count - 1, rates.count) {
            let interval = t[index + 1] - t[index]
            guard interval <= Self.longestInterval, interval > 0 else { continue }
            let rate = rates[index]
            // From the top: the first bound at or under the rate names its zone. NaN passes none.
            var zone = lower.count - 1
            while zone >= 0, !(rate >= lower[zone]) { zone -= 1 }
            if zone >= 0 { totals[zone] += interval }
        }
        return totals
    }
}

/// Time in each zone over D's week and D's calendar year (DESIGN.md "History"): the workouts
/// whose start day falls in them, on or before D.
package struct HeartRateZoneTotals: Sendable, Equatable {
    /// Seconds per zone, unrounded: the caller rounds what it writes.
    package var week: [Double]
    package var year: [Double]

    package init(week: [Double], year: [Double]) { self.week = week; self.year = year }

    /// `workouts`: each workout's start day and its `HeartRateZones.seconds(in:)`.
    package init(_ workouts: [(day: Day, seconds: [Double])], asOf: Day) {
        let zones = HeartRateZones.shares.count
        var week = [Double](repeating: 0, count: zones), year = week
        let weekStart = asOf.weekStart, asOfYear = asOf.year
        for (day, seconds) in workouts where day <= asOf {
            let inWeek = day >= weekStart, inYear = day.year == asOfYear
            guard inWeek || inYear else { continue }
            for zone in 0..<min(zones, seconds.count) {
                if inWeek { week[zone] += seconds[zone] }
                if inYear { year[zone] += seconds[zone] }
            }
        }
        self.init(week: week, year: year)
    }
}

extension Int {
    /// Division rounding down, also for a negative dividend (Swift's `/` rounds toward zero).
    fileprivate func quotientFloored(by divisor: Int) -> Int {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
