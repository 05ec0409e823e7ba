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
        for (bpm, total) in seconds {
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

    /// The facts of the track of a workout of `type`.
    package init(_ track: Track, type: String) {
        let efforts: [BestEffort]
        if let distances = BestEfforts.distances(type: type), let sport = EffortSport(type: type) {
            efforts = BestEfforts.of(track, distances: distances, sport: sport)
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
        let parts = line.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].hasPrefix("e="), parts[1].hasPrefix("h="), parts[2].hasPrefix("z=") else { return nil }
        var efforts: [BestEffort] = []
        for item in parts[0].dropFirst(2).split(separator: ",") {
            let numbers = item.split(separator: ":").compactMap { Double($0) }
            guard numbers.count == 4 else { return nil }
            efforts.append(BestEffort(distance: numbers[0], seconds: numbers[1], start: numbers[2], end: numbers[3]))
        }
        let heldText = parts[1].dropFirst(2)
        let held = heldText.isEmpty ? nil : Double(heldText)
        if !heldText.isEmpty, held == nil { return nil }
        var seconds: [Int: Double] = [:]
        for item in parts[2].dropFirst(2).split(separator: ",") {
            let pair = item.split(separator: ":")
            guard pair.count == 2, let bpm = Int(pair[0]), (0...HeartRateHistogram.top).contains(bpm), let total = Double(pair[1]) else {
                return nil
            }
            seconds[bpm] = total
        }
        self.init(efforts: efforts, heldHeartRate: held, heartRate: HeartRateHistogram(seconds: seconds))
    }
}
