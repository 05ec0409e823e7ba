import Foundation
import Testing
@testable import UsergraphImport
import UsergraphTestSupport

/// The byte scanner's GPX path (`GPXByteReader`) against the `XMLParser` path it stands in
/// for: the same contents for every file it reads, in any chunking, and no reading at all
/// (so that `XMLParser` reads, and judges) for the files it must not read alone.
@Suite(.scratch) struct GPXByteReaderTests {
    static let fixtures = TestPaths.fixtures + "/import"

    /// Tiny chunks put a chunk end inside every tag, text, reference and CR LF pair.
    static let chunkings: [(chunk: Int, longest: Int)] = [(1, 4096), (2, 4096), (3, 4096), (7, 4096), (61, 8192), (256 << 10, 1 << 20)]

    static func fixturePaths() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: fixtures)
        var paths: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".gpx") { paths.append(fixtures + "/" + name) }
        }
        return paths.sorted()
    }

    /// The fast path, from memory and from a file, in every chunking, equals the `XMLParser` path.
    static func expectSame(_ data: Data, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parsed = try GPXReader.parsedContents(of: data)
        let path = try TestPaths.scratch() + "/same.gpx"
        try data.write(to: URL(fileURLWithPath: path))
        for (chunk, longest) in chunkings {
            let fast = GPXByteReader.contents(of: data, chunkSize: chunk, longestConstruct: longest)
            #expect(fast == parsed, "\(label), chunks of \(chunk)", sourceLocation: sourceLocation)
            let streamed = GPXByteReader.contents(ofFileAt: path, chunkSize: chunk, longestConstruct: longest)
            #expect(streamed == parsed, "\(label) from a file, chunks of \(chunk)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyGPXFixtureReadsAsXMLParserReadsIt() throws {
        let paths = try Self.fixturePaths()
        #expect(paths.count >= 7)
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try Self.expectSame(data, path)
            #expect(try GPXReader.contents(of: data) == GPXReader.parsedContents(of: data), "\(path)")
            #expect(try GPXReader.contents(ofFileAt: path) == GPXReader.parsedContents(ofFileAt: path), "\(path)")
        }
    }

    static func gpx(_ body: String, head: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") -> Data {
        Data(
            (head
                + """
                <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" \
                xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
                \(body)
                </gpx>
                """).utf8)
    }

    static func point(_ inner: String, lat: String = "45.0", minute: Int = 0) -> String {
        "<trkpt lat=\"\(lat)\" lon=\"14.0\"><time>2024-05-01T07:\(minute < 10 ? "0" : "")\(minute):00Z</time>\(inner)</trkpt>"
    }

    /// Text as XML reads it: the five entities, character references, CDATA, comments and
    /// elements inside a kept text, CR LF and lone CR (read as line feeds, but in CDATA), white
    /// space trimmed, a text past the capture's limit cut mid-character, names in any script.
    @Test func textReadsAsXMLParserReadsIt() throws {
        let long = String(repeating: "é", count: 700)
        let names = [
            "A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;", "Caf&#233; &#x1F3C3; run", "<![CDATA[Fish & <chips>]]> and more",
            "a<!-- comment -->b", "Morning<b>bold</b>run", "two\r\nlines\rand\r\n\r\nmore &#13;&#10;refs", "  \n\t padded \n ",
            "Прогулка €", long, "", "<![CDATA[]]>", "x<![CDATA[\r\n]]>y",
            "<![CDATA[" + String(repeating: "ab\r\ncd\re", count: 90) + "]]>\r\n&amp;\r",
        ]
        for name in names {
            let data = Self.gpx("<trk><name>\(name)</name><type>\(name)</type><trkseg>\(Self.point(""))\(Self.point("", minute: 1))</trkseg></trk>")
            try Self.expectSame(data, name)
            #expect(GPXByteReader.contents(of: data) != nil, "\(name)")
        }
    }

    /// Extension values by local name at any depth, with declared and undeclared prefixes, in
    /// GPX 1.0 and 1.1; elevations, times with offsets, points without a time, values that do
    /// not read, empty elements, several tracks and segments.
    @Test func samplesReadAsXMLParserReadsThem() throws {
        let points = [
            Self.point(
                "<ele>100.5</ele><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad> 80 </gpxtpx:cad>"
                    + "<gpxtpx:speed>3.5</gpxtpx:speed></gpxtpx:TrackPointExtension><power>250</power></extensions>"),
            Self.point("<ele>abc</ele><extensions><ns3:TrackPointExtension><ns3:hr>151</ns3:hr></ns3:TrackPointExtension></extensions>", minute: 1),
            Self.point("<extensions><x><y><z><PowerInWatts>300</PowerInWatts></z></y>12</x><hr>1e2</hr><cad>nan</cad></extensions>", minute: 2),
            "<trkpt lat=\"45.003\" lon=\"14.0\"><ele>90</ele></trkpt>",
            "<trkpt lat=\" 45.004 \" lon='14.0'><time>2024-05-01T09:04:00.125+02:00</time><time/></trkpt>",
            Self.point("<extensions><hr>160<sub>1</sub>2</hr></extensions>", minute: 5),
            "<trkpt lat=\"45.006\" lon=\"14.0\"/>",
            Self.point("<extensions/><ele/>", lat: "45.007", minute: 7),
        ]
        let body =
            "<metadata><time>2030-01-01T00:00:00Z</time></metadata><wpt lat=\"1\" lon=\"2\"><time>x</time></wpt>"
            + "<trk><name>One</name><trkseg>\(points[0..<4].joined(separator: "\r\n"))</trkseg>"
            + "<trkseg>\(points[4...].joined(separator: "\n"))</trkseg></trk>"
            + "<trk><trkseg><trkpt lat=\"1\" lon=\"1\"/><trkpt lat=\"1.1\" lon=\"1\"/></trkseg></trk>"
            + "<gpx:trk xmlns:gpx=\"http://www.topografix.com/GPX/1/1\"><gpx:type>9</gpx:type><gpx:trkseg>\(Self.point(""))</gpx:trkseg></gpx:trk>"
        let data = Self.gpx(body)
        try Self.expectSame(data, "samples")
        let contents = try #require(GPXByteReader.contents(of: data))
        #expect(contents.activities.count == 2 && contents.tracksWithoutTime == 1)
        let track = try #require(contents.activities.first?.track?.samples)
        #expect(track[.hr]?.prefix(3).map { $0 } == [150, 151, 100])
        #expect(track[.power]?.first == 250)

        // GPX 1.0, without namespaces, with the extension elements directly in the point.
        let gpx10 = Data(
            """
            <?xml version="1.0"?>
            <gpx version="1.0"><trk><trkseg>
            <trkpt lat="45.0" lon="14.0"><time>2010-08-05T14:23:59Z</time><gpxtpx:hr>150</gpxtpx:hr></trkpt>
            <trkpt lat="45.0" lon="14.001"><time>2010-08-05T14:24:09Z</time><speed>2</speed></trkpt>
            </trkseg></trk></gpx>
            """.utf8)
        try Self.expectSame(gpx10, "GPX 1.0")
        #expect(GPXByteReader.contents(of: gpx10) != nil)
    }

    /// What the byte path leaves to `XMLParser`, which reads it or says what is wrong: the
    /// reader's answer stays the `XMLParser` path's, whatever it is.
    @Test func whatTheByteReaderGivesUpOnIsReadByXMLParser() throws {
        let track = "<trk><name>N</name><trkseg>\(Self.point(""))</trkseg></trk>"
        var files: [(String, Data)] = [
            ("DOCTYPE", Self.gpx(track, head: "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ELEMENT gpx ANY>]>\n")),
            ("entities", Self.gpx(track, head: "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x \"y\">]>\n")),
            ("Latin-1", Self.gpx("<trk><name>\u{E9}</name></trk>", head: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n")),
            ("ASCII", Self.gpx(track.replacingOccurrences(of: ">N<", with: ">\u{E9}<"), head: "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n")),
            ("empty instruction in a name", Self.gpx(track.replacingOccurrences(of: ">N<", with: ">Mor<?x?>ning<"))),
            ("instruction in a CDATA name", Self.gpx(track.replacingOccurrences(of: ">N<", with: "><![CDATA[a<?x?>b]]><"))),
            ("non-ASCII element name", Self.gpx("<trk><naïve>1</naïve>\(track)</trk>")),
            ("bad time", Self.gpx(track.replacingOccurrences(of: "2024-05-01T07:00:00Z", with: "soon"))),
            ("bad point", Self.gpx(track.replacingOccurrences(of: "lat=\"45.0\"", with: "lat=\"95\""))),
            ("not GPX", Data("<?xml version=\"1.0\"?>\n<kml><Document/></kml>".utf8)),
            ("malformed", Data("<?xml version=\"1.0\"?>\n<gpx>\n  <trk><name>a</nam></trk>\n</gpx>\n".utf8)),
            ("truncated", Self.gpx(track).prefix(200)),
            ("odd colons", Self.gpx("<trk><a:b:c/>\(track)</trk>")),
            ("UTF-16", try #require(String(decoding: Self.gpx(track), as: UTF8.self).data(using: .utf16))),
            ("empty", Data()),
            ("too deep", Self.gpx(String(repeating: "<a>", count: 63) + "<b/>" + String(repeating: "</a>", count: 63))),
        ]
        var invalid = Self.gpx("<!-- x -->" + track)
        invalid[invalid.firstRange(of: Data("x -->".utf8))?.lowerBound ?? 0] = 0xC0
        files.append(("invalid UTF-8 in a comment", invalid))
        var nonCharacter = Self.gpx("<!-- xxx -->" + track)
        let comment = nonCharacter.firstRange(of: Data("xxx".utf8))?.lowerBound ?? 0
        nonCharacter.replaceSubrange(comment..<(comment + 3), with: [0xEF, 0xBF, 0xBE])
        files.append(("U+FFFE in a comment", nonCharacter))

        for (label, data) in files {
            #expect(GPXByteReader.contents(of: data) == nil, "\(label)")
            let parsed = Outcome { try GPXReader.parsedContents(of: data) }
            #expect(Outcome { try GPXReader.contents(of: data) } == parsed, "\(label)")
            let path = try TestPaths.scratch() + "/given-up.gpx"
            try data.write(to: URL(fileURLWithPath: path))
            #expect(GPXByteReader.contents(ofFileAt: path) == nil, "\(label)")
            #expect(Outcome { try GPXReader.contents(ofFileAt: path) } == parsed, "\(label)")
        }
    }

    /// What reading a file gave: its contents or the problem.
    enum Outcome: Equatable {
        case read(GPXReader.Contents)
        case failed(ImportProblem?)

        init(_ body: () throws -> GPXReader.Contents) {
            do { self = .read(try body()) } catch { self = .failed(error as? ImportProblem) }
        }
    }

    /// Text runs end at chunk ends and references, never between CR and LF; CDATA comes whole.
    @Test func scannerReportsTextInRuns() throws {
        let document = "<a>x &amp; y\r\n<![CDATA[<z>\r\n]]>&#65;<?pi data?>\r</a>"
        for chunk in [1, 2, 3, 5, 64] {
            let window = FileByteWindow(data: Data(document.utf8), chunkSize: chunk, longestConstruct: 64)
            var scanner = XMLByteScanner(window: window, start: 0, reportsText: true)
            var text: [UInt8] = []
            var instructions = 0
            reading: while true {
                switch try scanner.next() {
                case .text: XMLTextDecoder.append(scanner.textRun, to: &text, limit: 1000)
                case .processingInstruction: instructions += 1
                case .endOfDocument: break reading
                case .startTag, .endTag: continue
                }
            }
            #expect(String(decoding: text, as: UTF8.self) == "x & y\n<z>\r\nA\n", "chunks of \(chunk)")
            #expect(instructions == 1)
        }
    }

    @Test func characterCheck() {
        func valid(_ bytes: [UInt8], split: Int) -> Bool {
            var check = XMLCharacterCheck()
            let whole = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return true }
                return check.check(base, split) && check.check(base + split, bytes.count - split)
            }
            return whole && check.isComplete
        }
        let good: [[UInt8]] = [Array("plain ascii text!".utf8), Array("é€🏃 and U+FFFD \u{FFFD}".utf8), [0xEF, 0xBF, 0xBD]]
        let bad: [[UInt8]] = [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80]]
        for bytes in good {
            for split in 0...bytes.count { #expect(valid(bytes, split: split), "\(bytes) at \(split)") }
        }
        for bytes in bad {
            for split in 0...bytes.count { #expect(!valid(bytes, split: split), "\(bytes) at \(split)") }
        }
    }
}
