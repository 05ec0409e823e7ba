import Foundation
import UsergraphCore

/// Seconds of a track spent at each whole beat per minute, by the rule of
/// `HeartRateZones.seconds(in:)`: each sample's interval to the next counts at the sample's
/// rate, intervals over `HeartRateZones.longestInterval` nowhere.
///
/// A rate is kept rounded down, which loses nothing: the zones' bounds are whole, and for a
/// whole bound b, `rate ≥ b` exactly when `⌊rate⌋ ≥ b`. So the time in any five zones, also
/// bounds a config sets after the track was read, is a sum over this histogram.
package struct HeartRateHistogram: Sendable, Equatable {
    /// The highest rate kept apart; a higher one counts here (no zone starts above it).
    package static let top = 300

    /// Seconds by whole bpm, from 0 to `top`; empty without a heart rate.
    package private(set) var seconds: [Int: Double]

    package init(seconds: [Int: Double] = [:]) { self.seconds = seconds }

    package init(_ track: Track) {
        var bins = [Double](repeating: 0, count: Self.top + 1)
        if let rates = track[.hr] {
            let t = track.t
            for index in 0..<max(0, min(t.count - 1, rates.count)) {
                let interval = t[index + 1] - t[index]
                let rate = rates[index]
                guard interval > 0, interval <= HeartRateZones.longestInterval, rate >= 0 else { continue }
                bins[rate >= Double(Self.top) ? Self.top : Int(rate.rounded(.down))] += interval
            }
        }
        var seconds: [Int: Double] = [:]
        for (bpm, total) in bins.enumerated() where total > 0 { seconds[bpm] = total }
        self.init(seconds: seconds)
    }

    /// Seconds in each of the five zones; what lies below the first bound counts nowhere.
    package func zoneSeconds(_ zones: HeartRateZones) -> [Double] {
        var totals = [Double](repeating: 0, count: zones.bounds.count)
        // In rate order: a dictionary's order changes from run to run, and with it the last bit
        // of a sum, which could turn a page's rounded second and make it new for nothing.
        for (bpm, total) in seconds.sorted(by: { $0.key < $1.key }) {
            guard let zone = zones.zone(of: Double(bpm)) else { continue }
            totals[zone] += total
        }
        return totals
    }
}

/// What the history needs of one workout's track, so that it can be kept from one build to the
/// next instead of read again: its best efforts, the highest heart rate it held
/// (`HeartRateMaximum.held`) and its time at each heart rate.
package struct TrackFacts: Sendable, Equatable {
    /// `BestEfforts.of` for the workout's type; empty for a type without bests.
    package var efforts: [BestEffort]
    /// Unrounded; nil when no run of samples held a rate long enough.
    package var heldHeartRate: Double?
    package var heartRate: HeartRateHistogram

    package init(efforts: [BestEffort] = [], heldHeartRate: Double? = nil, heartRate: HeartRateHistogram = HeartRateHistogram()) {
        self.efforts = efforts; self.heldHeartRate = heldHeartRate; self.heartRate = heartRate
    }

    /// The facts of the track of a workout of `type`; `steps`: the track's, when they were
    /// walked already.
    package init(_ track: Track, type: String, steps: TrackSteps? = nil) {
        let efforts: [BestEffort]
        if let distances = BestEfforts.distances(type: type), let sport = EffortSport(type: type) {
            efforts = BestEfforts.of(track, distances: distances, sport: sport, steps: steps)
        } else {
            efforts = []
        }
        self.init(efforts: efforts, heldHeartRate: HeartRateMaximum.held(in: track), heartRate: HeartRateHistogram(track))
    }

    // MARK: One line of text

    /// The facts as one line without tabs or newlines: `e` efforts (`distance:seconds:start:end`
    /// each, in metres and seconds), `h` the held rate, `z` the histogram (`bpm:seconds`), each
    /// number as Swift prints it, so that it reads back equal.
    package var line: String {
        let efforts = efforts.map { "\($0.distance):\($0.seconds):\($0.start):\($0.end)" }.joined(separator: ",")
        let held = heldHeartRate.map { "\($0)" } ?? ""
        let rates = heartRate.seconds.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")
        return "e=\(efforts);h=\(held);z=\(rates)"
    }

    /// Reads `line`; nil for anything else.
    package init?(line: Substring) {
        // A build reads thousands of these: scanned in place with strtod, with no substring or
        // array made per number (splitting them took a sixth of a one-workout rebuild).
        guard
            let facts = String(line).withCString({ start in
                var scanner = LineScanner(at: start)
                return scanner.facts()
            })
        else { return nil }
        self = facts
    }
}

/// Reads `TrackFacts.line` from a C string.
private struct LineScanner {
    var at: UnsafePointer<CChar>

    init(at start: UnsafePointer<CChar>) { at = start }

    mutating func facts() -> TrackFacts? {
        guard take("e=") else { return nil }
        var efforts: [BestEffort] = []
        while !take(";") {
            if !efforts.isEmpty, !take(",") { return nil }
            guard let distance = number(), take(":"), let seconds = number(), take(":"), let start = number(), take(":"),
                let end = number()
            else { return nil }
            efforts.append(BestEffort(distance: distance, seconds: seconds, start: start, end: end))
        }
        guard take("h=") else { return nil }
        var held: Double?
        if !take(";") {
            guard let value = number(), take(";") else { return nil }
            held = value
        }
        guard take("z=") else { return nil }
        var seconds: [Int: Double] = [:]
        while at.pointee != 0 {
            if !seconds.isEmpty, !take(",") { return nil }
            guard let bpm = number(), bpm == bpm.rounded(), (0...Double(HeartRateHistogram.top)).contains(bpm), take(":"),
                let total = number()
            else { return nil }
            seconds[Int(bpm)] = total
        }
        return TrackFacts(efforts: efforts, heldHeartRate: held, heartRate: HeartRateHistogram(seconds: seconds))
    }

    /// Steps over `text` when the line goes on with it.
    mutating func take(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        for index in 0..<count where UInt8(bitPattern: at[index]) != text.utf8Start[index] { return false }
        at += count
        return true
    }

    /// A finite number in Swift's own spelling (digits, a point, an exponent); strtod takes
    /// more (spaces, hexadecimal, `inf`), so the first character must be a digit or a minus.
    mutating func number() -> Double? {
        let first = UInt8(bitPattern: at.pointee)
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "-") else { return nil }
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(at, &end)
        guard let end, UnsafePointer(end) > at, value.isFinite else { return nil }
        // Nothing but Swift's own characters: strtod would also take `0x1A`.
        while at < UnsafePointer(end) {
            switch UInt8(bitPattern: at.pointee) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
                UInt8(ascii: "-"):
                at += 1
            default: return nil
            }
        }
        return value
    }
}
