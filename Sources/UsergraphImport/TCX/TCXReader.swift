import Foundation

/// Reads Garmin TCX files: each `<Activity Sport="…">` is one activity, its `Sport` the
/// source type and its `<Id>` (the start time, which Garmin uses as the id) both its start and
/// its `sourceID`. Duration, distance and energy are the sums of its laps' totals
/// (`TCXHandler`). An activity without laps gives none and is counted in
/// `activitiesWithoutLaps`.
enum TCXReader {
    struct Contents: Equatable {
        var activities: [ImportedActivity] = []
        /// Activities with no lap, hence no duration: not understood.
        var activitiesWithoutLaps = 0
    }

    static func read(_ data: Data) throws -> [ImportedActivity] {
        try contents(of: data).activities
    }

    static func read(fileAt path: String) throws -> [ImportedActivity] {
        try contents(ofFileAt: path).activities
    }

    static func contents(of data: Data) throws -> Contents {
        let handler = TCXHandler()
        try SecureXMLParser.parse(data, with: handler)
        return Contents(activities: handler.activities, activitiesWithoutLaps: handler.activitiesWithoutLaps)
    }

    /// Streams the file, which is never in memory as a whole.
    static func contents(ofFileAt path: String) throws -> Contents {
        let handler = TCXHandler()
        try SecureXMLParser.parse(fileAt: path, with: handler)
        return Contents(activities: handler.activities, activitiesWithoutLaps: handler.activitiesWithoutLaps)
    }
}
