import Foundation

/// One `<trk>` as it is read, reduced to what its activity needs: a file of a million points
/// costs a few numbers here, not a million points.
struct GPXTrack {
    typealias Point = (latitude: Double, longitude: Double)

    /// The track's `<type>` (GPX 1.1; some GPX 1.0 writers add it too).
    var type = ""
    /// The track's `<name>`, where it has one.
    var name = ""
    /// Its samples, kept for the workout's track.
    private var recorder = TrackRecorder()
    private(set) var points = 0
    /// The first point that has a time, and where it was: the activity's start and its id.
    private(set) var start: (time: XSDDateTime, point: Point)?
    private(set) var end: Date?
    private(set) var distance = 0.0
    /// Whether any two consecutive points of a segment were measured, so a distance of zero is
    /// a measurement and not the absence of one.
    private(set) var measured = false
    private var previous: Point?

    /// Distance is summed within a segment only: a gap between segments (the device lost its
    /// fix, or the person paused recording) is not walked, as in gpxpy.
    mutating func startSegment() { previous = nil }

    /// A point, its time and the rest of its sample (`sample` gets the point's time and position).
    mutating func add(_ point: Point, time: XSDDateTime?, sample: TrackRecorder.Sample) {
        var sample = sample
        sample.time = time?.date
        sample.latitude = point.latitude
        sample.longitude = point.longitude
        recorder.add(sample)
        points += 1
        if let previous {
            distance += GPXDistance.metres(from: point, to: previous)
            measured = true
        }
        previous = point
        guard let time else { return }
        if start == nil { start = (time, point) }
        end = time.date
    }

    /// The activity, or nil for a track with no time at all (it says when nothing happened).
    func activity() -> ImportedActivity? {
        guard let start, let end else { return nil }
        var activity = ImportedActivity(
            source: .gpx, sourceID: sourceID(start), sourceType: type, start: start.time.date, utcOffset: start.time.utcOffset,
            // A clock that stepped back gives a negative span: nothing to count, not a negative time.
            duration: max(0, end.timeIntervalSince(start.time.date)),
            // Zero is left out as no distance, as the Strava reader does, so an activity that did
            // not move never looks richer than one without a distance when duplicates are merged.
            distance: measured && distance > 0 ? distance : nil)
        activity.name = ImportedActivity.cleanName(name)
        activity.track = recorder.track()
        return activity
    }

    /// A hash of the start's time (to the millisecond) and place (to about 10 cm) and of the
    /// number of points: the same track exported again, by the same or another program, gets
    /// the same id, whatever the file's layout or the track's place in it.
    private func sourceID(_ start: (time: XSDDateTime, point: Point)) -> String {
        let milliseconds = Int64((start.time.date.timeIntervalSince1970 * 1000).rounded())
        let latitude = Int64((start.point.latitude * 1e6).rounded())
        let longitude = Int64((start.point.longitude * 1e6).rounded())
        return ContentHash.hex(of: "gpx-track|\(milliseconds)|\(latitude)|\(longitude)|\(points)")
    }
}
