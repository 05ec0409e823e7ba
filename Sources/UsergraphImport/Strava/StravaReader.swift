import Foundation

/// Strava's bulk export (Settings → My Account → Download or Delete Your Account): its
/// `activities.csv` has one row per activity. Several columns appear twice under one name:
/// the first `Distance` is in the account's unit (km or miles) and rounded, the second is
/// metres, so metres are taken from the second; `Elapsed Time` is seconds in both. Times
/// (`Activity Date`) are UTC, written `Oct 5, 2014, 4:15:21 PM`. A row's `Filename` names the
/// activity's file in the export (`activities/123.fit.gz`): its samples are the workout's
/// track, read by the export reader (`trackFile`); its totals are the row's.
enum StravaReader {
    /// The activities of an `activities.csv`.
    static func read(_ data: Data) throws -> [ImportedActivity] {
        var rows = CSVRows(data)
        guard let header = try rows.next() else { throw ImportProblem("errors.import.strava.empty") }
        let columns = Columns(header)
        guard let id = columns.first("Activity ID"), let date = columns.first("Activity Date"),
            let type = columns.first("Activity Type"), let elapsed = columns.first("Elapsed Time")
        else {
            throw ImportProblem("errors.import.strava.columns")
        }
        let metres = columns.second("Distance")
        let moving = columns.first("Moving Time")
        let calories = columns.first("Calories")
        let name = columns.first("Activity Name")
        let file = columns.first("Filename")
        var activities: [ImportedActivity] = []
        while let row = try rows.next() {
            let line = rows.line
            func field(_ index: Int?) -> String? { CSVRows.field(index, of: row) }
            guard let activityID = field(id), let started = field(date).flatMap(Self.date),
                let seconds = field(elapsed).flatMap(Double.init), seconds >= 0
            else {
                throw ImportProblem("errors.import.strava.row", ["line": String(line)])
            }
            var activity = ImportedActivity(
                source: .strava, sourceID: activityID, sourceType: field(type) ?? "", start: started, utcOffset: 0,
                duration: seconds, movingTime: field(moving).flatMap(Double.init),
                distance: field(metres).flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil },
                energy: field(calories).flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil })
            activity.name = field(name).flatMap(ImportedActivity.cleanName)
            activity.trackFile = field(file)
            activities.append(activity)
        }
        return activities
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Oct 5, 2014, 4:15:21 PM` (UTC).
    static func date(_ text: String) -> Date? {
        let parts = text.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        guard parts.count == 5, let month = months.firstIndex(of: String(parts[0])).map({ $0 + 1 }),
            let day = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...12).contains(clock[0]), (0..<60).contains(clock[1]), (0..<61).contains(clock[2]) else { return nil }
        let pm = parts[4] == "PM"
        guard pm || parts[4] == "AM" else { return nil }
        let hour = clock[0] % 12 + (pm ? 12 : 0)
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: clock[1], second: clock[2])
        components.timeZone = TimeZone(secondsFromGMT: 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.date(from: components)
    }

    /// Header names to column indices, keeping every occurrence of a repeated name.
    struct Columns {
        private var indices: [String: [Int]] = [:]

        init(_ header: [String]) {
            for (index, name) in header.enumerated() {
                indices[name.trimmingCharacters(in: .whitespaces), default: []].append(index)
            }
        }

        func first(_ name: String) -> Int? { indices[name]?.first }
        func second(_ name: String) -> Int? { indices[name].flatMap { $0.count > 1 ? $0[1] : nil } }
    }
}

/// RFC 4180 rows: fields separated by commas, quoted fields may hold commas, quotes (doubled)
/// and line breaks (an activity's description).
struct CSVRows {
    private let bytes: [UInt8]
    private var index = 0
    /// The file's line on which the row `next()` last returned starts (1 for the header): a
    /// quoted field's line breaks count, so a message names the line an editor shows.
    private(set) var line = 0
    private var lineAtIndex = 1

    init(_ data: Data) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a byte-order mark
        self.bytes = bytes
    }

    /// The trimmed text of a row's column, or nil when the row is short or the field empty.
    static func field(_ index: Int?, of row: [String]) -> String? {
        guard let index, index < row.count else { return nil }
        let text = row[index].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    mutating func next() throws -> [String]? {
        guard index < bytes.count else { return nil }
        line = lineAtIndex
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") { lineAtIndex += 1 }
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): quoted = true
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\n"):
                fields.append(String(decoding: field, as: UTF8.self))
                return fields
            case UInt8(ascii: "\r"): break
            default: field.append(byte)
            }
        }
        if quoted { throw ImportProblem("errors.import.csv.unclosedQuote") }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }
}
