import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphImport
@testable import UsergraphStore
import UsergraphStats
import UsergraphTestSupport

/// The workouts' tracks: the samples of real device files, checked against independent readers
/// (gpxpy, fitparse, python-tcxparser: Fixtures/import/tracks/expected.json, which its
/// make-expected.py computes), kept in the store and taken back when an import fails.
@Suite(.scratch) struct ImportTrackTests {
    static let fixtures = TestPaths.fixtures + "/import"
    static let now = ["USERGRAPH_NOW": "2026-11-20T12:00:00+03:00"]

    struct Expected: Decodable {
        struct Track: Decodable {
            var samples: Int
            var positions: Int
            var elevations: Int
            var heartRates: Int
            var heartRateMean: Double?
            var heartRateMax: Double?
        }
        var files: [String: [Track]]
    }

    static func activities(_ name: String) throws -> [ImportedActivity] {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name))
        switch (name as NSString).pathExtension {
        case "gpx": return try GPXReader.read(data)
        case "tcx": return try TCXReader.read(data)
        default: return try FITReader.read(data).activities
        }
    }

    @Test func eachTrackHoldsTheSamplesTheIndependentReadersFind() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/tracks/expected.json"))
        let expected = try JSONDecoder().decode(Expected.self, from: data)
        #expect(expected.files.count >= 15)
        for (name, wanted) in expected.files.sorted(by: { $0.key < $1.key }) {
            let tracks = try Self.activities(name).compactMap { $0.track?.samples }
            #expect(tracks.count == wanted.count, "\(name)")
            for (track, want) in zip(tracks, wanted) {
                func count(_ column: Track.Column) -> Int { track[column]?.filter { !$0.isNaN }.count ?? 0 }
                #expect(track.count == want.samples, "\(name)")
                #expect(count(.lat) == want.positions && count(.lon) == want.positions, "\(name)")
                #expect(count(.ele) == want.elevations, "\(name)")
                #expect(count(.hr) == want.heartRates, "\(name)")
                let rates = track[.hr]?.filter { !$0.isNaN } ?? []
                if let mean = want.heartRateMean {
                    #expect(abs(rates.reduce(0, +) / Double(rates.count) - mean) < 1e-9, "\(name)")
                    #expect(rates.max() == want.heartRateMax, "\(name)")
                }
                #expect(track.problem == nil, "\(name): \(track.problem.map { "\($0)" } ?? "")")
            }
        }
    }

    struct Metrics: Decodable {
        struct File: Decodable { var tracks: [Track] }
        struct Track: Decodable {
            var name: String?
            var points: Int
            var distance: Double
            var uphillOneSegment: Double
            var downhillOneSegment: Double
        }
        var files: [String: File]
    }

    /// The numbers of a track (Stats' `TrackSummary`) from the samples import keeps, against
    /// gpxpy's reading of the same GPX files (Fixtures/import/tracks/metrics.json).
    @Test func aGPXTracksDistanceAndClimbAgreeWithGpxpy() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/tracks/metrics.json"))
        let metrics = try JSONDecoder().decode(Metrics.self, from: data)
        var compared = 0
        for (name, file) in metrics.files.sorted(by: { $0.key < $1.key }) where name.hasPrefix("import/gpx/") {
            let activities = try Self.activities(String(name.dropFirst("import/".count)))
            // Tracks whose every point has a time, so the track holds what gpxpy measured, found
            // by their name and size.
            for activity in activities {
                guard let track = activity.track?.samples,
                    let wanted = file.tracks.first(where: { $0.points == track.count && $0.name == activity.name })
                else { continue }
                let summary = TrackSummary(track: track, type: "walking")
                #expect(abs((summary.distance ?? -1) - wanted.distance) < 1e-6, "\(name)")
                #expect(abs((summary.elevationGain ?? -1) - wanted.uphillOneSegment) < 1e-6, "\(name)")
                #expect(abs((summary.elevationLoss ?? -1) - wanted.downhillOneSegment) < 1e-6, "\(name)")
                compared += 1
            }
        }
        #expect(compared >= 10)
    }

    @Test func aGPXTrackKeepsItsNameAndTimesFromItsFirstPoint() throws {
        let activities = try Self.activities("gpx/tkrajina-gpxpy/korita-zbevnica.gpx")
        let track = try #require(activities.first?.track)
        #expect(track.start == activities.first?.start)
        #expect(track.samples?.t.first == 0)
        #expect(activities.first?.name != nil)
    }

    @Test func aStravaExportsTracksComeFromTheFilesItsRowsName() throws {
        // A Strava export folder: the real list's header and two of its rows, each row naming
        // a real device file beside it (gzipped, as Strava's are), and one naming a file that
        // would leave the folder.
        let folder = try TestPaths.scratch("strava")
        let csv = try String(contentsOfFile: Self.fixtures + "/strava/activities.sample.DERIVED.csv", encoding: .utf8)
        var rows = CSVRows(Data(csv.utf8))
        let header = try #require(try rows.next())
        let file = try #require(header.firstIndex(of: "Filename"))
        let name = try #require(header.firstIndex(of: "Activity Name"))
        var lines = [header]
        for target in ["activities/run.fit.gz", "activities/ride.tcx.gz", "../outside.fit"] {
            var row = try #require(try rows.next())
            row[file] = target
            lines.append(row)
        }
        #expect(lines[1][name].isEmpty == false)
        let text = lines.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }.joined(separator: "\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/activities.csv"))
        try FileManager.default.createDirectory(atPath: folder + "/activities", withIntermediateDirectories: true)
        for (source, target) in [("fit/garmin-fenix-5-run.fit", "run.fit"), ("tcx/vkurup-python-tcxparser/test.tcx", "ride.tcx")] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + source, toPath: folder + "/activities/" + target)
            let gzip = Process()
            gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
            gzip.arguments = ["-n", folder + "/activities/" + target]
            try gzip.run()
            gzip.waitUntilExit()
            #expect(gzip.terminationStatus == 0)
        }
        let scratch = try TestPaths.scratch("import")
        let contents = try ExportReader(scratch: scratch).read([folder])
        #expect(contents.activities.count == 3)
        let tracks = try contents.activities.map { activity in try activity.track?.file.flatMap { try TrackFiles.read(at: $0) } }
        #expect(tracks.map { $0?.count } == [21, 384, nil])
        #expect(contents.activities[0].name == lines[1][name].split(whereSeparator: \.isWhitespace).joined(separator: " "))
        #expect(tracks[1]?[.hr] != nil)
    }

    /// An Apple Health export folder: a run whose `<WorkoutRoute>` links a real Apple Watch
    /// route, a walk without one, and heart-rate records in and around both.
    @Test func anAppleHealthWorkoutGetsItsRouteAndTheHeartRateRecordsWithinIt() throws {
        let folder = try TestPaths.scratch("health") + "/apple_health_export"
        try FileManager.default.createDirectory(atPath: folder + "/workout-routes", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.fixtures + "/gpx/placemark-togeojson/apple_watch_route.gpx", toPath: folder + "/workout-routes/route_2019-12-15_3.50pm.gpx")
        // The route runs from 20:19:55 to 20:20:38 UTC at 1 Hz.
        func rate(_ time: String, _ bpm: Int) -> String {
            #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2019-12-15 \#(time) -0500" endDate="2019-12-15 \#(time) -0500" value="\#(bpm)"/>"#
        }
        let records = [
            rate("15:19:55", 100), rate("15:20:05", 110), rate("15:20:45", 150), rate("15:30:00", 90),
            rate("16:00:00", 80), rate("16:01:00", 84), rate("16:02:00", 88), rate("16:20:00", 300),
        ]
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
            \(records.joined(separator: "\n"))
            <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="1" durationUnit="min" sourceName="Watch" startDate="2019-12-15 15:19:50 -0500" endDate="2019-12-15 15:20:50 -0500">
              <WorkoutRoute sourceName="Watch" startDate="2019-12-15 15:19:55 -0500" endDate="2019-12-15 15:20:38 -0500">
                <FileReference path="/workout-routes/route_2019-12-15_3.50pm.gpx"/>
              </WorkoutRoute>
            </Workout>
            <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30" durationUnit="min" sourceName="Watch" startDate="2019-12-15 16:00:00 -0500" endDate="2019-12-15 16:30:00 -0500"/>
            <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="5" durationUnit="min" sourceName="Watch" startDate="2019-12-15 17:00:00 -0500" endDate="2019-12-15 17:05:00 -0500">
              <WorkoutRoute><FileReference path="/../../etc/passwd"/></WorkoutRoute>
            </Workout>
            </HealthData>
            """
        try Data(xml.utf8).write(to: URL(fileURLWithPath: folder + "/export.xml"))
        let contents = try ExportReader(scratch: try TestPaths.scratch("import")).read([folder])
        #expect(contents.activities.count == 3)
        let tracks = try contents.activities.map { activity in try activity.track?.file.flatMap { try TrackFiles.read(at: $0) } }
        // The run: the route's 44 points (as gpxpy counts them), each with the rate at its time.
        let run = try #require(tracks[0])
        #expect(run.count == 44 && run[.lat]?.count == 44)
        let hr = try #require(run[.hr])
        #expect(hr[0] == 100)
        #expect(hr[5] == 105, "halfway between two records 10 s apart")
        #expect(hr[10] == 110 && hr[20] == 110, "the nearest record within 10 s, past a 40 s gap")
        #expect(hr[21].isNaN && hr[39].isNaN, "no record within 10 s")
        #expect(hr[40] == 150 && hr[43] == 150)
        // The walk: its three records alone, from its first; the implausible 300 is left out.
        let walk = try #require(tracks[1])
        #expect(walk.t == [0, 60, 120])
        #expect(walk[.hr] == [80, 84, 88])
        #expect(walk[.lat] == nil)
        #expect(contents.activities[1].track?.start == Timestamp.parse("2019-12-15T16:00:00-05:00"))
        // A reference that would leave the export is not followed; no record is within the span.
        #expect(tracks[2] == nil)
    }

    @Test func aFailedImportTakesBackTheTracksItWrote() async throws {
        let site = try TestPaths.site(store: [:])
        let file = Self.fixtures + "/fit/activity-large-fenxi2-multisport.fit"
        // The last track the import writes (they go in the order of their ids) cannot be: a folder
        // stands where it goes. The ones before it are written, then taken back.
        let ids = try FITReader.read(Data(contentsOf: URL(fileURLWithPath: file))).activities.filter { $0.track != nil }
            .map { ImportMerge.uuid("fit:" + $0.sourceID) }.sorted()
        #expect(ids.count == 7)
        let blocked = site + "/Store/tracks/" + (ids.last ?? "") + ".json"
        try FileManager.default.createDirectory(atPath: blocked + "/x", withIntermediateDirectories: true)
        let result = await UsergraphCLI.run(["import", file], in: site, environment: Self.now)
        #expect(result.status != 0)
        #expect(result.stderr.contains(blocked), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/Store/tracks") == [(ids.last ?? "") + ".json"])
        #expect(!FileManager.default.fileExists(atPath: site + "/Store/workouts.json"))
    }

    @Test func deletingAWorkoutDeletesItsTrack() async throws {
        let site = try TestPaths.site(store: [:])
        let file = Self.fixtures + "/fit/garmin-fenix-5-run.fit"
        #expect(await UsergraphCLI.run(["import", file], in: site, environment: Self.now).status == 0)
        let workout = try #require(try JSONFile.read([Workout].self, at: site + "/Store/workouts.json")?.first)
        #expect(FileManager.default.fileExists(atPath: site + "/Store/tracks/\(workout.id).json"))
        // What the file did not say, its track did: heart rate and climb.
        #expect(workout.avgHeartRate != nil && workout.maxHeartRate != nil && workout.elevationGain != nil)
        #expect((workout.maxHeartRate ?? 0) >= (workout.avgHeartRate ?? 0))
        let deleted = await UsergraphCLI.run(["workout", "delete", workout.id, "--yes"], in: site, environment: Self.now)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/Store/tracks").isEmpty)
    }
}
