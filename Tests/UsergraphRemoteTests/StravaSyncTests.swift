import FlyingFox
import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

/// Strava's API, as `update` syncs it and `auth strava` authorizes it, against a local server
/// that answers in the documented shapes (Tests/Fixtures/sync/README.md names the pages).
final class FakeStrava: @unchecked Sendable {
    static let fixtures = TestPaths.fixtures + "/sync/strava"
    static let secret = "s3cret-client-0123456789"
    static let firstRefresh = "refresh-one-0123456789abcdef"
    /// Seconds since 1970 of the tests' USERGRAPH_NOW (2026-11-20T05:00:00Z).
    static let now = 1_795_150_800

    private let lock = NSLock()
    private var activities: [[String: Any]]
    /// Refresh tokens Strava still takes; each refresh retires the one used and issues the next.
    private var refreshTokens: Set<String> = [FakeStrava.firstRefresh]
    private var issued = 0
    private var accessTokens: Set<String> = []
    /// 15-minute and daily usage, counted per API request, and the 15-minute limit.
    var usage15 = 0
    var usageDay = 0
    var limit15 = 200
    /// A status for requests whose target contains the key (`"page=2": 500`).
    var failures: [String: (Int, String)] = [:]
    var code = "code-from-the-redirect-42"

    init(extra: [[String: Any]] = []) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/activities.json"))
        activities = extra + ((try JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? [])
    }

    func set(_ change: (FakeStrava) -> Void) { lock.withLock { change(self) } }

    /// The refresh token issued last, and every access token issued.
    var latestRefresh: String { lock.withLock { issued == 0 ? Self.firstRefresh : "refresh-\(issued)-rotated-abcdef" } }
    var allAccess: Set<String> { lock.withLock { accessTokens } }

    func respond(_ request: LocalServer.Request) -> HTTPResponse {
        lock.withLock {
            if let (status, body) = failures.first(where: { request.target.contains($0.key) })?.value {
                return .json(status, Data(body.utf8), headers: limits())
            }
            if request.path == "/oauth/token" { return token(request) }
            guard let auth = request.header("authorization"), auth.hasPrefix("Bearer "), accessTokens.contains(String(auth.dropFirst(7))) else {
                return .json(401, Data(#"{"message":"Authorization Error","errors":[{"resource":"Athlete","field":"access_token","code":"invalid"}]}"#.utf8))
            }
            usage15 += 1
            usageDay += 1
            if request.path == "/api/v3/athlete/activities" {
                let query = Dictionary(
                    (URLComponents(string: request.target)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
                let after = Int(query["after"] ?? "") ?? 0
                let perPage = Int(query["per_page"] ?? "") ?? 30
                let page = Int(query["page"] ?? "") ?? 1
                let kept = activities.filter { (Timestamp.parse($0["start_date"] as? String ?? "")?.timeIntervalSince1970 ?? 0) > Double(after) }
                let slice = Array(kept.dropFirst((page - 1) * perPage).prefix(perPage))
                return .json(200, (try? JSONSerialization.data(withJSONObject: slice)) ?? Data(), headers: limits())
            }
            if request.path.hasPrefix("/api/v3/activities/"), request.path.hasSuffix("/streams") {
                let id = request.path.dropFirst("/api/v3/activities/".count).dropLast("/streams".count)
                guard let data = FileManager.default.contents(atPath: Self.fixtures + "/streams-\(id).json") else {
                    return .json(
                        404, Data(#"{"message":"Record Not Found","errors":[{"resource":"Activity","field":"id","code":"invalid"}]}"#.utf8), headers: limits())
                }
                return .json(200, data, headers: limits())
            }
            return .json(404, Data(#"{"message":"Record Not Found"}"#.utf8), headers: limits())
        }
    }

    private func limits() -> [String: String] {
        [
            "X-RateLimit-Limit": "\(limit15 * 2),\(limit15 * 20)", "X-RateLimit-Usage": "\(usage15),\(usageDay)",
            "X-ReadRateLimit-Limit": "\(limit15),\(limit15 * 10)", "X-ReadRateLimit-Usage": "\(usage15),\(usageDay)",
        ]
    }

    private func token(_ request: LocalServer.Request) -> HTTPResponse {
        let form = Dictionary(
            String(decoding: request.body, as: UTF8.self).split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
                return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { a, _ in a })
        let bad = #"{"message":"Bad Request","errors":[{"resource":"RefreshToken","field":"refresh_token","code":"invalid"}]}"#
        guard form["client_id"] == "12345", form["client_secret"] == Self.secret else {
            return .json(401, Data(#"{"message":"Bad Request","errors":[{"resource":"Application","field":"client_id","code":"invalid"}]}"#.utf8))
        }
        switch form["grant_type"] {
        case "refresh_token":
            guard let old = form["refresh_token"], refreshTokens.remove(old) != nil else { return .json(400, Data(bad.utf8)) }
        case "authorization_code":
            guard form["code"] == code else { return .json(400, Data(bad.utf8)) }
        default: return .json(400, Data(bad.utf8))
        }
        issued += 1
        let refresh = "refresh-\(issued)-rotated-abcdef", access = "access-\(issued)-0123456789"
        refreshTokens.insert(refresh)
        accessTokens.insert(access)
        let body = #"{"token_type":"Bearer","access_token":"\#(access)","expires_at":\#(Self.now + 21600),"expires_in":21600,"refresh_token":"\#(refresh)"}"#
        return .json(200, Data(body.utf8))
    }
}

@Suite(.scratch) struct StravaSyncTests {
    static let now = "2026-11-20T08:00:00+03:00"

    struct Setup {
        var server: LocalServer
        var fake: FakeStrava
        var root: String
        var home: String
        var tokenFile: String { home + "/usergraph/strava-12345.json" }
        var environment: [String: String] {
            [
                "STRAVA_CLIENT_SECRET": FakeStrava.secret, "STRAVA_REFRESH_TOKEN": FakeStrava.firstRefresh, "XDG_CONFIG_HOME": home,
                "USERGRAPH_NOW": StravaSyncTests.now, "USERGRAPH_RETRY_DELAY": "0",
            ]
        }

        func update() async -> UsergraphCLI.Run {
            await UsergraphCLI.run(["update", "--only", "strava"], in: root, environment: environment)
        }

        func workouts() throws -> [Workout] { try JSONFile.read([Workout].self, at: root + "/Store/workouts.json") ?? [] }

        /// No token, secret or code in the store, the config folder's outputs or the runs' words.
        func expectNoSecrets(in runs: [UsergraphCLI.Run]) {
            let secrets = [FakeStrava.secret, FakeStrava.firstRefresh, fake.latestRefresh] + fake.allAccess
            for (path, data) in FetchSite.files(under: root) {
                let text = String(decoding: data, as: UTF8.self)
                for secret in secrets { #expect(!text.contains(secret), "\(path)") }
            }
            for run in runs {
                for secret in secrets { #expect(!(run.stdout + run.stderr).contains(secret)) }
            }
        }

        func stop() async { await server.stop() }
    }

    static func setUp(maxPerRun: Int = 50, extra: [[String: Any]] = [], store: [String: String] = [:]) async throws -> Setup {
        let fake = try FakeStrava(extra: extra)
        let server = try await LocalServer.start { fake.respond($0) }
        let root = try TestPaths.site(
            store: store, config: "strava:\n  clientId: 12345\n  apiURL: \(server.base)/api/v3\n  maxPerRun: \(maxPerRun)\n")
        return Setup(server: server, fake: fake, root: root, home: try TestPaths.scratch("config"))
    }

    @Test func aRunRefreshesTheTokenSavesTheRotatedOneAndBringsTheActivitiesWithTheirStreams() async throws {
        let setup = try await Self.setUp()
        let run = await setup.update()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let workouts = try setup.workouts()
        #expect(workouts.map(\.source?.kind) == ["strava-api", "strava-api", "strava-api"])
        #expect(workouts.map(\.type) == ["running", "cycling", "walking"])
        #expect(workouts.first?.start == "2026-11-18T08:00:00+03:00")
        #expect(workouts.first?.duration == 1800)
        #expect(workouts.first?.name == "Morning Run")
        // Streams became tracks (the manual walk has none and was not asked for).
        let track = try #require(try TrackFiles.read(at: setup.root + "/Store/tracks/\(workouts[0].id).json"))
        #expect(track.count == 181)
        #expect(track.columns[.hr]?.count == 181)
        #expect(track.columns[.lat]?.first == 55.75)
        #expect(FileManager.default.fileExists(atPath: setup.root + "/Store/tracks/\(workouts[1].id).json"))
        #expect(!FileManager.default.fileExists(atPath: setup.root + "/Store/tracks/\(workouts[2].id).json"))
        let targets = setup.server.log.all.map(\.target)
        #expect(targets.first == "/oauth/token")
        #expect(targets.contains("/api/v3/athlete/activities?after=0&per_page=200&page=1"))
        #expect(!targets.contains { $0.contains("9000000003/streams") })
        #expect(targets.contains { $0.hasPrefix("/api/v3/activities/9000000001/streams?keys=time,latlng,altitude,heartrate,cadence,watts") })
        let tokenRequest = String(decoding: setup.server.log.all[0].body, as: UTF8.self)
        #expect(tokenRequest.contains("grant_type=refresh_token"))
        #expect(tokenRequest.contains("refresh_token=\(FakeStrava.firstRefresh)"))

        // The rotated refresh token is saved, only its owner can read the file, and no
        // temporary file is left beside it.
        let saved = try TestPaths.read(setup.tokenFile)
        #expect(saved.contains("refresh-1-rotated-abcdef"))
        let mode = try FileManager.default.attributesOfItem(atPath: setup.tokenFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.home + "/usergraph") == ["strava-12345.json"])
        #expect(try EnvelopeFile.read(setup.root + "/Store/strava/activities.json")?.source == setup.server.base + "/api/v3/athlete/activities")

        // The next run uses the saved access token, asks only after the newest, and adds nothing.
        let asked = setup.server.log.count
        let second = await setup.update()
        #expect(second.status == 0, "\(second.stderr)")
        let again = setup.server.log.all.dropFirst(asked).map(\.target)
        #expect(again == ["/api/v3/athlete/activities?after=1795100400&per_page=200&page=1"])
        #expect(try setup.workouts() == workouts)
        setup.expectNoSecrets(in: [run, second])
        await setup.stop()
    }

    @Test func aSecondPageIsAskedWhenTheFirstIsFull() async throws {
        // 200 manual entries before the fixtures' three: page 1 is full.
        let extra: [[String: Any]] = (0..<200).map { index in
            [
                "id": 8_000_000_000 + index, "name": "Manual \(index)", "type": "Workout", "sport_type": "Workout",
                "start_date": Timestamp.format(Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 7200), in: TimeZone(identifier: "UTC") ?? .current),
                "utc_offset": 10800.0, "elapsed_time": 1800, "moving_time": 1800, "distance": 0.0, "manual": true,
            ]
        }
        let setup = try await Self.setUp(maxPerRun: 1000, extra: extra)
        let run = await setup.update()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try setup.workouts().count == 203)
        let lists = setup.server.log.all.map(\.target).filter { $0.hasPrefix("/api/v3/athlete/activities") }
        #expect(lists == ["/api/v3/athlete/activities?after=0&per_page=200&page=1", "/api/v3/athlete/activities?after=0&per_page=200&page=2"])
        await setup.stop()
    }

    @Test func aServerErrorOnPageTwoSavesNothing() async throws {
        let extra: [[String: Any]] = (0..<200).map { index in
            [
                "id": 8_000_000_000 + index, "type": "Workout", "start_date": "2026-0\(1 + index / 50)-1\(index % 9)T0\(index % 10):00:00Z",
                "elapsed_time": 600, "manual": true,
            ]
        }
        let setup = try await Self.setUp(maxPerRun: 1000, extra: extra)
        setup.fake.set { $0.failures = ["page=2": (500, #"{"message":"Internal Server Error"}"#)] }
        let run = await setup.update()
        #expect(run.status == 1)
        #expect(run.stderr.contains("500 Internal Server Error"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.root + "/Store/workouts.json"))
        #expect(!FileManager.default.fileExists(atPath: setup.root + "/Store/strava"))
        await setup.stop()
    }

    @Test func theRateLimitStopsTheRunBeforeItIsReachedAndTheNextRunGoesOn() async throws {
        let setup = try await Self.setUp()
        // Four requests short of the 15-minute read limit.
        setup.fake.set {
            $0.usage15 = 196
            $0.limit15 = 200
        }
        let first = await setup.update()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Strava's request limit is near (198 of 200 in 15 minutes"), "\(first.stderr)")
        // The list (197) and the first streams (198): the next request could reach the limit.
        #expect(setup.fake.usage15 == 198)
        #expect(try setup.workouts().map(\.source?.id) == ["9000000001"])

        // A quarter of an hour later the next run goes on from the newest it saved.
        setup.fake.set { $0.usage15 = 0 }
        let second = await setup.update()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try setup.workouts().map(\.source?.id) == ["9000000001", "9000000002", "9000000003"])
        let lists = setup.server.log.all.map(\.target).filter { $0.hasPrefix("/api/v3/athlete/activities") }
        #expect(lists.last == "/api/v3/athlete/activities?after=1794978000&per_page=200&page=1")
        await setup.stop()
    }

    @Test func a429StopsTheRunAndKeepsWhatWasComplete() async throws {
        let setup = try await Self.setUp()
        setup.fake.set { $0.failures = ["9000000002/streams": (429, #"{"message":"Rate Limit Exceeded"}"#)] }
        let first = await setup.update()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Strava answered 429 Too Many Requests"), "\(first.stderr)")
        #expect(try setup.workouts().map(\.source?.id) == ["9000000001"])
        setup.fake.set { $0.failures = [:] }
        let second = await setup.update()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try setup.workouts().count == 3)
        await setup.stop()
    }

    @Test func aRefusedRefreshTokenIsOneSentenceAndTheStoreIsUnchanged() async throws {
        let setup = try await Self.setUp()
        var environment = setup.environment
        environment["STRAVA_REFRESH_TOKEN"] = "refresh-revoked-000000000"
        let before = FolderSnapshot(setup.root + "/Store")
        let run = await UsergraphCLI.run(["update", "--only", "strava"], in: setup.root, environment: environment)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.contains("Strava refused the refresh token (400 Bad Request at \(setup.server.base)/oauth/token)") == true, "\(run.stderr)")
        #expect(FolderSnapshot(setup.root + "/Store") == before)
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
        #expect(!run.stderr.contains("refresh-revoked-000000000"))
        await setup.stop()
    }

    @Test func aRefusedAccessTokenAndAnInactiveAccountAreOneSentenceEach() async throws {
        let setup = try await Self.setUp()
        setup.fake.set { $0.failures = ["/athlete/activities": (401, #"{"message":"Authorization Error"}"#)] }
        let unauthorized = await setup.update()
        #expect(unauthorized.status == 1)
        #expect(unauthorized.stderr.contains("Strava refused the access token (401 at"), "\(unauthorized.stderr)")
        setup.fake.set {
            $0.failures = ["/athlete/activities": (403, #"{"message":"Forbidden","errors":[{"resource":"Athlete","field":"subscription","code":"Inactive"}]}"#)]
        }
        let inactive = await setup.update()
        #expect(inactive.status == 1)
        let lines = inactive.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(inactive.stderr)")
        #expect(lines.first?.contains("Strava answered 403 Inactive") == true)
        #expect(lines.first?.contains("intervals.icu") == true)
        #expect(!FileManager.default.fileExists(atPath: setup.root + "/Store/workouts.json"))
        setup.expectNoSecrets(in: [unauthorized, inactive])
        await setup.stop()
    }

    @Test func anActivityTheArchiveBroughtIsJoinedNotDoubled() async throws {
        // The archive's record of 9000000001: same id, start and duration, kind `strava`.
        let archived =
            #"[{"id":"1d0c3a52-0000-4000-8000-000000000001","type":"running","start":"2026-11-18T08:00:00+03:00","duration":1801,"distance":5010.0,"calories":410,"source":{"kind":"strava","id":"9000000001"}}]"#
        let setup = try await Self.setUp(store: ["workouts.json": archived])
        let run = await setup.update()
        #expect(run.status == 0, "\(run.stderr)")
        let workouts = try setup.workouts()
        #expect(workouts.count == 3)
        let joined = try #require(workouts.first { $0.id == "1d0c3a52-0000-4000-8000-000000000001" })
        #expect(joined.alsoFrom?.contains(RecordSource(kind: "strava-api", id: "9000000001")) == true)
        #expect(joined.calories == 410)
        // Its streams were not asked for: the archive's file is its track.
        #expect(!setup.server.log.all.contains { $0.target.contains("9000000001/streams") })
        await setup.stop()
    }

    @Test func aFailedSourceKeepsTheStoreWhileTheOtherIsSavedAndTheRunExits1() async throws {
        let intervals = try await IntervalsSyncTests.start()
        let fake = try FakeStrava()
        fake.set { $0.failures = ["/athlete/activities": (403, #"{"message":"Forbidden","errors":[{"code":"Inactive"}]}"#)] }
        let strava = try await LocalServer.start { fake.respond($0) }
        let root = try TestPaths.site(
            store: [:],
            config: "intervals:\n  athlete: i12345\n  apiURL: \(intervals.base)/api/v1\n  since: 2010-01-01\n"
                + "strava:\n  clientId: 12345\n  apiURL: \(strava.base)/api/v3\n")
        var environment = IntervalsSyncTests.environment
        environment["STRAVA_CLIENT_SECRET"] = FakeStrava.secret
        environment["STRAVA_REFRESH_TOKEN"] = FakeStrava.firstRefresh
        environment["XDG_CONFIG_HOME"] = try TestPaths.scratch("config")
        let run = await UsergraphCLI.run(["update"], in: root, environment: environment)
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("usergraph: Not updated: strava; the store keeps what it had of them. Updated and saved: intervals.\n"), "\(run.stderr)")
        #expect(try JSONFile.read([Workout].self, at: root + "/Store/workouts.json")?.allSatisfy { $0.source?.kind == "intervals" } == true)
        #expect(!FileManager.default.fileExists(atPath: root + "/Store/strava"))
        // --offline asks neither.
        let asked = intervals.log.count + strava.log.count
        #expect(await UsergraphCLI.run(["update", "--offline"], in: root, environment: environment).status == 64)
        #expect(intervals.log.count + strava.log.count == asked)
        await intervals.stop()
        await strava.stop()
    }

    @Test func authStravaNeedsTheClientAndACode() async throws {
        let setup = try await Self.setUp()
        var environment = setup.environment
        environment["STRAVA_CLIENT_SECRET"] = nil
        let noSecret = await UsergraphCLI.run(["auth", "strava", "abcdefgh12"], in: setup.root, environment: environment)
        #expect(noSecret.status == 64)
        #expect(noSecret.stderr.contains("STRAVA_CLIENT_SECRET"))
        let noCode = await UsergraphCLI.run(["auth", "strava"], in: setup.root, environment: setup.environment, input: [])
        #expect(noCode.status == 64)
        #expect(noCode.stderr.contains("No code was given"))
        #expect(setup.server.log.count == 0)
        await setup.stop()
    }

    @Test func authStravaExchangesTheCodeAndSavesTheTokens() async throws {
        let setup = try await Self.setUp()
        var environment = setup.environment
        environment["STRAVA_REFRESH_TOKEN"] = nil
        // Pasted at the prompt as the whole address Strava redirected to.
        let run = await UsergraphCLI.run(
            ["auth", "strava"], in: setup.root, environment: environment,
            input: ["http://localhost/exchange_token?state=&code=code-from-the-redirect-42&scope=read,activity:read_all"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(setup.server.base)/oauth/authorize?client_id=12345&response_type=code"))
        #expect(run.stderr.contains("scope=activity:read_all"))
        #expect(run.stderr.contains("Saved the Strava tokens to \(setup.tokenFile)"))
        let mode = try FileManager.default.attributesOfItem(atPath: setup.tokenFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The saved tokens are what the next update uses: no refresh needed.
        let update = await UsergraphCLI.run(["update", "--only", "strava"], in: setup.root, environment: environment)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(setup.server.log.all.filter { $0.path == "/oauth/token" }.count == 1)
        #expect(try setup.workouts().count == 3)
        // A code Strava refuses is one sentence.
        let refused = await UsergraphCLI.run(["auth", "strava", "wrong-code-000"], in: setup.root, environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Strava refused the code (400 Bad Request at"), "\(refused.stderr)")
        setup.expectNoSecrets(in: [update])
        await setup.stop()
    }
}
