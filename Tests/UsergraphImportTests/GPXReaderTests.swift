import Foundation
import Testing
@testable import UsergraphImport
import UsergraphTestSupport

/// GPX reading, checked against gpxpy's figures for real files (Fixtures/import/gpx, whose
/// expected.json make-expected.py computes), and the safety of the shared XML parsing
/// (`SecureXMLParser`): external entities, "billion laughs", malformed and truncated files.
@Suite(.scratch) struct GPXReaderTests {
    static let fixtures = TestPaths.fixtures + "/import/gpx"

    // MARK: Real files against gpxpy

    struct Expected: Decodable {
        struct File: Decodable {
            var activityCount: Int
            var tracksWithoutTime: Int
            var activities: [Activity]
        }
        struct Activity: Decodable {
            var start: String
            var startMicroseconds: Int64
            var utcOffset: Int?
            var duration: Double
            var distance: Double
            var sourceType: String
        }
        var files: [String: File]

        static func load() throws -> Expected {
            let data = try Data(contentsOf: URL(fileURLWithPath: GPXReaderTests.fixtures + "/expected.json"))
            return try JSONDecoder().decode(Expected.self, from: data)
        }
    }

    @Test func fixturesAgreeWithGpxpy() throws {
        let expected = try Expected.load()
        #expect(expected.files.count == 6)
        for (name, file) in expected.files.sorted(by: { $0.key < $1.key }) {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name))
            let contents = try GPXReader.contents(of: data)
            #expect(contents.activities.count == file.activityCount, "\(name)")
            #expect(contents.tracksWithoutTime == file.tracksWithoutTime, "\(name)")
            for (activity, wanted) in zip(contents.activities, file.activities) {
                #expect(activity.source == .gpx)
                // Exact to gpxpy's resolution, the microsecond (Mojstrovka.gpx writes 7 digits).
                let microseconds = (activity.start.timeIntervalSince1970 * 1_000_000).rounded()
                #expect(abs(microseconds - Double(wanted.startMicroseconds)) <= 1, "\(name) start \(wanted.start)")
                #expect(activity.utcOffset == wanted.utcOffset, "\(name) \(wanted.start)")
                #expect(abs(activity.duration - wanted.duration) <= 0.001, "\(name) \(wanted.start)")
                let distance = try #require(activity.distance, "\(name) \(wanted.start)")
                #expect(abs(distance - wanted.distance) <= 0.001 * wanted.distance, "\(name) \(wanted.start): \(distance) vs \(wanted.distance)")
                #expect(activity.sourceType == wanted.sourceType, "\(name) \(wanted.start)")
                #expect(activity.sourceID.count == 16, "\(name)")
            }
        }
    }

    @Test func fileIsStreamedToTheSameActivities() throws {
        for name in ["tkrajina-gpxpy/cerknicko-jezero.gpx", "placemark-togeojson/apple_watch_route.gpx"] {
            let path = Self.fixtures + "/" + name
            let streamed = try GPXReader.contents(ofFileAt: path)
            #expect(streamed == (try GPXReader.contents(of: Data(contentsOf: URL(fileURLWithPath: path)))))
            #expect(!streamed.activities.isEmpty)
        }
    }

    @Test func sourceIDsAreStableDistinctAndIndependentOfLayout() throws {
        let path = Self.fixtures + "/tkrajina-gpxpy/cerknicko-jezero.gpx"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let first = try GPXReader.read(data).map(\.sourceID)
        #expect(first == (try GPXReader.read(data).map(\.sourceID)))
        #expect(Set(first).count == first.count)
        // The same tracks, indented differently and behind a comment: the same ids.
        var text = try #require(String(data: data, encoding: .utf8))
        text = text.replacingOccurrences(of: "\n", with: "\n    ").replacingOccurrences(of: "<gpx", with: "<!-- re-exported -->\n<gpx")
        #expect(try GPXReader.read(Data(text.utf8)).map(\.sourceID) == first)
        // The hash is pinned: a change to it would make every re-import a duplicate.
        #expect(ContentHash.hex(of: "") == "cbf29ce484222325")
        #expect(ContentHash.hex(of: "a") == "af63dc4c8601ec8c")
    }

    // MARK: What a track gives

    static func gpx(_ body: String, version: String = "1.1") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="\(version)" creator="test" xmlns="http://www.topografix.com/GPX/\(version == "1.1" ? "1/1" : "1/0")">
            \(body)
            </gpx>
            """.utf8)
    }

    @Test func routesAndWaypointsGiveNoActivity() throws {
        let onlyPlans = Self.gpx(
            """
            <wpt lat="45.1" lon="14.1"><time>2024-05-01T07:00:00Z</time><type>Summit</type></wpt>
            <rte><name>Plan</name><rtept lat="45.1" lon="14.1"><time>2024-05-01T07:00:00Z</time></rtept>
            <rtept lat="45.2" lon="14.2"/></rte>
            """)
        #expect(try GPXReader.contents(of: onlyPlans) == GPXReader.Contents())
        let waypoint = Self.fixtures + "/tkrajina-gpxpy/gpx_with_garmin_extension.gpx"
        #expect(try GPXReader.contents(ofFileAt: waypoint) == GPXReader.Contents())
    }

    @Test func trackTypeTimesAndDistance() throws {
        let data = Self.gpx(
            """
            <metadata><time>2030-01-01T00:00:00Z</time></metadata>
            <trk><name>Morning</name><type> running </type>
              <trkseg>
                <trkpt lat="45.0" lon="14.0"><ele>100</ele></trkpt>
                <trkpt lat="45.001" lon="14.0"><time>2024-05-01T07:00:00.5+02:00</time><type>not the track's</type></trkpt>
                <trkpt lat="45.002" lon="14.0"><time>2024-05-01T07:10:00+02:00</time></trkpt>
              </trkseg>
              <trkseg>
                <trkpt lat="46.0" lon="15.0"><time>2024-05-01T07:20:00.25+02:00</time></trkpt>
                <trkpt lat="46.001" lon="15.0"></trkpt>
              </trkseg>
            </trk>
            <trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.1" lon="1"/></trkseg></trk>
            """)
        let contents = try GPXReader.contents(of: data)
        #expect(contents.tracksWithoutTime == 1)
        let activity = try #require(contents.activities.first)
        #expect(contents.activities.count == 1)
        #expect(activity.sourceType == "running")
        // The first timed point, not the first point nor the metadata's time; UTC, offset kept.
        #expect(activity.start == Date(timeIntervalSince1970: 1_714_539_600.5))
        #expect(activity.utcOffset == 7200)
        #expect(abs(activity.duration - 1199.75) < 1e-6)
        // Three steps of 0.001° of latitude within segments; the jump between segments is not walked.
        let step = GPXDistance.oneDegree * 0.001
        #expect(abs(try #require(activity.distance) - 3 * step) < 1e-4)
    }

    @Test func gpx10AndUndeclaredPrefixesAreRead() throws {
        let data = Self.gpx(
            """
            <trk><trkseg>
              <trkpt lat="45.0" lon="14.0"><time>2010-08-05T14:23:59Z</time><gpxtpx:hr>150</gpxtpx:hr></trkpt>
              <trkpt lat="45.0" lon="14.001"><time>2010-08-05T14:24:09Z</time></trkpt>
            </trkseg></trk>
            """, version: "1.0")
        let activity = try #require(try GPXReader.read(data).first)
        #expect(activity.duration == 10)
        #expect(activity.utcOffset == nil)
        #expect(activity.sourceType == "")
    }

    @Test func utf16FilesAreRead() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-16"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>Лыжи</type><trkseg>
            <trkpt lat="55.7" lon="37.6"><time>2024-01-05T10:00:00Z</time></trkpt>
            <trkpt lat="55.71" lon="37.6"><time>2024-01-05T10:05:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let data = try #require(text.data(using: .utf16))
        let activity = try #require(try GPXReader.read(data).first)
        #expect(activity.sourceType == "Лыжи")
        #expect(activity.duration == 300)
    }

    @Test func haversineForFarPointsAsGpxpy() {
        // Farther than 0.2° apart: gpxpy switches to haversine; about 111.3 km per degree of latitude.
        let metres = GPXDistance.metres(from: (46, 15), to: (45, 15))
        #expect(abs(metres - GPXDistance.oneDegree) < 1e-6)
        #expect(GPXDistance.metres(from: (0, 179.95), to: (0, -179.95)) < 11_200)
    }

    // MARK: Bad files

    @Test func badContentNamesItsLine() throws {
        #expect(throws: ImportProblem("errors.import.gpx.notGPX", ["root": "kml"])) {
            try GPXReader.read(Data("<?xml version=\"1.0\"?>\n<kml><Document/></kml>".utf8))
        }
        #expect(throws: ImportProblem("errors.import.gpx.time", ["line": "4", "value": "yesterday"])) {
            try GPXReader.read(Self.gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n<time>yesterday</time></trkpt></trkseg></trk>"))
        }
        for coordinates in ["lat=\"91\" lon=\"2\"", "lat=\"1\"", "lat=\"nan\" lon=\"2\"", "lat=\"0x1p3\" lon=\"2\"", "lat=\"\" lon=\"2\""] {
            #expect(throws: ImportProblem("errors.import.gpx.point", ["line": "3"]), "\(coordinates)") {
                try GPXReader.read(Self.gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt \(coordinates)/></trkseg></trk>"))
            }
        }
    }

    @Test func malformedXMLGivesLineAndColumn() throws {
        let data = Data("<?xml version=\"1.0\"?>\n<gpx>\n  <trk><name>a</nam></trk>\n</gpx>\n".utf8)
        #expect(throws: ImportProblem("errors.import.xml.malformed", ["line": "3", "column": "21"])) {
            try GPXReader.read(data)
        }
        let path = try TestPaths.scratch() + "/bad.gpx"
        try data.write(to: URL(fileURLWithPath: path))
        #expect(throws: ImportProblem("errors.import.xml.malformed", ["line": "3", "column": "21"])) {
            try GPXReader.read(fileAt: path)
        }
    }

    /// `XMLParser` on Linux returns success for a file cut short (libxml2 runs in recover mode):
    /// the reader must not take half a file for a whole one.
    @Test func truncatedFileIsAnError() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/tkrajina-gpxpy/Mojstrovka.gpx"))
        #expect(throws: ImportProblem.self) { try GPXReader.read(data.prefix(3000)) }
        do {
            _ = try GPXReader.read(data.prefix(3000))
        } catch let problem as ImportProblem {
            #expect(problem.key == "errors.import.xml.malformed")
            #expect(problem.args["line"] != nil && problem.args["column"] != nil)
        }
    }

    @Test func emptyOrNonXMLFiles() throws {
        #expect(throws: ImportProblem("errors.import.xml.empty")) { try GPXReader.read(Data()) }
        #expect(throws: ImportProblem("errors.import.xml.empty")) { try GPXReader.read(Data("  \n".utf8)) }
        #expect(throws: ImportProblem("errors.import.xml.malformed", ["line": "1", "column": "1"])) {
            try GPXReader.read(Data("not xml at all".utf8))
        }
        #expect(throws: ImportProblem("errors.import.xml.unreadable")) {
            try GPXReader.read(fileAt: try TestPaths.scratch() + "/missing.gpx")
        }
    }

    // MARK: Entities

    /// Collects every piece of text the parser hands out, for the tests that bypass the prolog
    /// check to see what libxml2 itself does.
    final class TextRecorder: XMLEventHandler {
        var text = ""
        func didStart(_ element: String, attributes: [String: String], at location: XMLLocation) {}
        func didEnd(_ element: String, at location: XMLLocation) {}
        func found(_ text: String) { self.text += text }
    }

    static let track = """
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>&x;</name><trkseg>
        <trkpt lat="1" lon="2"><time>2024-05-01T07:00:00Z</time></trkpt></trkseg></trk></gpx>
        """

    @Test func externalEntitiesAreNeverRead() throws {
        let folder = try TestPaths.scratch()
        let marker = "SECRET-\(UUID().uuidString)"
        try TestPaths.write(marker + "\n", to: folder + "/secret.txt")
        let xxe = Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY x SYSTEM "file://\(folder)/secret.txt">]>
            \(Self.track)
            """.utf8)
        #expect(throws: ImportProblem("errors.import.xml.entities")) { try GPXReader.read(xxe) }
        let path = folder + "/xxe.gpx"
        try xxe.write(to: URL(fileURLWithPath: path))
        #expect(throws: ImportProblem("errors.import.xml.entities")) { try GPXReader.read(fileAt: path) }

        // Beneath the prolog check, libxml2 as XMLParser drives it does not load the file either.
        let recorder = TextRecorder()
        try? SecureXMLParser.parse(xxe, with: recorder, checkingProlog: false)
        #expect(!recorder.text.contains(marker))

        // An external DTD is not loaded, so an entity only it declares stays unresolved: refused.
        try TestPaths.write("<!ENTITY x SYSTEM \"file://\(folder)/secret.txt\">\n", to: folder + "/secret.dtd")
        let dtd = Data("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"file://\(folder)/secret.dtd\">\n\(Self.track)".utf8)
        #expect(throws: ImportProblem.self) { try GPXReader.read(dtd) }
        do { _ = try GPXReader.read(dtd) } catch let problem as ImportProblem {
            #expect(problem.key == "errors.import.xml.entities")
            #expect(!problem.args.values.contains { $0.contains(marker) })
        }
        let dtdRecorder = TextRecorder()
        try? SecureXMLParser.parse(dtd, with: dtdRecorder, checkingProlog: false)
        #expect(!dtdRecorder.text.contains(marker))
    }

    @Test func internalEntitiesAreRefusedNotSilentlyDropped() throws {
        let data = Data("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x \"Morning run\">]>\n\(Self.track)".utf8)
        #expect(throws: ImportProblem("errors.import.xml.entities")) { try GPXReader.read(data) }
        // An undeclared one, without any DTD: refused too, not read as nothing.
        #expect(throws: ImportProblem.self) { try GPXReader.read(Data(Self.track.utf8)) }
    }

    static func billionLaughs() -> Data {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            text += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        text += "]>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>&lol9;</name></trk></gpx>\n"
        return Data(text.utf8)
    }

    static func peakMemoryKB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    @Test func billionLaughsFailsFast() throws {
        let data = Self.billionLaughs()
        let memoryBefore = Self.peakMemoryKB()
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            #expect(throws: ImportProblem("errors.import.xml.entities")) { try GPXReader.read(data) }
            // libxml2's own guard, beneath the prolog check, also stops it, with the same key.
            do {
                try SecureXMLParser.parse(data, with: TextRecorder(), checkingProlog: false)
                Issue.record("the expansion was not stopped")
            } catch let problem as ImportProblem {
                #expect(problem.key == "errors.import.xml.entities")
                #expect(problem.args["line"] != nil)
            }
        }
        #expect(elapsed < .seconds(1))
        // A billion "lol"s are 3 GB; the peak grows by far less (other tests run alongside).
        #expect(Self.peakMemoryKB() - memoryBefore < 200_000)
    }

    // MARK: The prolog check

    @Test func prologCheck() throws {
        func verdict(_ text: String) -> XMLPrologCheck.Verdict { XMLPrologCheck.check(Data(text.utf8)) }
        #expect(verdict("<?xml version=\"1.0\"?>\n<gpx/>") == .safe(nil))
        // Apple Health's DTD: elements and attributes only. It is blanked, line breaks kept.
        let health = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 11 <!ENTITY in a comment> -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
            <!ATTLIST Record type CDATA #REQUIRED unit CDATA "[a>b]">
            ]>
            <HealthData locale="en_US"/>
            """
        let doctype = try #require(health.range(of: "<!DOCTYPE")?.lowerBound)
        let doctypeEnd = try #require(health.range(of: "]>")?.upperBound)
        let blank = health[doctype..<doctypeEnd].map { $0 == "\n" ? "\n" : " " }.joined()
        let offset = health.utf8.distance(from: health.startIndex, to: doctype)
        #expect(verdict(health) == .safe(XMLPatch(offset: offset, bytes: Array(blank.utf8))))
        #expect(verdict("<!DOCTYPE gpx [<!ELEMENT gpx ANY><!ENTITY % p \"x\">]><gpx/>") == .declaresEntities)
        #expect(verdict("<!-- c --><?pi x?>\n<!DOCTYPE gpx SYSTEM \"a.dtd\" [\n  <!ENTITY x \"y\">]><gpx/>") == .declaresEntities)
        // After the root element has started, `<!ENTITY` is text, not a declaration.
        #expect(verdict("<gpx><!-- <!DOCTYPE x [<!ENTITY x \"y\">]> --></gpx>") == .safe(nil))
        // A prolog cut short is refused here (the parser would read the declarations unblanked).
        #expect(verdict("<!DOCTYPE gpx [<!ELEMENT gpx ANY>") == .unfinished(line: 1, column: 34))
        #expect(verdict(" \n ") == .empty)
        // One DOCTYPE only: a second would not be blanked.
        #expect(verdict("<!DOCTYPE a [<!ATTLIST a b CDATA #IMPLIED>]>\n<!DOCTYPE a><a/>") == .malformed(line: 2, column: 1))
        // Not markup where markup must be: not XML (nor XML in an encoding the check cannot read).
        #expect(verdict("\n  hello <gpx/>") == .malformed(line: 2, column: 3))
        #expect(XMLPrologCheck.check(Data([0x4C, 0x6F, 0xA7, 0x94, 0x40])) == .malformed(line: 1, column: 1))
        // The same declaration in UTF-16, either byte order, with or without a byte-order mark.
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE gpx [<!ENTITY x \"y\">]><gpx/>"
        for encoding in [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32] {
            #expect(XMLPrologCheck.check(declared.data(using: encoding) ?? Data()) == .declaresEntities, "\(encoding)")
        }
    }

    /// `XMLParser` on Linux crashes the process on `<!ATTLIST … #IMPLIED>` (every Apple Health
    /// export has some); with the DTD blanked such files read, in any encoding, and the
    /// parser's line numbers still count the DTD's lines.
    @Test func documentTypeDeclarationsAreSkippedNotFatal() throws {
        let dtd = """
            <?xml version="1.0" encoding="UTF-16"?>
            <!DOCTYPE gpx [
            <!ELEMENT gpx ANY>
            <!ATTLIST gpx version CDATA #IMPLIED creator CDATA #REQUIRED>
            <!NOTATION png SYSTEM "image/png">
            ]>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-01T07:00:00Z</time></trkpt>
            <trkpt lat="1" lon="2.001"><time>2024-05-01T07:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        for encoding in [String.Encoding.utf8, .utf16LittleEndian, .utf16] {
            let text = encoding == .utf8 ? dtd.replacingOccurrences(of: "UTF-16", with: "UTF-8") : dtd
            let data = try #require(text.data(using: encoding))
            #expect(try GPXReader.read(data).map(\.duration) == [60], "\(encoding)")
            let path = try TestPaths.scratch() + "/dtd.gpx"
            try data.write(to: URL(fileURLWithPath: path))
            #expect(try GPXReader.read(fileAt: path).map(\.duration) == [60], "\(encoding)")
        }
        let broken = Data(dtd.replacingOccurrences(of: "UTF-16", with: "UTF-8").replacingOccurrences(of: "2024-05-01T07:01:00Z", with: "soon").utf8)
        #expect(throws: ImportProblem("errors.import.gpx.time", ["line": "9", "value": "soon"])) { try GPXReader.read(broken) }
    }

    /// `XMLParser` on Linux also crashes on a processing instruction without data, anywhere;
    /// they are blanked on the way to it, even when split between two of its 128 KB chunks.
    @Test func processingInstructionsWithoutDataAreBlanked() throws {
        let chunk = 4096 * 32
        let head = "<?xml version=\"1.0\"?>\n<?pi?><gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><?x?>\n<!--"
        let padding = String(repeating: "x", count: chunk - 3 - head.utf8.count - 3)
        let text =
            head + padding
            + "--><?split?><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><?t?><time>2024-05-01T07:00:00Z</time></trkpt>\n</trkseg></trk></gpx><?end?>"
        let split = try #require(text.range(of: "<?split?>"))
        #expect(text.utf8.distance(from: text.startIndex, to: split.lowerBound) == chunk - 3)
        let data = Data(text.utf8)
        #expect(try GPXReader.read(data).count == 1)
        let path = try TestPaths.scratch() + "/pi.gpx"
        try data.write(to: URL(fileURLWithPath: path))
        #expect(try GPXReader.read(fileAt: path).count == 1)
        // A prolog that never ends, after a DTD that would crash the parser: refused, not parsed.
        #expect(throws: ImportProblem("errors.import.xml.malformed", ["line": "1", "column": "46"])) {
            try GPXReader.read(Data("<!DOCTYPE a [<!NOTATION n SYSTEM 'x'>]><?gpx ".utf8))
        }
    }

    @Test func emptyPIFilterHoldsBackAnUnfinishedInstruction() {
        let filter = EmptyPIFilter(layout: XMLUnitLayout.detect([UInt8(ascii: "<")]))
        var bytes = Array("a<?b?>c<?de".utf8)
        let ready = bytes.withUnsafeMutableBytes { filter.run($0, from: 0, atEnd: false) }
        #expect(ready == 7)
        #expect(String(decoding: bytes, as: UTF8.self) == "a     c<?de")
        #expect(bytes.withUnsafeMutableBytes { filter.run($0, from: 7, atEnd: true) } == 4)
        // Data after the name, or markup in it: left alone.
        var kept = Array("<?pi x?><?a<b?>".utf8)
        _ = kept.withUnsafeMutableBytes { filter.run($0, from: 0, atEnd: true) }
        #expect(String(decoding: kept, as: UTF8.self) == "<?pi x?><?a<b?>")
    }

    /// libxml2 hands names with invalid UTF-8 to `XMLParser`, which traps on them: a UTF-8 file
    /// reaches the parser only up to its first bad sequence, and is refused there.
    @Test func invalidTextEncodingIsRefused() throws {
        func gpx(_ bytes: [UInt8], declaring encoding: String = "UTF-8") -> Data {
            Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<gpx version=\"1.1\">\n<trk><name>".utf8) + Data(bytes)
                + Data("</name><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:00:00Z</time></trkpt></trkseg></trk></gpx>".utf8)
        }
        // A lone continuation byte, an overlong "/", a UTF-16 surrogate, a cut sequence, in a name.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(throws: ImportProblem("errors.import.xml.badText", ["line": "3", "column": "16"]), "\(bad)") {
                try GPXReader.read(gpx(Array("Rund".utf8) + bad))
            }
        }
        let element = Data("<?xml version=\"1.0\"?>\n<gpx><tr".utf8) + Data([0xE3]) + Data("k/></gpx>".utf8)
        #expect(throws: ImportProblem("errors.import.xml.badText", ["line": "2", "column": "9"])) { try GPXReader.read(element) }
        // Valid UTF-8 (a sequence across the parser's chunks too), and Latin-1 as declared: read.
        #expect(try GPXReader.read(gpx(Array("Прогулка €".utf8))).count == 1)
        let straddling = gpx(Array(repeating: UInt8(ascii: "a"), count: 4096 * 32 - 66) + Array("€€€".utf8))
        #expect(try GPXReader.read(straddling).count == 1)
        #expect(try GPXReader.read(gpx([0xC0, 0xAF, 0xE9], declaring: "ISO-8859-1")).count == 1)
        // UTF-16 with a lone surrogate: libxml2's own conversion fails (stopping it there would crash it).
        let utf16 = try #require("<?xml version=\"1.0\" encoding=\"UTF-16LE\"?><gpx><trk><name>x</name></trk></gpx>".data(using: .utf16LittleEndian))
        var broken = [UInt8](utf16)
        let name = try #require(broken.indices.first { broken[$0] == UInt8(ascii: "x") })
        broken[name] = 0x00
        broken[name + 1] = 0xD8
        #expect(throws: ImportProblem.self) { try GPXReader.read(Data(broken)) }
        do { _ = try GPXReader.read(Data(broken)) } catch let problem as ImportProblem {
            #expect(problem.key == "errors.import.xml.badText")
        }
    }

    @Test func patchIsWrittenAcrossChunks() {
        let patch = XMLPatch(offset: 3, bytes: Array("ABCDEF".utf8))
        var file = Array("0123456789".utf8)
        // Read in chunks of 4 bytes, as the parser would in chunks of 128 KB.
        for start in stride(from: 0, to: file.count, by: 4) {
            let count = min(4, file.count - start)
            file[start..<(start + count)].withUnsafeMutableBytes { patch.apply(to: $0, from: start) }
        }
        #expect(String(decoding: file, as: UTF8.self) == "012ABCDEF9")
    }

    @Test func endlessPrologIsRefused() throws {
        let data = Data(("<?xml version=\"1.0\"?>\n<!--" + String(repeating: "x", count: XMLPrologCheck.limit) + "-->\n<gpx/>").utf8)
        #expect(throws: ImportProblem("errors.import.xml.prolog", ["limit": "1"])) { try GPXReader.read(data) }
    }
}
