import Foundation
import Testing
import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

@Suite(.scratch) struct TrackFilesTests {
    static let track = Track(
        start: "2026-11-20T07:30:00+01:00", t: [0, 1, 2.5, 4],
        columns: [
            .lat: [55.751244, 55.751301, .nan, 55.7514], .lon: [37.618423, 37.6185, .nan, 37.61861],
            .ele: [140.2, 140.25, 141, .nan], .hr: [92, 95, 97, 101],
        ])

    @Test func aTrackIsWrittenAsColumnsAndReadBackTheSame() throws {
        let folder = try TestPaths.scratch("tracks")
        let path = folder + "/a.json"
        try TrackFiles.write(Self.track, to: path)
        let text = try TestPaths.read(path)
        #expect(
            text == """
                {"v": 1, "start": "2026-11-20T07:30:00+01:00",
                "t": [0,1,2.5,4],
                "lat": [55.751244,55.751301,null,55.7514],
                "lon": [37.618423,37.6185,null,37.61861],
                "ele": [140.2,140.3,141,null],
                "hr": [92,95,97,101]}

                """)
        let read = try #require(try TrackFiles.read(at: path))
        #expect(read.start == Self.track.start)
        #expect(read.t == Self.track.t)
        #expect(read[.lat]?.filter { !$0.isNaN } == [55.751244, 55.751301, 55.7514])
        #expect(read[.ele]?.dropLast() == [140.2, 140.3, 141])
        #expect(read[.ele]?.last?.isNaN == true)
        #expect(read[.cad] == nil)
        // What the fast reader made is what JSONDecoder makes of the same bytes.
        let slow = try JSONDecoder().decode(Track.self, from: Data(text.utf8))
        #expect(slow.t == read.t && slow[.hr] == read[.hr] && slow[.lon]?.filter { !$0.isNaN } == read[.lon]?.filter { !$0.isNaN })
        // Written again, the same bytes.
        try TrackFiles.write(read, to: path)
        #expect(try TestPaths.read(path) == text)
    }

    /// Its measures and samples, told from the lines of the file as written or, in another
    /// layout, from the whole track; the same either way.
    @Test func aTracksRichnessIsToldWithoutReadingItWhole() throws {
        let folder = try TestPaths.scratch("tracks")
        var unknown = Self.track
        unknown.unknown.values["laps"] = .array([.object(["n": .int(1)])])
        for track in [Self.track, Track(start: "x", t: []), unknown] {
            try TrackFiles.write(track, to: folder + "/a.json")
            let richness = try #require(try TrackFiles.richness(at: folder + "/a.json"))
            #expect(richness.columns == track.columns.count && richness.count == track.count)
        }
        try Data(#"{"start": "x", "v": 1, "t": [0, 1, 2], "hr": [90, null, 91], "cad": [1, 2, 3]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/b.json"))
        #expect(try TrackFiles.richness(at: folder + "/b.json").map { [$0.columns, $0.count] } == [2, 3])
        #expect(try TrackFiles.richness(at: folder + "/none.json") == nil)
        try Data(#"{"start": "x", "v": 1, "t": [0, 1"#.utf8).write(to: URL(fileURLWithPath: folder + "/c.json"))
        #expect(throws: UsergraphError.self) { try TrackFiles.richness(at: folder + "/c.json") }
    }

    /// A batch puts nothing in place before its commit, everything after it, and leaves no
    /// temporary file either way; a path it cannot rename to is named and the rest removed.
    @Test func aBatchOfFilesIsWrittenAsOne() throws {
        let folder = try TestPaths.scratch("batch")
        var batch = AtomicFile.Batch()
        try batch.add(Array("a".utf8), at: folder + "/a.json")
        try batch.add(Array("b".utf8), at: folder + "/b.json")
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.json"))
        try batch.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.json"])
        #expect(try TestPaths.read(folder + "/b.json") == "b")
        try batch.add(Array("c".utf8), at: folder + "/c.json")
        batch.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.json"])
        try FileManager.default.createDirectory(atPath: folder + "/d.json/x", withIntermediateDirectories: true)
        try batch.add(Array("d".utf8), at: folder + "/d.json")
        try batch.add(Array("e".utf8), at: folder + "/e.json")
        let error = #expect(throws: UsergraphError.self) { try batch.commit() }
        #expect(error?.message.contains(folder + "/d.json") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.json", "d.json"])
    }

    @Test func unknownKeysSurviveARewrite() throws {
        let folder = try TestPaths.scratch("tracks")
        let path = folder + "/a.json"
        try Data(#"{"v": 1, "start": "2026-11-20T07:30:00Z", "t": [0, 1], "hr": [90, null], "laps": [{"n": 1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let read = try #require(try TrackFiles.read(at: path))
        #expect(read.unknown.values["laps"] == .array([.object(["n": .int(1)])]))
        try TrackFiles.write(read, to: path)
        #expect(try TestPaths.read(path).contains(#""laps": [{"n":1}]"#))
        #expect(try TrackFiles.read(at: path)?.unknown == read.unknown)
    }

    @Test(arguments: [
        (#"{"v": 1, "start": "x", "t": [0, 1], "hr": [90]}"#, "hr"),
        (#"{"v": 1, "start": "x", "t": [0, 2, 1]}"#, "t"),
        (#"{"v": 1, "start": "x", "t": [0], "lat": [91]}"#, "lat"),
        (#"{"v": 2, "start": "x", "t": [0]}"#, "v"),
        (#"{"v": 1, "t": [0]}"#, "start"),
        (#"{"v": 1, "start": "x", "t": [0, "#, ""),
    ])
    func aBrokenTrackIsAnErrorNamingTheFileAndTheKey(json: String, key: String) throws {
        let folder = try TestPaths.scratch("tracks")
        let path = folder + "/broken.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try TrackFiles.read(at: path)
            Issue.record("\(json) was read")
        } catch let error as UsergraphError {
            let text = error.description
            #expect(text.contains(path))
            if !key.isEmpty { #expect(text.contains(key), "\(text)") }
        }
    }

    /// The range check finds the first value out, wherever it lies in a column (in a block of
    /// four or in the tail), and takes a missing value or one on the edge as in range.
    @Test func aPositionOffTheGlobeIsFoundWhereverItIs() {
        let t = (0..<11).map(Double.init)
        let sound: [Double] = [-90, .nan, 90, 0, 45.5, .nan, -89.9, 1, 2, 3, 89]
        #expect(Track(start: "x", t: t, columns: [.lat: sound, .lon: sound.map { $0 * 2 }]).problem == nil)
        for index in t.indices {
            for bad in [90.0000001, -91, Double.infinity] {
                var lat = sound
                lat[index] = bad
                let problem = Track(start: "x", t: t, columns: [.lat: lat]).problem
                #expect(problem?.key == "lat" && problem?.problem == "sample \(index + 1) is out of range", "\(index): \(bad)")
            }
        }
        var hr = [Double](repeating: 120, count: 11)
        hr[9] = -.infinity
        #expect(Track(start: "x", t: t, columns: [.hr: hr]).problem?.problem == "sample 10 is out of range")
    }

    @Test func aMissingTrackIsNoneAndDeletingOneTwiceIsFine() throws {
        let folder = try TestPaths.scratch("tracks")
        #expect(try TrackFiles.read(at: folder + "/none.json") == nil)
        try TrackFiles.write(Self.track, to: folder + "/a.json")
        try TrackFiles.delete(at: folder + "/a.json")
        try TrackFiles.delete(at: folder + "/a.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func onlyAnIdThatCanBeAFileNameHasATrackPath() {
        let layout = StoreLayout(root: "/s")
        #expect(TrackFiles.path(layout, workout: "5f0c1d2e-aaaa-4bbb-8ccc-0123456789ab") == "/s/tracks/5f0c1d2e-aaaa-4bbb-8ccc-0123456789ab.json")
        for id in ["", "../x", "a/b", "a.json", "x\u{0}", String(repeating: "a", count: 65), "é"] {
            #expect(TrackFiles.path(layout, workout: id) == nil, "\(id)")
        }
    }

    /// Numbers of every length up to 15 digits, whole or with a fraction, at any place in the
    /// bytes (the last ones too, where fewer than eight bytes are left): each read as
    /// `Double(text)` reads it; longer ones, `1.`, `.5`, `01` and exponents are refused.
    @Test func numbersOfEveryLengthAreReadExactly() {
        var random = SplitMix64(seed: 11)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.below(10))) }) }
        for _ in 0..<3_000 {
            let wholeCount = 1 + random.below(15)
            var whole = digits(wholeCount)
            if whole.count > 1, whole.first == "0" { whole = "1" + whole.dropFirst() }
            let places = random.below(16 - wholeCount)
            let text = (random.below(2) == 0 ? "-" : "") + whole + (places > 0 ? "." + digits(places) : "")
            let padding = String(repeating: " ", count: random.below(9))
            let read = JSONBytesReader.read(Data(("[" + text + padding + "]").utf8)) { $0.list { $0.decimal() } }
            #expect(read == [Double(text)].compactMap { $0 }, "\(text)")
        }
        for refused in ["1234567890123456", "1234567890.123456", "1.", ".5", "01", "-", "1e3", "12345678.9E1", "00000000.5"] {
            #expect(JSONBytesReader.read(Data(("[" + refused + "]").utf8)) { $0.list { $0.decimal() } } == nil, "\(refused)")
            #expect(JSONBytesReader.read(Data(("[" + refused + "]").utf8)) { $0.decimals(nulls: true, expected: 1) } == nil, "\(refused)")
        }
        // A column's reader takes spaces and nulls anywhere JSON allows them, and nothing else.
        let column = JSONBytesReader.read(Data("[ 1 , null,2.5 ,\n null ,-3]".utf8)) { $0.decimals(nulls: true, expected: 2) }
        #expect(column?.map { $0.isNaN ? "nan" : "\($0)" } == ["1.0", "nan", "2.5", "nan", "-3.0"])
        #expect(JSONBytesReader.read(Data("[ ]".utf8)) { $0.decimals(nulls: false, expected: 0) } == [])
        for damaged in ["[1,null]", "[1,]", "[1 2]", "[nul]", "[1", "1]", "[,1]"] {
            #expect(JSONBytesReader.read(Data(damaged.utf8)) { $0.decimals(nulls: damaged != "[1,null]", expected: 0) } == nil, "\(damaged)")
        }
    }

    @Test func numbersAreReadExactlyAsJSONDecoderReadsThem() throws {
        var values: [Double] = [0, -0.5, 1e-6, 123456.789012, -89.999999, 179.123456, 0.1, 0.7, 2.675]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append((Double.random(in: -180...180, using: &random) * 1e6).rounded() / 1e6) }
        var bytes: [UInt8] = []
        TrackFiles.appendNumbers(values, places: 6, to: &bytes)
        let fast = JSONBytesReader.read(Data(bytes)) { $0.list { $0.decimal() } }
        let slow = try JSONDecoder().decode([Double].self, from: Data(bytes))
        #expect(fast == slow)
    }
}
