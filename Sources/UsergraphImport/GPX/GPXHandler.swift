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
    private enum Node { case gpx, track, trackType, segment, point, pointTime, other }

    private var stack: [Node] = []
    private var track = GPXTrack()
    private var point: GPXTrack.Point?
    private var pointTime: XSDDateTime?
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
        case (.track?, "trkseg"):
            node = .segment
            track.startSegment()
        case (.segment?, "trkpt"):
            node = .point
            point = try Self.coordinates(attributes, at: location)
            pointTime = nil
        case (.point?, "time"):
            node = .pointTime
            text.start()
        default: node = .other
        }
        stack.append(node)
    }

    func didEnd(_ element: String, at location: XMLLocation) throws {
        switch stack.popLast() {
        case .trackType?:
            track.type = text.finish()
        case .pointTime?:
            let value = text.finish()
            // An empty `<time/>` is no time, as in gpxpy.
            guard !value.isEmpty else { break }
            guard let time = XSDDateTime(value) else {
                throw ImportProblem("errors.import.gpx.time", ["line": String(location.line), "value": String(value.prefix(40))])
            }
            pointTime = time
        case .point?:
            if let point { track.add(point, time: pointTime) }
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
