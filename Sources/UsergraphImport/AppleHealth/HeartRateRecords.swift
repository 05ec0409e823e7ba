import Foundation
import UsergraphCore

/// An export's heart-rate records (`HKQuantityTypeIdentifierHeartRate`), kept to give each
/// workout its heart rate: a watch writes one every few seconds during a workout and every few
/// minutes otherwise, and the workouts come after all the records in the file, so every one is
/// kept until they are known. Eight bytes a record: ten years of a watch are some 5 million.
package struct HeartRateRecords: Sendable, Equatable {
    /// Seconds since 1970 of each record's start.
    private var seconds: [Int64] = []
    private var bpm: [Float] = []
    private var sorted = true

    package init() {}

    package var count: Int { seconds.count }

    /// Beats per minute outside this range are a sensor's error, not a heart's.
    static let plausible: ClosedRange<Double> = 20...250

    mutating func add(seconds time: Int64, bpm value: Double) {
        guard Self.plausible.contains(value) else { return }
        if let last = seconds.last, time < last { sorted = false }
        seconds.append(time)
        bpm.append(Float(value))
    }

    /// In time order, for `within` to search (exports write them so; a merged one may not).
    mutating func finish() {
        guard !sorted else { return }
        let order = seconds.indices.sorted { seconds[$0] < seconds[$1] }
        seconds = order.map { seconds[$0] }
        bpm = order.map { bpm[$0] }
        sorted = true
    }

    /// The records from `start` to `end`, both included (after `finish`).
    func within(_ start: Date, _ end: Date) -> Range<Int> {
        let low = Int64(start.timeIntervalSince1970.rounded(.down)), high = Int64(end.timeIntervalSince1970.rounded(.up))
        return first(atOrAfter: low)..<first(atOrAfter: high + 1)
    }

    private func first(atOrAfter time: Int64) -> Int {
        var low = 0, high = seconds.count
        while low < high {
            let middle = (low + high) / 2
            if seconds[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Gaps up to this between two records are bridged by a straight line; a route's sample
    /// further than `nearest` from any record has no heart rate.
    static let bridged: Double = 30
    static let nearest: Double = 10

    /// `route` (samples from `start`) with a heart-rate column from the records within the
    /// workout's span (`workoutStart`, `duration`), each of its samples given the rate
    /// interpolated at its time; without a route, a track of the records alone. Nil when there
    /// is neither a route nor a record; the route as it was when no record falls within it, or
    /// when it has its own heart rate.
    func track(route: ActivityTrack?, workoutStart: Date, duration: Double) -> ActivityTrack? {
        let records = within(workoutStart, workoutStart.addingTimeInterval(duration))
        guard !records.isEmpty else { return route }
        guard let route, var samples = route.samples else {
            let start = Double(seconds[records.lowerBound])
            var track = Track(start: "", t: records.map { Double(seconds[$0]) - start })
            track.columns[.hr] = records.map { Double(bpm[$0]) }
            return ActivityTrack(start: Date(timeIntervalSince1970: start), samples: track)
        }
        guard samples[.hr] == nil else { return route }
        let origin = route.start.timeIntervalSince1970
        var next = records.lowerBound
        var rates: [Double] = []
        rates.reserveCapacity(samples.count)
        for offset in samples.t {
            let time = origin + offset
            while next < records.upperBound, Double(seconds[next]) < time { next += 1 }
            rates.append(rate(at: time, after: next, in: records))
        }
        guard rates.contains(where: { !$0.isNaN }) else { return route }
        samples.columns[.hr] = rates
        return ActivityTrack(start: route.start, samples: samples)
    }

    /// The rate at `time`, where `next` is the first record at or after it.
    private func rate(at time: Double, after next: Int, in records: Range<Int>) -> Double {
        let before = next > records.lowerBound ? next - 1 : nil
        let after = next < records.upperBound ? next : nil
        if let before, let after {
            let t0 = Double(seconds[before]), t1 = Double(seconds[after])
            if t1 - t0 <= Self.bridged {
                guard t1 > t0 else { return Double(bpm[after]) }
                let share = (time - t0) / (t1 - t0)
                return Double(bpm[before]) + share * Double(bpm[after] - bpm[before])
            }
        }
        let candidates = [before, after].compactMap { $0 }.filter { abs(Double(seconds[$0]) - time) <= Self.nearest }
        guard let closest = candidates.min(by: { abs(Double(seconds[$0]) - time) < abs(Double(seconds[$1]) - time) }) else { return .nan }
        return Double(bpm[closest])
    }
}
