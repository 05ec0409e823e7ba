import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fast path of `GPXReader`: the file through `XMLByteScanner` (several times faster than
/// `XMLParser`, which makes a `String` of every name, a dictionary of every tag's attributes
/// and a call through libxml2's SAX bridge for every event) into `GPXByteHandler`, which sums
/// tracks up exactly as `GPXHandler` does.
///
/// It reads a file exactly as the `XMLParser` path does, or not at all: whatever it is not
/// sure to read the same way, it gives up on (nil), and `GPXReader` reads the file again with
/// `XMLParser`, whose verdict stays the one users see, problems with their line and column
/// included. So it may refuse more than libxml2, never less: a file that is not well-formed
/// or not valid UTF-8 (the window checks every byte), a name with a non-ASCII character
/// (libxml2 checks Unicode's name classes, the scanner does not), a DOCTYPE (the other path
/// blanks it and refuses entity declarations in it), an encoding other than UTF-8 (UTF-16
/// files, Latin-1), a prolog longer than `XMLPrologCheck.limit`, a value the handler refuses
/// (`errors.import.gpx.*`, whose line the other path knows), and the few constructs where
/// the other path reads text differently (`GPXByteHandler`). Bad files are read twice; good
/// ones, nearly all, once.
enum GPXByteReader {
    /// Bytes per read; tests make it tiny, to put chunk ends everywhere.
    static let chunkSize = 256 << 10
    /// The longest tag, comment or CDATA section held whole; a longer one is left to `XMLParser`.
    static let longestConstruct = 1 << 20

    static func contents(of data: Data, chunkSize: Int = chunkSize, longestConstruct: Int = longestConstruct) -> GPXReader.Contents? {
        let window = FileByteWindow(data: data, chunkSize: chunkSize, longestConstruct: longestConstruct)
        return try? read(window)
    }

    /// Streams the file: never more than the window (a chunk and the longest construct) in memory.
    static func contents(ofFileAt path: String, chunkSize: Int = chunkSize, longestConstruct: Int = longestConstruct) -> GPXReader.Contents? {
        do {
            let window = try FileByteWindow(
                path: path, chunkSize: chunkSize, longestConstruct: longestConstruct, progressEvery: .max, progress: nil)
            return try read(window)
        } catch {
            return nil
        }
    }

    private static func read(_ window: FileByteWindow) throws(ReadFailure) -> GPXReader.Contents {
        window.validatesUTF8 = true
        var scanner = XMLByteScanner(
            window: window, start: try documentStart(window), reportsText: true, asciiNames: true, problems: .xml)
        var handler = GPXByteHandler()
        var sawRoot = false
        reading: while true {
            switch try scanner.next() {
            case .startTag:
                if !sawRoot {
                    try checkProlog(scanner)
                    sawRoot = true
                }
                try handler.start(scanner.tag)
            case .endTag: try handler.end(scanner.tag)
            case .text: try handler.text(scanner.textRun)
            case .processingInstruction: try handler.instruction()
            case .endOfDocument: break reading
            }
        }
        return GPXReader.Contents(activities: handler.activities, tracksWithoutTime: handler.tracksWithoutTime)
    }

    /// Past a UTF-8 byte-order mark, as libxml2 reads it. Any other mark (UTF-16, UTF-32) is
    /// left in place for the scanner to refuse.
    private static func documentStart(_ window: FileByteWindow) throws(ReadFailure) -> Int {
        while window.count < 3, try window.refill(keepingFrom: 0) {}
        let head = UnsafeBufferPointer(start: window.bytes, count: window.count)
        return head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// What is read differently from the `XMLParser` path before the root: a DOCTYPE (blanked
    /// there, after refusing entity declarations), an encoding libxml2 would convert from (or
    /// refuse: `ascii` with UTF-8 bytes in it), a prolog longer than its check reads.
    private static func checkProlog(_ scanner: XMLByteScanner) throws(ReadFailure) {
        let tag = scanner.tag
        let rootOffset = tag.offset(tag.start)
        guard !scanner.sawDoctype, scanner.declaredEncoding.map({ $0.lowercased() == "utf-8" }) ?? true,
            rootOffset + 64 < XMLPrologCheck.limit
        else { throw ReadFailure.xml("prolog", at: rootOffset) }
    }
}

/// `GPXHandler` over the byte scanner's events: the same elements in their places, matched by
/// local name, the same text (`GPXTextCapture`), the same numbers and times through the same
/// functions (`XMLText.decimal`, `XSDDateTime`), the same `GPXTrack`. Where `GPXHandler` would
/// throw, this throws too, and `GPXReader` lets `XMLParser` say where.
struct GPXByteHandler {
    private(set) var activities: [ImportedActivity] = []
    private(set) var tracksWithoutTime = 0

    /// The elements that matter, as the open-element stack holds them (`GPXHandler.Node`).
    private enum Node { case gpx, track, trackType, trackName, segment, point, pointTime, pointElevation, extensions, other }

    private var stack: [Node] = []
    private var track = GPXTrack()
    private var point: GPXTrack.Point?
    private var pointTime: XSDDateTime?
    private var sample = TrackRecorder.Sample()
    private var text = GPXTextCapture()

    /// A construct the `XMLParser` path reads differently (not a problem of the file, and never
    /// shown: `GPXReader` reads the file through that path instead).
    static let readDifferently = ReadFailure("gpx.readByXMLParser")

    init() { stack.reserveCapacity(XMLByteScanner.deepestNesting + 1) }

    mutating func start(_ tag: XMLTag) throws(ReadFailure) {
        // `XMLParser`'s relay counts an empty element's depth too, the scanner does not.
        guard tag.depth <= XMLByteScanner.deepestNesting else { throw ReadFailure.xml("tooDeep", at: tag.offset(tag.start)) }
        let name = try LocalName(tag)
        let node: Node
        switch stack.last {
        case nil:
            guard name.matches("gpx") else { throw ReadFailure("errors.import.gpx.notGPX") }
            node = .gpx
        case .gpx? where name.matches("trk"):
            node = .track
            track = GPXTrack()
        case .track? where name.matches("type"):
            node = .trackType
            text.start()
        case .track? where name.matches("name"):
            node = .trackName
            text.start()
        case .track? where name.matches("trkseg"):
            node = .segment
            track.startSegment()
        case .segment? where name.matches("trkpt"):
            node = .point
            point = try Self.coordinates(tag)
            pointTime = nil
            sample = TrackRecorder.Sample()
        case .point? where name.matches("time"):
            node = .pointTime
            text.start()
        case .point? where name.matches("ele"):
            node = .pointElevation
            text.start()
        case .point? where name.matches("extensions"), .extensions?:
            node = .extensions
            text.start()
        default: node = .other
        }
        stack.append(node)
        // `XMLParser` reports `<x/>` as a start and an end.
        if tag.isEmptyElement { try end(name) }
    }

    mutating func end(_ tag: XMLTag) throws(ReadFailure) {
        try end(try LocalName(tag))
    }

    private mutating func end(_ name: LocalName) throws(ReadFailure) {
        switch stack.popLast() {
        case .trackType?:
            track.type = text.finish()
        case .trackName?:
            track.name = text.finish()
        case .pointElevation?:
            // A value that does not read is no value, as in gpxpy; the point still counts.
            sample.elevation = text.finishDecimal() ?? .nan
        case .extensions?:
            if let number = text.finishDecimal() { name.set(number, on: &sample) }
            if stack.last == .extensions { text.start() }  // the enclosing extension element goes on
        case .pointTime?:
            let value = text.finish()
            // An empty `<time/>` is no time, as in gpxpy.
            guard !value.isEmpty else { break }
            guard let time = XSDDateTime(value) else { throw ReadFailure("errors.import.gpx.time") }
            pointTime = time
        case .point?:
            if let point { track.add(point, time: pointTime, sample: sample) }
        case .track?:
            if let activity = track.activity() { activities.append(activity) } else { tracksWithoutTime += 1 }
        default: break
        }
    }

    mutating func text(_ run: XMLTextRun) throws(ReadFailure) {
        guard text.isCapturing else { return }
        // The other path blanks `<?name?>` even inside CDATA (`EmptyPIFilter`): a kept text
        // with one in it would read differently there.
        if run.isCDATA, run.bytes.firstRange(of: [ASCII.less, ASCII.question]) != nil {
            throw Self.readDifferently
        }
        text.append(run)
    }

    /// A processing instruction in a kept text: the other path blanks one without data into
    /// spaces (`EmptyPIFilter`), which become part of the text there.
    mutating func instruction() throws(ReadFailure) {
        if text.isCapturing { throw Self.readDifferently }
    }

    /// `lat` and `lon`, required on every `trkpt` by both GPX versions, within their ranges. The
    /// attributes are matched by their whole name, as `XMLParser`'s dictionary keys them; their
    /// values are valid UTF-8, the window has checked every byte.
    private static func coordinates(_ tag: XMLTag) throws(ReadFailure) -> GPXTrack.Point {
        guard let latitudeAttribute = tag.attribute("lat"), let longitudeAttribute = tag.attribute("lon"),
            let latitude = tag.withValue(latitudeAttribute, XMLText.decimal(bytes:)),
            let longitude = tag.withValue(longitudeAttribute, XMLText.decimal(bytes:)),
            abs(latitude) <= 90, abs(longitude) <= 180
        else {
            throw ReadFailure("errors.import.gpx.point")
        }
        return (latitude, longitude)
    }
}

/// An element's local name, as `XMLParser` gives it with namespace processing on: what follows
/// the prefix's colon. A name with a colon at either end or more than one, which libxml2 reads
/// in its own ways, is left to it.
private struct LocalName {
    let start: UnsafePointer<UInt8>
    let count: Int

    init(_ tag: XMLTag) throws(ReadFailure) {
        let name = tag.nameBytes
        guard let base = name.baseAddress else { throw ReadFailure.xml("badMarkup", at: tag.offset(tag.start)) }
        guard let found = memchr(base, 0x3A, name.count) else {
            (start, count) = (base, name.count)
            return
        }
        let colon = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        guard colon > 0, colon < name.count - 1, memchr(base + colon + 1, 0x3A, name.count - colon - 1) == nil else {
            throw ReadFailure.xml("badMarkup", at: tag.offset(tag.start))
        }
        (start, count) = (base + colon + 1, name.count - colon - 1)
    }

    func matches(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && memcmp(start, literal.utf8Start, count) == 0
    }

    /// A point's extension value, by local name, at any depth below the point's `<extensions>`
    /// (`GPXHandler.set`): Garmin's TrackPointExtension (`hr`, `cad`, `speed`), and the power
    /// others write (`power`, `PowerInWatts`).
    func set(_ value: Double, on sample: inout TrackRecorder.Sample) {
        if matches("hr") {
            sample.heartRate = value
        } else if matches("cad") {
            sample.cadence = value
        } else if matches("speed") {
            sample.speed = value
        } else if matches("power") || matches("PowerInWatts") {
            sample.power = value
        }
    }
}

/// `TextCapture` over raw text runs: the first `TextCapture.limit` bytes of an element's
/// decoded text (a longer text is cut there, as `TextCapture` cuts it, mid-character even),
/// trimmed of XML white space.
struct GPXTextCapture {
    private var bytes: [UInt8] = []
    private(set) var isCapturing = false

    init() { bytes.reserveCapacity(TextCapture.limit + 4) }

    mutating func start() {
        bytes.removeAll(keepingCapacity: true)
        isCapturing = true
    }

    mutating func append(_ run: XMLTextRun) {
        XMLTextDecoder.append(run, to: &bytes, limit: TextCapture.limit)
    }

    mutating func finish() -> String {
        isCapturing = false
        return String(decoding: XMLText.trimmed(bytes.prefix(TextCapture.limit)), as: UTF8.self)
    }

    /// `XMLText.decimal(finish())`, without the `String` of the text. (Bytes cut mid-character
    /// at the limit are no number either way.)
    mutating func finishDecimal() -> Double? {
        isCapturing = false
        return bytes.withUnsafeBufferPointer { buffer in
            XMLText.decimal(bytes: UnsafeBufferPointer(rebasing: buffer.prefix(TextCapture.limit)))
        }
    }
}
