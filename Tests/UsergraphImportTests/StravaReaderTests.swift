import Foundation
import Testing
@testable import UsergraphImport
import UsergraphTestSupport

/// Strava's activities.csv against Python's own reading of the same files (expected.json).
@Suite struct StravaReaderTests {
    static let folder = TestPaths.fixtures + "/import/strava"

    struct Expected: Decodable {
        var id: String
        var start: String
        var type: String
        var elapsed: Double
        var distance: Double?
        var energy: Double?
    }

    @Test(arguments: ["activities.sample.DERIVED.csv", "activities-2023-10.csv"])
    func everyRowAgreesWithAnIndependentReading(_ name: String) throws {
        let expected =
            try JSONDecoder().decode(
                [String: [Expected]].self,
                from: Data(contentsOf: URL(fileURLWithPath: Self.folder + "/expected.json")))[name] ?? []
        let activities = try StravaReader.read(Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
        #expect(activities.count == expected.count && !expected.isEmpty)
        let iso = ISO8601DateFormatter()
        for (activity, want) in zip(activities, expected) {
            #expect(activity.source == .strava && activity.sourceID == want.id && activity.sourceType == want.type)
            #expect(activity.start == iso.date(from: want.start), "\(want.id)")
            #expect(activity.duration == want.elapsed && activity.utcOffset == 0)
            #expect(activity.distance == want.distance, "\(want.id)")
            #expect(activity.energy == want.energy, "\(want.id)")
        }
    }

    @Test func aFileThatIsNotAStravaExportIsNamedAsSuch() {
        #expect(throws: ImportProblem("errors.import.strava.columns")) { try StravaReader.read(Data("a,b,c\n1,2,3\n".utf8)) }
        #expect(throws: ImportProblem("errors.import.strava.row", ["line": "2"])) {
            try StravaReader.read(Data("Activity ID,Activity Date,Activity Type,Elapsed Time\n1,yesterday,Run,60\n".utf8))
        }
        #expect(throws: ImportProblem("errors.import.csv.unclosedQuote")) {
            try StravaReader.read(Data("Activity ID,Activity Date,Activity Type,Elapsed Time\n1,\"Oct 5, 2014, 4:15:21 PM,Run,60\n".utf8))
        }
    }

    @Test func typesMapOntoUsergraphsAndUnknownOnesKeepAReadableName() {
        #expect(ActivityTypes.map("Run", from: .strava) == "running")
        #expect(ActivityTypes.map("Snowshoe", from: .strava) == "snowshoe")
        #expect(ActivityTypes.map("Stand Up Paddling", from: .strava) == "stand-up-paddling")
        #expect(ActivityTypes.map("HKWorkoutActivityTypeTableTennis", from: .appleHealth) == "table-tennis")
        #expect(ActivityTypes.map("HKWorkoutActivityTypeRunning", from: .appleHealth) == "running")
        #expect(ActivityTypes.map("swimming/open_water", from: .fit) == "swimming")
        #expect(ActivityTypes.map("Biking", from: .tcx) == "cycling")
        #expect(ActivityTypes.map("", from: .gpx) == "other")
    }
}
