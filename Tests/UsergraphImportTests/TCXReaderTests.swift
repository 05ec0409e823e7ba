import Foundation
import Testing
@testable import UsergraphImport
import UsergraphTestSupport

/// TCX reading, checked against python-tcxparser's figures for real files (Fixtures/import/tcx,
/// whose expected.json make-expected.py computes). The XML safety the reader shares with GPX
/// is tested in GPXReaderTests; here only that the TCX reader goes through it.
@Suite(.scratch) struct TCXReaderTests {
    static let fixtures = TestPaths.fixtures + "/import/tcx"

    // MARK: Real files against python-tcxparser

    struct Expected: Decodable {
        struct File: Decodable {
            var activityCount: Int
            var activities: [Activity]
        }
        struct Activity: Decodable {
            var start: String
            var startMicroseconds: Int64
            var utcOffset: Int?
            var sourceID: String
            var sport: String
            var duration: Double
            var distance: Double
            var calories: Double
            var tcxparserDistance: Double?
        }
        var files: [String: File]

        static func load() throws -> Expected {
            let data = try Data(contentsOf: URL(fileURLWithPath: TCXReaderTests.fixtures + "/expected.json"))
            return try JSONDecoder().decode(Expected.self, from: data)
        }
    }

    @Test func fixturesAgreeWithTcxparser() throws {
        let expected = try Expected.load()
        #expect(expected.files.count == 2)
        for (name, file) in expected.files.sorted(by: { $0.key < $1.key }) {
            let path = Self.fixtures + "/" + name
            let activities = try TCXReader.read(Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(activities == (try TCXReader.read(fileAt: path)), "\(name): streamed from the file, the same")
            #expect(activities.count == file.activityCount, "\(name)")
            for (activity, wanted) in zip(activities, file.activities) {
                #expect(activity.source == .tcx)
                #expect(activity.sourceID == wanted.sourceID, "\(name)")
                #expect(activity.sourceType == wanted.sport, "\(name)")
                let microseconds = (activity.start.timeIntervalSince1970 * 1_000_000).rounded()
                #expect(abs(microseconds - Double(wanted.startMicroseconds)) <= 1, "\(name) start \(wanted.start)")
                #expect(activity.utcOffset == wanted.utcOffset, "\(name)")
                #expect(abs(activity.duration - wanted.duration) <= 0.001, "\(name)")
                let distance = try #require(activity.distance, "\(name)")
                #expect(abs(distance - wanted.distance) <= 0.001 * wanted.distance, "\(name): \(distance) vs \(wanted.distance)")
                // python-tcxparser's own figure (the last track point's running distance) is close too.
                if let theirs = wanted.tcxparserDistance {
                    #expect(abs(distance - theirs) <= 0.001 * theirs, "\(name): \(distance) vs tcxparser \(theirs)")
                }
                #expect(activity.energy == wanted.calories, "\(name)")
                #expect(activity.movingTime == nil)
            }
        }
    }

    // MARK: What an activity gives

    static func tcx(_ activities: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Activities>
            \(activities)
              </Activities>
            </TrainingCenterDatabase>
            """.utf8)
    }

    static func lap(seconds: String, metres: String? = nil, calories: String? = nil) -> String {
        """
        <Lap StartTime="2024-05-01T07:00:00Z"><TotalTimeSeconds>\(seconds)</TotalTimeSeconds>
        \(metres.map { "<DistanceMeters>\($0)</DistanceMeters>" } ?? "")
        \(calories.map { "<Calories>\($0)</Calories>" } ?? "")
        <Track><Trackpoint><Time>2024-05-01T06:00:00.250Z</Time><DistanceMeters>99999</DistanceMeters></Trackpoint></Track></Lap>
        """
    }

    @Test func severalActivitiesMultisportAndOffsets() throws {
        let data = Self.tcx(
            """
            <Activity Sport="Biking"><Id>2024-05-01T09:00:00.250+03:00</Id>
            \(Self.lap(seconds: "600", metres: "5000", calories: "100"))\(Self.lap(seconds: "60.5", metres: "250.5"))
            <Creator><Name>Edge</Name></Creator></Activity>
            <MultiSportSession><Id>2024-05-02T06:00:00Z</Id>
              <FirstSport><Activity Sport="Other"><Id>2024-05-02T06:00:00Z</Id>\(Self.lap(seconds: "1800", metres: "0", calories: "0"))</Activity></FirstSport>
              <NextSport><Activity Sport="Running"><Id>2024-05-02T06:35:00Z</Id>\(Self.lap(seconds: "900"))</Activity></NextSport>
            </MultiSportSession>
            <Activity Sport="Running"><Id>2024-05-03T06:00:00Z</Id></Activity>
            """)
        let contents = try TCXReader.contents(of: data)
        #expect(contents.activitiesWithoutLaps == 1)
        #expect(contents.activities.count == 3)
        let ride = contents.activities[0]
        #expect(ride.sourceType == "Biking")
        #expect(ride.sourceID == "2024-05-01T09:00:00.250+03:00")
        #expect(ride.start == Date(timeIntervalSince1970: 1_714_543_200.25))
        #expect(ride.utcOffset == 10_800)
        #expect(ride.duration == 660.5)
        // The laps' totals: one track point gives no distance of its own.
        #expect(ride.distance == 5250.5)
        #expect(ride.energy == 100)
        // Zero totals are unknown, as the Strava reader treats them.
        #expect(contents.activities[1].sourceType == "Other")
        #expect(contents.activities[1].distance == nil && contents.activities[1].energy == nil)
        #expect(contents.activities[2].sourceType == "Running" && contents.activities[2].duration == 900)
    }

    @Test func coursesAndWorkoutsGiveNoActivity() throws {
        let data = Data(
            """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Courses><Course><Name>Loop</Name><Lap><TotalTimeSeconds>60</TotalTimeSeconds></Lap></Course></Courses>
              <Workouts><Workout Sport="Running"><Name>Intervals</Name></Workout></Workouts>
            </TrainingCenterDatabase>
            """.utf8)
        #expect(try TCXReader.contents(of: data) == TCXReader.Contents())
    }

    // MARK: Bad files

    @Test func badContentNamesItsLine() throws {
        #expect(throws: ImportProblem("errors.import.tcx.notTCX", ["root": "gpx"])) {
            try TCXReader.read(Data("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"/>".utf8))
        }
        #expect(throws: ImportProblem("errors.import.tcx.noID", ["line": "4"])) {
            try TCXReader.read(Self.tcx("<Activity Sport=\"Running\">\(Self.lap(seconds: "60"))</Activity>"))
        }
        #expect(throws: ImportProblem("errors.import.tcx.id", ["line": "4", "value": "run 1"])) {
            try TCXReader.read(Self.tcx("<Activity Sport=\"Running\"><Id>run 1</Id>\(Self.lap(seconds: "60"))</Activity>"))
        }
        for bad in ["-5", "nan", "an hour", ""] {
            #expect(throws: ImportProblem("errors.import.tcx.number", ["line": "4", "element": "TotalTimeSeconds", "value": bad]), "\(bad)") {
                try TCXReader.read(Self.tcx("<Activity Sport=\"Running\"><Id>2024-05-01T07:00:00Z</Id>\(Self.lap(seconds: bad))</Activity>"))
            }
        }
    }

    @Test func unsafeOrMalformedXMLIsRefused() throws {
        let entity = Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE TrainingCenterDatabase [<!ENTITY id SYSTEM "file:///etc/hostname">]>
            <TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>&id;</Id></Activity></Activities></TrainingCenterDatabase>
            """.utf8)
        #expect(throws: ImportProblem("errors.import.xml.entities")) { try TCXReader.read(entity) }
        let malformed = Data("<TrainingCenterDatabase>\n<Activities>\n</TrainingCenterDatabase>".utf8)
        #expect(throws: ImportProblem("errors.import.xml.malformed", ["line": "3", "column": "26"])) { try TCXReader.read(malformed) }
        let path = try TestPaths.scratch() + "/cut.tcx"
        try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/vkurup-python-tcxparser/test.tcx")).prefix(50_000)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: ImportProblem.self) { try TCXReader.read(fileAt: path) }
    }
}
