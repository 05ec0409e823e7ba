import FlyingFox
import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

/// intervals.icu as `update` syncs it, against a local server that answers as the API's
/// documentation says (Tests/Fixtures/sync/README.md names the pages).
@Suite(.scratch) struct IntervalsSyncTests {
    static let key = "k3y-intervals-0123456789abcdef"
    static let now = "2026-11-20T08:00:00+03:00"
    static let fixtures = TestPaths.fixtures + "/sync/intervals"

    /// The API: the list filtered by `oldest` and `newest` as intervals.icu does, each
    /// activity's file, and 401 for a request without the key (or for every one, `refuse`).
    static func start(refuse: Bool = false) async throws -> LocalServer {
        let list = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/activities.json"))
        let fit = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/i1001.fit.gz"))
        let gpx = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/i1002.gpx"))
        let expected = "Basic " + Data("API_KEY:\(key)".utf8).base64EncodedString()
        return try await LocalServer.start { request in
            guard !refuse, request.header("authorization") == expected else {
                return .json(401, Data(#"{"status":401,"error":"Unauthorized"}"#.utf8))
            }
            if request.path == "/api/v1/athlete/i12345/activities" {
                let query = URLComponents(string: request.target)?.queryItems ?? []
                let oldest = query.first { $0.name == "oldest" }?.value ?? ""
                let newest = query.first { $0.name == "newest" }?.value ?? "9999"
                let items = (try? JSONSerialization.jsonObject(with: list)) as? [[String: Any]] ?? []
                let kept = items.filter {
                    let day = String(($0["start_date_local"] as? String ?? "").prefix(10))
                    return day >= oldest && day <= newest
                }
                return .json(200, (try? JSONSerialization.data(withJSONObject: kept)) ?? Data())
            }
            if request.path == "/api/v1/activity/i1001/file" {
                return .raw(200, fit, headers: ["Content-Type": "application/octet-stream"])
            }
            if request.path == "/api/v1/activity/i1002/file" {
                return .raw(200, gpx, headers: ["Content-Type": "application/gpx+xml"])
            }
            return .json(404, Data(#"{"status":404,"error":"Not found"}"#.utf8))
        }
    }

    static func site(_ server: LocalServer) throws -> String {
        try TestPaths.site(store: [:], config: "intervals:\n  athlete: i12345\n  apiURL: \(server.base)/api/v1\n  since: 2010-01-01\n")
    }

    static var environment: [String: String] {
        ["INTERVALS_API_KEY": key, "USERGRAPH_NOW": now, "USERGRAPH_RETRY_DELAY": "0"]
    }

    static func workouts(_ root: String) throws -> [Workout] {
        try JSONFile.read([Workout].self, at: root + "/Store/workouts.json") ?? []
    }

    @Test func twoActivitiesComeInAsTheirFilesWouldAndASecondRunAsksOnlyForNewerDays() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let root = try Self.site(server)

        let first = await UsergraphCLI.run(["update", "--only", "intervals"], in: root, environment: Self.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        let synced = try Self.workouts(root)
        #expect(synced.count == 3)
        #expect(synced.map(\.source?.kind) == ["intervals", "intervals", "intervals"])
        #expect(Set(synced.compactMap(\.source?.id)) == ["i1001", "i1002", "i1004"])
        // Entered by hand, it has no file (404): the list's numbers make it.
        let manual = try #require(synced.first { $0.source?.id == "i1004" })
        #expect(manual.type == "swimming")
        #expect(manual.start == "2019-06-01T19:00:00+03:00")
        #expect(manual.duration == 2700)
        #expect(manual.distance == 1500)
        #expect(manual.calories == 420)
        // The list was asked from `intervals.since`; the Strava-sourced one's file never.
        let requests = server.log.all.map(\.target)
        #expect(requests.first == "/api/v1/athlete/i12345/activities?oldest=2010-01-01&newest=2026-11-21")
        #expect(!requests.contains { $0.contains("i1003") })
        // The GPX names no type: the list's `Ride` gives it.
        #expect(synced.first { $0.source?.id == "i1002" }?.type == "cycling")
        #expect(synced.first { $0.source?.id == "i1002" }?.name == "Around Višnjan")

        // The FIT one equals a file import of the same file: numbers and track.
        let imported = try TestPaths.site(store: [:])
        let fit = TestPaths.fixtures + "/import/fit/2013-02-06-12-11-14.fit"
        let run = await UsergraphCLI.run(["import", fit], in: imported, environment: ["USERGRAPH_NOW": Self.now])
        #expect(run.status == 0, "\(run.stderr)")
        let fromFile = try #require(try Self.workouts(imported).first)
        let fromSync = try #require(synced.first { $0.source?.id == "i1001" })
        #expect(fromSync.type == fromFile.type)
        #expect(fromSync.start == fromFile.start)
        #expect(fromSync.duration == fromFile.duration)
        #expect(fromSync.distance == fromFile.distance)
        #expect(fromSync.calories == fromFile.calories)
        #expect(fromSync.movingTime == fromFile.movingTime)
        #expect(fromSync.elevationGain == fromFile.elevationGain)
        #expect(fromSync.avgHeartRate == fromFile.avgHeartRate)
        #expect(fromSync.maxHeartRate == fromFile.maxHeartRate)
        let trackFromFile = try TestPaths.read(imported + "/Store/tracks/\(fromFile.id).json")
        let trackFromSync = try TestPaths.read(root + "/Store/tracks/\(fromSync.id).json")
        #expect(trackFromSync == trackFromFile)
        #expect(trackFromSync.contains("\"lat\""))

        // The list is cached like GitHub's answers.
        let cache = try #require(try EnvelopeFile.read(root + "/Store/intervals/activities.json"))
        #expect(cache.source == server.base + "/api/v1/athlete/i12345/activities")

        // A second run asks from the newest one's day on and downloads nothing it has.
        let before = FolderSnapshot(root + "/Store")
        let asked = server.log.count
        let second = await UsergraphCLI.run(["update", "--only", "intervals"], in: root, environment: Self.environment)
        #expect(second.status == 0, "\(second.stderr)")
        let again = server.log.all.dropFirst(asked).map(\.target)
        #expect(again == ["/api/v1/athlete/i12345/activities?oldest=2020-12-18&newest=2026-11-21"])
        #expect(try Self.workouts(root) == synced)
        #expect(
            FolderSnapshot(root + "/Store").files.filter { $0.key != "intervals/activities.json" }
                == before.files.filter { $0.key != "intervals/activities.json" })

        // The key is nowhere in the store or the output.
        for (path, data) in FolderSnapshot(root + "/Store").files {
            #expect(!String(decoding: data, as: UTF8.self).contains(Self.key), "\(path)")
        }
        #expect(!(first.stdout + first.stderr + second.stdout + second.stderr).contains(Self.key))
    }

    @Test func aRefusedKeyIsOneSentenceAndTheStoreIsUnchanged() async throws {
        let server = try await Self.start(refuse: true)
        defer { Task { await server.stop() } }
        let root = try Self.site(server)
        try TestPaths.write(
            #"[{"id":"9c1a4b8e-0000-4000-8000-000000000001","type":"running","start":"2026-11-01T08:00:00+03:00","duration":1800}]"#,
            to: root + "/Store/workouts.json")
        let before = FolderSnapshot(root + "/Store")

        let run = await UsergraphCLI.run(["update", "--only", "intervals"], in: root, environment: Self.environment)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")  // the sentence, then "Not updated: intervals"
        #expect(lines.first?.contains("intervals.icu refused the key in INTERVALS_API_KEY (401 at") == true, "\(run.stderr)")
        #expect(lines.last?.contains("Not updated: intervals") == true)
        #expect(FolderSnapshot(root + "/Store") == before)
        #expect(!run.stderr.contains(Self.key))
    }

    @Test func withoutTheKeyTheSourceFailsAndSaysWhichVariable() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let root = try Self.site(server)
        let run = await UsergraphCLI.run(["update", "--only", "intervals"], in: root, environment: ["USERGRAPH_NOW": Self.now])
        #expect(run.status == 1)
        #expect(run.stderr.contains("INTERVALS_API_KEY is not set"))
        #expect(server.log.count == 0)
    }

    @Test func offlineAsksNothing() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let root = try Self.site(server)
        let run = await UsergraphCLI.run(["update", "--offline"], in: root, environment: Self.environment)
        #expect(run.status == 64)
        #expect(server.log.count == 0)
    }
}
