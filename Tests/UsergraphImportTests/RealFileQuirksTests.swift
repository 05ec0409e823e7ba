import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphImport
@testable import UsergraphStore
import UsergraphTestSupport

/// The quirks of real exports that gave wrong numbers or lost data: each case is a small file
/// with the same quirk as the real one, imported end to end.
@Suite(.scratch) struct RealFileQuirksTests {
    static let now = ImportCommandTests.now

    static func gpx(_ tracks: [(type: String, start: Date, seconds: Int)]) -> String {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"StravaGPX\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        let formatter = ISO8601DateFormatter()
        for track in tracks {
            text += "<trk><name>Run</name>" + (track.type.isEmpty ? "" : "<type>\(track.type)</type>") + "<trkseg>\n"
            for second in stride(from: 0, through: track.seconds, by: 10) {
                let latitude = 55.75 + Double(second) * 0.00003
                text +=
                    "<trkpt lat=\"\(latitude)\" lon=\"37.61\"><time>\(formatter.string(from: track.start.addingTimeInterval(Double(second))))</time></trkpt>\n"
            }
            text += "</trkseg></trk>\n"
        }
        return text + "</gpx>\n"
    }

    static let tenOClock = Date(timeIntervalSince1970: 1_717_236_000)  // 2024-06-01T10:00:00Z

    // MARK: Types

    /// Strava's GPX export writes `<type>9</type>` for a run and `16` for a swim.
    @Test func stravaTypeCodesAreMappedThroughTheTypeTable() async throws {
        #expect(ActivityTypes.map("9", from: .gpx) == "running")
        #expect(ActivityTypes.map("16", from: .gpx) == "swimming")
        #expect(ActivityTypes.map("1", from: .gpx) == "cycling")
        #expect(ActivityTypes.map("23", from: .gpx) == "strava-type-23")
        #expect(ActivityTypes.map("trail_running", from: .gpx) == "running")
        #expect(ActivityTypes.map("mountain_biking", from: .tcx) == "cycling")
        let site = try TestPaths.site(store: [:])
        let file = try TestPaths.scratch("gpx") + "/strava.gpx"
        let day = 86_400.0
        try TestPaths.write(Self.gpx([("9", Self.tenOClock, 600), ("16", Self.tenOClock.addingTimeInterval(day), 600)]), to: file)
        let run = await UsergraphCLI.run(["import", file], in: site, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ImportCommandTests.workouts(site).map(\.type).sorted() == ["running", "swimming"])
    }

    // MARK: Durations and spans

    /// Two runs 10:00:00–10:00:50 and 10:01:00–10:01:50 in one file are two workouts.
    @Test func backToBackActivitiesAreBothKept() async throws {
        let site = try TestPaths.site(store: [:])
        let file = try TestPaths.scratch("gpx") + "/two.gpx"
        try TestPaths.write(Self.gpx([("running", Self.tenOClock, 50), ("running", Self.tenOClock.addingTimeInterval(60), 50)]), to: file)
        let run = await UsergraphCLI.run(["import", file], in: site, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Imported 2 workouts"), "\(run.stdout)")
        #expect(try ImportCommandTests.workouts(site).count == 2)
    }

    /// The rule itself: spans that overlap by 80 % of the shorter one are one activity.
    @Test func sameActivityMeansSpansOverlappingByMostOfTheShorterOne() {
        func workout(_ start: String, _ seconds: Int, type: String = "running") -> Workout {
            Workout(id: UUID().uuidString, type: type, start: start, duration: seconds)
        }
        let hour = workout("2024-06-01T10:00:00Z", 3600)
        #expect(ImportMerge.isSameActivity(hour, workout("2024-06-01T10:00:20Z", 3300)))  // a TCX timer time, 8 % shorter
        #expect(ImportMerge.isSameActivity(hour, workout("2024-06-01T10:12:00Z", 3600)))  // 80 % exactly
        #expect(!ImportMerge.isSameActivity(hour, workout("2024-06-01T10:12:01Z", 3600)))
        #expect(!ImportMerge.isSameActivity(hour, workout("2024-06-01T10:00:00Z", 3600, type: "cycling")))
        #expect(!ImportMerge.isSameActivity(workout("2024-06-01T10:00:00Z", 50), workout("2024-06-01T10:01:00Z", 50)))
        #expect(ImportMerge.isSameActivity(workout("2024-06-01T13:00:00+03:00", 600), workout("2024-06-01T10:00:00Z", 600)))
    }

    /// Suunto Movescount writes only the full 1 km autolaps: the laps sum 1,999 m and 625 s
    /// of a run whose track is about 2.9 km and 15 minutes long.
    @Test func aTCXWhoseLapsDoNotCoverItsTrackTakesTheTrack() throws {
        let formatter = ISO8601DateFormatter()
        var points = ""
        // 90 points 10 s apart moving north 0.0003° (about 33.4 m) each: 89 steps, 890 s.
        for i in 0..<90 {
            let time = formatter.string(from: Self.tenOClock.addingTimeInterval(Double(i * 10)))
            points +=
                "<Trackpoint><Time>\(time)</Time><Position><LatitudeDegrees>\(60 + Double(i) * 0.0003)</LatitudeDegrees>"
                + "<LongitudeDegrees>24.9</LongitudeDegrees></Position><DistanceMeters>\(Double(i) * 33.4)</DistanceMeters></Trackpoint>\n"
        }
        let tcx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Running"><Id>2024-06-01T10:00:00Z</Id>
            <Lap StartTime="2024-06-01T10:00:00Z"><TotalTimeSeconds>310</TotalTimeSeconds><DistanceMeters>1000</DistanceMeters><Calories>70</Calories><Track>
            \(points)</Track></Lap>
            <Lap StartTime="2024-06-01T10:05:10Z"><TotalTimeSeconds>315</TotalTimeSeconds><DistanceMeters>999</DistanceMeters><Calories>71</Calories></Lap>
            </Activity></Activities></TrainingCenterDatabase>
            """
        let activity = try #require(try TCXReader.read(Data(tcx.utf8)).first)
        // The haversine length of 89 steps of 0.0003° of latitude: 89 × 33.36 m.
        let expected = 89 * 0.0003 * Double.pi / 180 * 6_371_008.8
        let distance = try #require(activity.distance)
        #expect(abs(distance - expected) < 0.005 * expected, "\(distance) vs \(expected)")
        #expect(activity.duration == 890)
        #expect(activity.movingTime == 625)
        // A pace over the moving time, not the elapsed time.
        let stored = ImportMerge(zone: TimeZone(identifier: "UTC")!).workout(activity)
        #expect(stored.duration == 890 && stored.movingTime == 625 && stored.pacedSeconds == 625)
        // A point whose clock jumped years ahead makes no span: the laps' time stands.
        let jumped = tcx.replacingOccurrences(of: "<Time>2024-06-01T10:14:50Z</Time>", with: "<Time>2031-01-01T00:00:00Z</Time>")
        #expect(jumped != tcx)
        let kept = try #require(try TCXReader.read(Data(jumped.utf8)).first)
        #expect(kept.duration == 625 && kept.movingTime == nil)
    }

    // MARK: Apple Health

    /// A new site with `xml` imported as an `export.xml`; the site's folder and the file.
    static func importHealth(_ xml: String) async throws -> (site: String, file: String) {
        let site = try TestPaths.site(store: [:])
        let file = try TestPaths.scratch("health") + "/export.xml"
        try TestPaths.write(xml, to: file)
        let run = await UsergraphCLI.run(["import", file], in: site, environment: now)
        #expect(run.status == 0, "\(run.stderr)")
        return (site, file)
    }

    /// Exports of iOS 8 write `20150603050200+0100` and `source=`.
    @Test func anIOS8HealthExportIsRead() async throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <ExportDate value="20150603050200+0100"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" source="Health" unit="kg" creationDate="20141022081500+0100" startDate="20141022081500+0100" endDate="20141022081500+0100" value="72.5"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" source="Health" unit="kg" creationDate="20141023081500+0100" startDate="20141023081500+0100" endDate="20141023081500+0100" value="72.1"/>
             <Record type="HKQuantityTypeIdentifierStepCount" source="iPhone" unit="count" creationDate="20141022120000+0100" startDate="20141022120000+0100" endDate="20141022121000+0100" value="1200"/>
            </HealthData>
            """
        let (site, _) = try await Self.importHealth(xml)
        let weights = try #require(try JSONFile.read([WeightRecord].self, at: site + "/Store/weights.json"))
        #expect(weights.map(\.date) == ["2014-10-22", "2014-10-23"])
        #expect(weights.map(\.kg) == [72.5, 72.1])
        let steps = try #require(try JSONFile.read([StepsRecord].self, at: site + "/Store/steps.json"))
        #expect(steps.map(\.steps) == [1200])
    }

    /// `BasalEnergyBurned` records: per day, each device summed, the largest device total kept.
    @Test func basalEnergyIsImportedPerDay() async throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Watch" unit="kcal" startDate="2026-11-19 08:00:00 +0300" endDate="2026-11-19 09:00:00 +0300" value="60.4"/>
             <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Watch" unit="kcal" startDate="2026-11-19 09:00:00 +0300" endDate="2026-11-19 10:00:00 +0300" value="1700.2"/>
             <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Phone" unit="kJ" startDate="2026-11-19 09:00:00 +0300" endDate="2026-11-19 10:00:00 +0300" value="4184"/>
             <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Watch" unit="kcal" startDate="2026-11-20 08:00:00 +0300" endDate="2026-11-20 09:00:00 +0300" value="1650"/>
            </HealthData>
            """
        let (site, file) = try await Self.importHealth(xml)
        let basal = try #require(try JSONFile.read([BasalEnergyRecord].self, at: site + "/Store/basal.json"))
        // 11-19: the watch's 60 + 1,700 = 1,761 (each record rounded) beats the phone's 1,000 kcal.
        #expect(basal.map(\.date) == ["2026-11-19", "2026-11-20"])
        #expect(basal.map(\.kcal) == [1760, 1650])
        #expect(basal.map { $0.source?.id } == ["Watch", "Watch"])
        let again = await UsergraphCLI.run(["import", file], in: site, environment: Self.now)
        #expect(again.status == 0)
        #expect(try JSONFile.read([BasalEnergyRecord].self, at: site + "/Store/basal.json") == basal)
    }

    /// Steps are dated in the site's zone, as workouts are: 23:30 in New York is the next morning in Moscow.
    @Test func stepsAreDatedInTheSitesZone() async throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-06-01 23:30:00 -0400" endDate="2024-06-01 23:40:00 -0400" value="900"/>
            </HealthData>
            """
        let (site, _) = try await Self.importHealth(xml)
        let steps = try #require(try JSONFile.read([StepsRecord].self, at: site + "/Store/steps.json"))
        #expect(steps.map(\.date) == ["2024-06-02"])
    }

    /// A workout's route file is never a workout of its own when the workout is there, in
    /// whichever order the two are imported.
    @Test func aRouteFileJoinsTheWorkoutWhoseSpanHoldsIt() async throws {
        // The real route (Apple Health Export, 2019-12-15 20:19:55–20:20:38Z) and a walk that holds it.
        let route = ImportCommandTests.fixtures + "/gpx/placemark-togeojson/apple_watch_route.gpx"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="6" durationUnit="min" sourceName="Apple Watch" startDate="2019-12-15 15:19:00 -0500" endDate="2019-12-15 15:25:00 -0500">
              <WorkoutRoute sourceName="Apple Watch" startDate="2019-12-15 15:19:55 -0500" endDate="2019-12-15 15:20:38 -0500">
               <FileReference path="/workout-routes/route_2019-12-15_3.50pm.gpx"/>
              </WorkoutRoute>
             </Workout>
            </HealthData>
            """
        let export = try TestPaths.scratch("health") + "/export.xml"
        try TestPaths.write(xml, to: export)
        for order in [[export, route], [route, export]] {
            let site = try TestPaths.site(store: [:])
            for path in order {
                let run = await UsergraphCLI.run(["import", path], in: site, environment: Self.now)
                #expect(run.status == 0, "\(run.stderr)")
            }
            let workouts = try ImportCommandTests.workouts(site)
            #expect(workouts.count == 1, "\(order)")
            #expect(workouts.first?.type == "walking")
            #expect(workouts.first?.duration == 360)
            #expect(workouts.first?.source?.kind == "apple-health")
            #expect(workouts.first?.alsoFrom?.map(\.kind) == ["gpx"])
            // A re-import of both adds nothing.
            let again = await UsergraphCLI.run(["import", export, route], in: site, environment: Self.now)
            #expect(again.stdout.hasPrefix("Imported 0 workouts"), "\(again.stdout)")
        }
    }

    // MARK: Hostile and empty input

    /// A GPX or TCX nesting elements without end is stopped at 64 levels, as the Health scanner is.
    @Test func deepNestingIsRefusedWithOneSentence() async throws {
        let folder = try TestPaths.scratch("deep")
        let deep = String(repeating: "<a>", count: 5_000) + String(repeating: "</a>", count: 5_000)
        try TestPaths.write("<?xml version=\"1.0\"?><gpx version=\"1.1\"><trk>" + deep + "</trk></gpx>", to: folder + "/deep.gpx")
        try TestPaths.write("<?xml version=\"1.0\"?><TrainingCenterDatabase>" + deep + "</TrainingCenterDatabase>", to: folder + "/deep.tcx")
        for name in ["deep.gpx", "deep.tcx"] {
            let site = try TestPaths.site(store: [:])
            let run = await UsergraphCLI.run(["import", folder + "/" + name], in: site, environment: Self.now)
            #expect(run.status == 1)
            #expect(run.stderr.contains("elements are nested more than 64 levels deep at line 1"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: site + "/Store/workouts.json"))
        }
    }

    /// A folder with nothing to import says so, names the folder and fails.
    @Test func aFolderWithNothingToImportSaysWhy() async throws {
        let site = try TestPaths.site(store: [:])
        let links = try TestPaths.scratch("links")
        try FileManager.default.createSymbolicLink(atPath: links + "/loop", withDestinationPath: links + "/loop")
        let run = await UsergraphCLI.run(["import", links], in: site, environment: Self.now)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Nothing in \(links) is an export usergraph reads: it holds only links"), "\(run.stderr)")
        let notes = try TestPaths.scratch("notes")
        try TestPaths.write("shopping list\n", to: notes + "/notes.txt")
        let other = await UsergraphCLI.run(["import", notes], in: site, environment: Self.now)
        #expect(other.status == 1)
        #expect(other.stderr.contains("Nothing in \(notes) is an export usergraph reads: none of its files"), "\(other.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/Store/workouts.json"))
    }
}
