import Foundation

/// Reads GPX files (1.0 and 1.1): each `<trk>` is one activity. Its start is its first point's
/// time, its duration the span to its last time (points without a time still count for the
/// distance), its distance the sum over each segment's consecutive points as gpxpy measures
/// it (`GPXDistance`), and its type the track's `<type>`, if any. Times are UTC; `utcOffset`
/// is set only where a time carries an explicit offset. A track with no time at all gives no
/// activity and is counted in `tracksWithoutTime`; a file of routes or waypoints only gives
/// none, which is not an error.
enum GPXReader {
    struct Contents: Equatable {
        var activities: [ImportedActivity] = []
        /// Tracks that say nothing about when they were recorded: not understood as activities.
        var tracksWithoutTime = 0
    }

    static func read(_ data: Data) throws -> [ImportedActivity] {
        try contents(of: data).activities
    }

    static func read(fileAt path: String) throws -> [ImportedActivity] {
        try contents(ofFileAt: path).activities
    }

    /// Read by the byte scanner (`GPXByteReader`), or, for any file it gives up on (a bad one,
    /// one in UTF-16…), by `XMLParser`, which then says what is wrong and where.
    static func contents(of data: Data) throws -> Contents {
        if let contents = GPXByteReader.contents(of: data) { return contents }
        return try parsedContents(of: data)
    }

    /// Streams the file: a 100 MB track is never in memory as a whole, on either path.
    static func contents(ofFileAt path: String) throws -> Contents {
        if let contents = GPXByteReader.contents(ofFileAt: path) { return contents }
        return try parsedContents(ofFileAt: path)
    }

    /// Through `XMLParser` and `GPXHandler`: the reader of every file before the byte scanner,
    /// and still the one of the files that scanner gives up on.
    static func parsedContents(of data: Data) throws -> Contents {
        let handler = GPXHandler()
        try SecureXMLParser.parse(data, with: handler)
        return Contents(activities: handler.activities, tracksWithoutTime: handler.tracksWithoutTime)
    }

    static func parsedContents(ofFileAt path: String) throws -> Contents {
        let handler = GPXHandler()
        try SecureXMLParser.parse(fileAt: path, with: handler)
        return Contents(activities: handler.activities, tracksWithoutTime: handler.tracksWithoutTime)
    }
}
