/// A workout's samples as its source recorded them (`Store/tracks/<workout id>.json`): one
/// column per measure, one value per sample in each, as DESIGN.md's "Tracks" describes.
///
/// Columns, not a list of points: a one-hour run at 1 Hz is 3,600 samples, and ten years of
/// them are some 18 million; seven arrays of doubles are a tenth of the memory of as many
/// point structs with optionals, and the file writes each measure once as a plain list.
package struct Track: Sendable {
    /// A measure a sample may have, under the name the file gives it.
    package enum Column: String, CaseIterable, Sendable, Codable {
        /// Degrees (WGS 84).
        case lat, lon
        /// Metres above sea level.
        case ele
        /// Beats per minute.
        case hr
        /// Steps or revolutions per minute.
        case cad
        /// Watts.
        case power
        /// Metres per second.
        case speed
    }

    /// The most samples a track may hold: a week at one a second. A file that claims more is
    /// refused rather than let run the build out of memory.
    package static let maxSamples = 7 * 86_400

    /// When the first sample was taken, ISO-8601 with an offset: `t` counts from it.
    package var start: String
    /// Seconds since `start`, one per sample, never decreasing.
    package var t: [Double]
    /// Each column the source has, as long as `t`; `.nan` where a sample lacks the value
    /// (`null` in the file). A column the source lacks is absent.
    package var columns: [Column: [Double]]
    /// Keys of the file usergraph does not know, written back as they were.
    package var unknown: UnknownFields

    package init(start: String, t: [Double], columns: [Column: [Double]] = [:], unknown: UnknownFields = UnknownFields()) {
        self.start = start; self.t = t; self.columns = columns; self.unknown = unknown
    }

    package var count: Int { t.count }

    package subscript(column: Column) -> [Double]? { columns[column] }

    /// Whether any sample has a position.
    package var hasRoute: Bool {
        guard let lat = columns[.lat], let lon = columns[.lon] else { return false }
        return zip(lat, lon).contains { !$0.isNaN && !$1.isNaN }
    }

    /// What is wrong with the track and under which key, in words for an error message; nil
    /// when it is sound: as many values in each column as times, times finite and never
    /// decreasing, no more than `maxSamples`, positions on the globe.
    package var problem: (key: String, problem: String)? {
        if t.count > Self.maxSamples { return ("t", "more than \(Self.maxSamples) samples") }
        var previous = -Double.infinity
        for (index, time) in t.enumerated() {
            guard time.isFinite, time >= previous else { return ("t", "sample \(index + 1)'s time goes back or is not a number") }
            previous = time
        }
        for column in Column.allCases {
            guard let values = columns[column] else { continue }
            if values.count != t.count { return (column.rawValue, "\(values.count) values for \(t.count) times") }
            let (low, high): (Double, Double) =
                switch column {
                case .lat: (-90, 90)
                case .lon: (-180, 180)
                default: (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
                }
            if let index = Self.firstOutside(values, low, high) {
                return (column.rawValue, "sample \(index + 1) is out of range")
            }
        }
        return nil
    }

    /// The first value below `low` or above `high`; a missing value (NaN) is neither. Every
    /// track a build reads is checked, so the whole column is scanned four values at a time
    /// without a branch (a NaN compares false), and searched only when something is out.
    private static func firstOutside(_ values: [Double], _ low: Double, _ high: Double) -> Int? {
        let outside = values.withUnsafeBufferPointer { buffer in
            let lows = SIMD4(repeating: low), highs = SIMD4(repeating: high)
            var out = SIMDMask<SIMD4<Int64>>(repeating: false)
            var index = 0
            while index + 4 <= buffer.count {
                let four = SIMD4(buffer[index], buffer[index + 1], buffer[index + 2], buffer[index + 3])
                out = out .| (four .< lows) .| (four .> highs)
                index += 4
            }
            while index < buffer.count {
                if buffer[index] < low || buffer[index] > high { return true }
                index += 1
            }
            return any(out)
        }
        return outside ? values.firstIndex { $0 < low || $0 > high } : nil
    }

    /// The richer of two tracks of one activity (a watch's file and Strava's copy): the one with
    /// more measures, then more samples; `self` when they are equal.
    package func richer(_ other: Track) -> Track {
        let mine = (columns.count, count), theirs = (other.columns.count, other.count)
        return theirs > mine ? other : self
    }
}

extension Track: Equatable {
    /// Equal samples: a missing value (NaN) equals a missing value, as `null` does `null` in the
    /// file, so a track read back equals the one written.
    package static func == (a: Track, b: Track) -> Bool {
        guard a.start == b.start, a.t == b.t, a.unknown == b.unknown, Set(a.columns.keys) == Set(b.columns.keys) else { return false }
        return a.columns.allSatisfy { column, values in
            guard let other = b.columns[column], other.count == values.count else { return false }
            return zip(values, other).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
    }
}

extension Track: Codable {
    enum Key: String, CodingKey, CaseIterable {
        case v, start, t
    }

    /// The format's version; a file of another is refused rather than misread.
    package static let version = 1

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let version = try c.decode(Int.self, forKey: AnyKey(Key.v.rawValue))
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyKey(Key.v.rawValue), in: c, debugDescription: "version \(version) is not one this usergraph reads")
        }
        start = try c.decode(String.self, forKey: AnyKey(Key.start.rawValue))
        t = try c.decode([Double].self, forKey: AnyKey(Key.t.rawValue))
        var columns: [Column: [Double]] = [:]
        for column in Column.allCases {
            if let values = try c.decodeIfPresent([Double?].self, forKey: AnyKey(column.rawValue)) {
                columns[column] = values.map { $0 ?? .nan }
            }
        }
        self.columns = columns
        unknown = try UnknownFields(from: decoder, known: (Key.allCases.map(\.rawValue) + Column.allCases.map(\.rawValue)).map(AnyKey.init))
        if let problem {
            throw DecodingError.dataCorruptedError(forKey: AnyKey(problem.key), in: c, debugDescription: problem.problem)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(Self.version, forKey: AnyKey(Key.v.rawValue))
        try c.encode(start, forKey: AnyKey(Key.start.rawValue))
        try c.encode(t, forKey: AnyKey(Key.t.rawValue))
        for column in Column.allCases {
            guard let values = columns[column] else { continue }
            try c.encode(values.map { $0.isNaN ? nil : $0 }, forKey: AnyKey(column.rawValue))
        }
        try unknown.encode(to: encoder)
    }
}
