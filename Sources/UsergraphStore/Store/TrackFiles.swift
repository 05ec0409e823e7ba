import Foundation
import UsergraphCore

/// The workouts' tracks, one file each (`Store/tracks/<workout id>.json`): read one at a time,
/// written atomically, deleted with their workout.
package enum TrackFiles {
    /// The file of workout `id`'s track; nil for an id that could not be a file's name (the
    /// store's ids are UUIDs; one edited by hand into `../x` names no file).
    package static func path(_ layout: StoreLayout, workout id: String) -> String? {
        guard isPlainName(id) else { return nil }
        return layout.tracks + "/" + id + ".json"
    }

    /// 1 to 64 ASCII letters, digits, `-` and `_`: a name that can be a file's or a folder's as it is.
    package static func isPlainName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy(isNameByte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// The track at `path`, or nil when there is none. A file that is not a sound track is an
    /// error naming it, the key and what is wrong.
    package static func read(at path: String) throws -> Track? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw UsergraphError("errors.store.unreadable", ["path": path]) }
            return nil
        }
        return try decode(data, path: path)
    }

    /// How many measures and samples the track at `path` has (nil when there is none), to
    /// choose the richer of two: from the lines of the layout `encode` writes (one column a
    /// line) without reading a number, so a re-import does not parse ten years of tracks; a
    /// file of any other layout is read whole.
    package static func richness(at path: String) throws -> (columns: Int, count: Int)? {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw UsergraphError("errors.store.unreadable", ["path": path]) }
            return nil
        }
        let counted: (columns: Int, count: Int)? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            guard lines.count >= 2, lines[0].starts(with: Array("{\"v\": ".utf8)), lines[1].starts(with: Array("\"t\": [".utf8)) else {
                return nil
            }
            let times = lines[1]
            let empty = times.count > 6 && times[times.startIndex + 6] == UInt8(ascii: "]")
            let count = empty ? 0 : times.count { $0 == UInt8(ascii: ",") } + (times.last == UInt8(ascii: ",") ? 0 : 1)
            let heads = Track.Column.allCases.map { Array("\"\($0.rawValue)\": [".utf8) }
            let columns = lines.dropFirst(2).count { line in heads.contains { line.starts(with: $0) } }
            return (columns, count)
        }
        if let counted { return counted }
        let track = try decode(data, path: path)
        return (track.columns.count, track.count)
    }

    /// A track's bytes as read by the fast reader, else by JSONDecoder, which keeps unknown keys
    /// and says what is wrong.
    package static func decode(_ data: Data, path: String) throws -> Track {
        if let track = JSONBytesReader.read(data, fastTrack), track.problem == nil { return track }
        return try JSONFile.decode(Track.self, from: data, path: path)
    }

    /// Writes `track` atomically: the file holds the whole new track or, if the write failed,
    /// what it held before.
    package static func write(_ track: Track, to path: String) throws {
        let bytes = encode(track)
        try AtomicFile.write(to: path) { sink in bytes.withUnsafeBytes { sink.write($0) } }
    }

    /// Removes a track's file; nothing when there is none.
    package static func delete(at path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw UsergraphError("errors.store.write", ["path": path, "reason": String(cString: strerror(errno))])
        }
    }

    /// Decimals each column keeps: positions to 6 (about 0.1 m), the rest to what a device
    /// measures. Fewer digits than a double's 17 make a file a third the size.
    static func places(_ column: Track.Column) -> Int {
        switch column {
        case .lat, .lon: 6
        case .ele, .hr, .cad, .power: 1
        case .speed: 3
        }
    }

    /// The file's bytes: one line per column, keys in a fixed order, unknown keys after them.
    package static func encode(_ track: Track) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(track.count * (4 + track.columns.count * 10) + 256)
        out.append(contentsOf: "{\"v\": \(Track.version), \"start\": ".utf8)
        // A JavaScript string literal of usergraph's is a JSON one too.
        JavaScript.appendString(track.start, to: &out)
        out.append(contentsOf: ",\n\"t\": ".utf8)
        appendNumbers(track.t, places: 3, to: &out)
        for column in Track.Column.allCases {
            guard let values = track.columns[column] else { continue }
            out.append(contentsOf: ",\n\"\(column.rawValue)\": ".utf8)
            appendNumbers(values, places: places(column), to: &out)
        }
        for (key, value) in track.unknown.values.sorted(by: { $0.key < $1.key }) {
            out.append(contentsOf: ",\n".utf8)
            JavaScript.appendString(key, to: &out)
            out.append(contentsOf: ": ".utf8)
            // A value usergraph does not interpret, as JSONEncoder writes it.
            let encoded: Data = (try? JSONEncoder().encode(value)) ?? Data("null".utf8)
            out.append(contentsOf: encoded)
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// `[1.5,2,null]`: each rounded to `places` decimals, trailing zeros dropped, NaN as null.
    static func appendNumbers(_ values: [Double], places: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        let scale = pow(10, Double(places))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard value.isFinite else {
                out.append(contentsOf: "null".utf8)
                continue
            }
            let scaled = (value * scale).rounded()
            guard abs(scaled) < 9e15 else {
                out.append(contentsOf: String(value).utf8)  // beyond what a device measures: as Swift writes it
                continue
            }
            var units = Int64(scaled)
            if units < 0 {
                out.append(UInt8(ascii: "-"))
                units = -units
            }
            var divisor: Int64 = 1
            for _ in 0..<places { divisor *= 10 }
            appendDigits(units / divisor, to: &out)
            var fraction = units % divisor
            guard fraction > 0 else { continue }
            var digits = places
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            out.append(UInt8(ascii: "."))
            var text: [UInt8] = []
            for _ in 0..<digits {
                text.append(UInt8(48 + fraction % 10))
                fraction /= 10
            }
            out.append(contentsOf: text.reversed())
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func appendDigits(_ value: Int64, to out: inout [UInt8]) {
        guard value >= 10 else {
            out.append(UInt8(48 + value))
            return
        }
        appendDigits(value / 10, to: &out)
        out.append(UInt8(48 + value % 10))
    }

    /// The fast reader: the file as `encode` writes it, any spacing; nil for an unknown key or
    /// anything it is not sure of, which JSONDecoder then reads.
    static func fastTrack(_ reader: inout JSONBytesReader) -> Track? {
        var version: Int?, start: String?, t: [Double]?
        var columns: [Track.Column: [Double]] = [:]
        guard
            reader.record({ reader, key in
                switch key {
                case "v": version = reader.integer(); return .field(0, version)
                case "start": start = reader.string(); return .field(1, start)
                case "t": t = reader.decimals(nulls: false, expected: t?.count ?? 0); return .field(2, t)
                default:
                    guard let column = Track.Column(key: key) else { return .refused }
                    // Every column is as long as `t`, written before them.
                    let values = reader.decimals(nulls: true, expected: t?.count ?? 0)
                    columns[column] = values
                    return .field(3 + column.number, values)
                }
            }), version == Track.version, let start, let t
        else { return nil }
        return Track(start: start, t: t, columns: columns)
    }
}

extension Track.Column {
    /// The column a key names, without making a String of it.
    init?(key: JSONKey) {
        for column in Track.Column.allCases where column.name ~= key {
            self = column
            return
        }
        return nil
    }

    /// Its place among the columns.
    fileprivate var number: Int { Track.Column.allCases.firstIndex(of: self) ?? 0 }

    fileprivate var name: StaticString {
        switch self {
        case .lat: "lat"
        case .lon: "lon"
        case .ele: "ele"
        case .hr: "hr"
        case .cad: "cad"
        case .power: "power"
        case .speed: "speed"
        }
    }
}

extension JSONBytesReader {
    /// A number written as `-`? digits `.` digits, with at most 15 digits in all: exact as the
    /// quotient of two doubles, so as `Double(text)` would read it, without making a String.
    /// Nil for anything else (an exponent, a long number), which JSONDecoder then reads.
    mutating func decimal() -> Double? {
        // A track's writer puts no space before a number: skipping is called only for one.
        if index < bytes.count, bytes[index] <= 0x20 { skipSpace() }
        guard let (value, end) = Self.number(in: bytes, at: index) else { return nil }
        index = end
        return value
    }

    /// `decimal`'s number at `start` and the index after it, from locals only: the numbers are
    /// nearly all of a track's bytes, and a reader's `index` stored back after each was a
    /// tenth of reading them.
    @inline(__always)
    private static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (value: Double, end: Int)? {
        let count = bytes.count
        var at = start
        var negative = false
        if at < count, bytes[at] == UInt8(ascii: "-") {
            negative = true
            at += 1
        }
        // The whole digits, then the fraction's.
        var mantissa: Int64 = 0
        let first = at
        at = digits(bytes, from: at, into: &mantissa)
        let whole = at - first
        var places = 0
        if whole > 0, at < count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            let fraction = at
            at = digits(bytes, from: at, into: &mantissa)
            places = at - fraction
            // `1.` is no JSON number.
            guard places > 0 else { return nil }
        }
        // No digit, more than 15 (not exact as a quotient), or a leading zero before a digit.
        guard whole > 0, whole + places <= 15, !(whole > 1 && bytes[first] == 48) else { return nil }
        if at < count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") { return nil }
        // A whole number (a time, a heart rate) needs no division: half of a track's numbers.
        let value = places == 0 ? Double(mantissa) : Double(mantissa) / scale(places)
        return (negative ? -value : value, at)
    }

    /// 10 to the power `places`, 0…15, exact as a Double; from a switch, not a global table
    /// (a `swift_once` a number).
    @inline(__always)
    private static func scale(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }

    /// The run of digits from `start` appended to `mantissa` (wrapping past 18 digits, which
    /// `decimal` refuses anyway); where the run ends. A byte at a time: a track's runs are
    /// short ("55", "809033", "143"), and reading eight bytes at once measured slower.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into mantissa: inout Int64) -> Int {
        var at = start
        let count = bytes.count
        while at < count, bytes[at] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ Int64(bytes[at] &- 48)
            at += 1
        }
        return at
    }

    /// `[` decimals `]` as `list { $0.decimal() }` reads it, with `null` as NaN where `nulls`
    /// says, room made for `expected` values at once: a track is nearly all such lists, and
    /// growing each by doubling was a twentieth of reading it.
    mutating func decimals(nulls: Bool, expected: Int) -> [Double]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var values: [Double] = []
        values.reserveCapacity(expected)
        if take(UInt8(ascii: "]")) { return values }
        // One loop, no closure a value, the place in a local: the writer's `,` straight after
        // a number is taken without skipping spaces first. Spaces and nulls go the slow way.
        let count = bytes.count
        var at = index
        while true {
            if at < count, bytes[at] == UInt8(ascii: "n") || bytes[at] <= 0x20 {
                index = at
                if nulls, null() {
                    values.append(.nan)
                } else {
                    guard let value = decimal() else { return nil }
                    values.append(value)
                }
                at = index
            } else {
                guard let (value, end) = Self.number(in: bytes, at: at) else { return nil }
                values.append(value)
                at = end
            }
            if at < count, bytes[at] == UInt8(ascii: ",") {
                at += 1
                continue
            }
            index = at
            if !take(UInt8(ascii: ",")) { return take(UInt8(ascii: "]")) ? values : nil }
            at = index
        }
    }
}

/// The workouts' tracks as a build sees them: which workouts have one, listed once with each
/// file's identity (for the pages' fingerprints), and each track read only when a page asks.
package struct StoredTracks: Sendable {
    package let folder: String
    /// Workout id → the `FileIdentity` words of its track file.
    private let identities: [String: [Int]]

    /// No tracks (a store without the folder, or a test's site).
    package static let none = StoredTracks(folder: "", identities: [:])

    private init(folder: String, identities: [String: [Int]]) {
        self.folder = folder
        self.identities = identities
    }

    /// Lists `layout.tracks`: every `<id>.json` that is a regular file under an id a track
    /// path can have.
    package init(layout: StoreLayout) {
        var identities: [String: [Int]] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.tracks)) ?? []
        for name in names where name.hasSuffix(".json") {
            let id = String(name.dropLast(5))
            guard let path = TrackFiles.path(layout, workout: id), let info = FileIdentity.status(of: path),
                (info.st_mode & S_IFMT) == S_IFREG
            else { continue }
            identities[id] = FileIdentity.words(info)
        }
        self.init(folder: layout.tracks, identities: identities)
    }

    package var count: Int { identities.count }

    /// The ids of the workouts with a track.
    package var ids: Dictionary<String, [Int]>.Keys { identities.keys }

    /// The identity of workout `id`'s track file; nil when it has none.
    package func identity(of id: String) -> [Int]? { identities[id] }

    /// Workout `id`'s track, read now; nil when it has none. A file that is not a sound track
    /// is an error naming it.
    package func track(of id: String) throws -> Track? {
        guard identities[id] != nil else { return nil }
        return try TrackFiles.read(at: folder + "/" + id + ".json")
    }
}
