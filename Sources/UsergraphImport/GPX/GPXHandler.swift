import Foundation

/// Follows a GPX document (1.0 or 1.1; elements are matched by local name, so either version's
/// namespace, or none, is read alike) and sums up each `<trk>` as it ends. Only elements in
/// their place count: `gpx/trk/type` and `gpx/trk/trkseg/trkpt/time`, not a waypoint's `<type>`
/// or the `<time>` of the file's metadata. Routes and waypoints are planned, not done, and
/// give no activity.
final class GPXHandler: XMLEventHandler {
    private(set) var activities: [ImportedActivity] = []
    private(set) var tracksWithoutTime = 0

    /// The elements that matter, as the open-element stack holds them.
    private enum Node { case gpx, track, trackType, trackName, segment, point, pointTime, pointElevation, extensions, other }

    /// A point's extension value, by local name, at any depth below the point's
    /// `<extensions>`: Garmin's TrackPointExtension (`hr`, `cad`, `speed`), and the power others
    /// write (`power`, `PowerInWatts`).
    private static func set(_ element: String, _ value: Double, on sample: inout TrackRecorder.Sample) {
        switch element {
        case "hr": sample.heartRate = value
        case "cad": sample.cadence = value
        case "speed": sample.speed = value
        case "power", "PowerInWatts": sample.power = value
        default: break
        }
    }

    private var stack: [Node] = []
    private var track = GPXTrack()
    private var point: GPXTrack.Point?
    private var pointTime: XSDDateTime?
    private var sample = TrackRecorder.Sample()
    private var text = TextCapture()

    func didStart(_ element: String, attributes: [String: String], at location: XMLLocation) throws {
        let node: Node
        switch (stack.last, element) {
        case (nil, "gpx"): node = .gpx
        case (nil, _): throw ImportProblem("errors.import.gpx.notGPX", ["root": String(element.prefix(100))])
        case (.gpx?, "trk"):
            node = .track
            track = GPXTrack()
        case (.track?, "type"):
            node = .trackType
            text.start()
        case (.track?, "name"):
            node = .trackName
            text.start()
        case (.track?, "trkseg"):
            node = .segment
            track.startSegment()
        case (.segment?, "trkpt"):
            node = .point
            point = try Self.coordinates(attributes, at: location)
            pointTime = nil
            sample = TrackRecorder.Sample()
        case (.point?, "time"):
            node = .pointTime
            text.start()
        case (.point?, "ele"):
            node = .pointElevation
            text.start()
        case (.point?, "extensions"), (.extensions?, _):
            node = .extensions
            text.start()
        default: node = .other
        }
        stack.append(node)
    }

    func didEnd(_ element: String, at location: XMLLocation) throws {
        switch stack.popLast() {
        case .trackType?:
            track.type = text.finish()
        case .trackName?:
            track.name = text.finish()
        case .pointElevation?:
            // A value that does not read is no value, as in gpxpy; the point still counts.
            sample.elevation = XMLText.decimal(text.finish()) ?? .nan
        case .extensions?:
            let value = text.finish()
            if let number = XMLText.decimal(value) { Self.set(element, number, on: &sample) }
            if stack.last == .extensions { text.start() }  // the enclosing extension element goes on
        case .pointTime?:
            let value = text.finish()
            // An empty `<time/>` is no time, as in gpxpy.
            guard !value.isEmpty else { break }
            guard let time = XSDDateTime(value) else {
                throw ImportProblem("errors.import.gpx.time", ["line": String(location.line), "value": String(value.prefix(40))])
            }
            pointTime = time
        case .point?:
            if let point { track.add(point, time: pointTime, sample: sample) }
        case .track?:
            if let activity = track.activity() { activities.append(activity) } else { tracksWithoutTime += 1 }
        default: break
        }
    }

    func found(_ string: String) { text.append(string) }

    /// `lat` and `lon`, required on every `trkpt` by both GPX versions, within their ranges.
    private static func coordinates(_ attributes: [String: String], at location: XMLLocation) throws -> GPXTrack.Point {
        guard let latitude = attributes["lat"].flatMap(XMLText.decimal), let longitude = attributes["lon"].flatMap(XMLText.decimal),
            abs(latitude) <= 90, abs(longitude) <= 180
        else {
            throw ImportProblem("errors.import.gpx.point", location.lineArgument)
        }
        return (latitude, longitude)
    }
}
