import Foundation
import Testing
import UsergraphTestSupport

/// Every way a fetch fails, through the real executable: one plain sentence on stderr, exit 1,
/// the store byte for byte as it was, and the token nowhere in the output.
@Suite(.scratch) struct FetchFailureTests {
    static let token = "ghp_S3cretTokenValue4Tests"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var failure: FakeAPIs.Failure?
        /// Point the config at a port nothing listens on.
        var refused = false
        /// Point the config at a server that accepts and never answers.
        var silent = false
        var token: String?
        /// Phrases of the message; `{api}` stands for the API's base URL.
        var message: [String]
        /// Requests GitHub may see: retries are bounded and a failed service is not asked again.
        var requests: Int
        /// Failures that concern one page only are reported for each source.
        var lines = 2
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "404", failure: .notFound,
            message: ["GitHub has no user `bitwiseman` (404 Not Found at {api}/users/bitwiseman); check `github.login` in usergraph.yml."], requests: 1),
        Case(
            name: "401", failure: .badCredentials, token: token,
            message: ["GitHub refused the token in GITHUB_TOKEN (401 Bad credentials at {api}/users/bitwiseman); replace it, or unset the variable"],
            requests: 1),
        Case(
            name: "403 rate limit", failure: .rateLimited,
            message: [
                "GitHub's rate limit is exhausted (at {api}/users/bitwiseman); it resets at October 26, 2019, 02:01:26 UTC, and a token in GITHUB_TOKEN raises the limit."
            ], requests: 1),
        Case(
            name: "429 Retry-After", failure: .tooManyRequests, token: token,
            message: ["GitHub's rate limit is exhausted (at {api}/users/bitwiseman); try again in 60 seconds."], requests: 1),
        // With a token the GraphQL sources are asked too: their one refusal (the same endpoint) is one more line.
        Case(
            name: "other 403", failure: .forbidden, token: token,
            message: ["GitHub refused access to {api}/users/bitwiseman (403 Forbidden: Resource not accessible by personal access token)."], requests: 3,
            lines: 5),
        Case(
            name: "5xx", failure: .serverError(502), message: ["GitHub answered 502 Bad Gateway at {api}/users/bitwiseman 3 times; try again later."],
            requests: 3),
        Case(
            name: "timeout", silent: true, message: ["GitHub did not answer within 1 second at {api}/users/bitwiseman (3 tries); try again later."], requests: 3
        ),
        Case(
            name: "not JSON", failure: .notJSON,
            message: [
                "The answer from GitHub at {api}/users/bitwiseman is not the JSON usergraph expects: it is not JSON (line 1, column 1: unexpected character)."
            ], requests: 3, lines: 4),
        Case(
            name: "connection refused", refused: true, token: token,
            message: ["Cannot connect to GitHub at {host} (connection refused); check `github.apiURL` in usergraph.yml and the network."], requests: 0),
    ]

    @Test(arguments: cases)
    func updateFailsWithOneSentenceAndLeavesTheStoreAlone(_ failure: Case) async throws {
        let apis = try await FakeAPIs.start()
        apis.failure = failure.failure
        let refusedPort = try LocalServer.closedPort()
        let silent = try SilentServer()
        defer { silent.stop() }
        let api = failure.refused ? "http://127.0.0.1:\(refusedPort)" : failure.silent ? silent.base : apis.base
        let root = try FetchSite.make(apis: apis, apiURL: api, demoStore: true)
        let before = FetchSite.store(root)

        // Only the timeout case gets a short timeout: a busy machine may be slow to answer.
        var environment = ["USERGRAPH_RETRY_DELAY": "0.001"]
        if failure.silent { environment["USERGRAPH_TIMEOUT"] = "1" }
        if let token = failure.token { environment["GITHUB_TOKEN"] = token }
        let run = await UsergraphCLI.run(["update"], in: root, environment: environment)

        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == failure.lines, "\(run.stderr)")
        for phrase in failure.message {
            let expected = phrase.replacingOccurrences(of: "{api}", with: api).replacingOccurrences(of: "{host}", with: "127.0.0.1:\(refusedPort)")
            #expect(lines.first == "usergraph: " + expected || (lines.first?.contains(expected) ?? false), "\(run.stderr)")
        }
        // With a token the GraphQL sources are configured, and fail with the others.
        let notUpdated = failure.token == nil ? "profile, repos, starred" : "profile, repos, starred, pinned, contributions, languages"
        #expect(lines.last == "usergraph: Not updated: \(notUpdated); the store keeps what it had of them.")
        #expect(FetchSite.store(root) == before)
        #expect(!run.stderr.contains(Self.token) && !run.stdout.contains(Self.token))
        #expect(apis.gitHubRequests.count + silent.connections == failure.requests, "\(apis.gitHubRequests.map(\.target))")
        // A failure that stops GitHub stops its GraphQL API too; without a token it is never asked.
        #expect(apis.graphQLRequests.count == (failure.token != nil && failure.name == "other 403" ? 3 : 0))
        await apis.stop()
    }

    @Test func buildReportsAFailedFetchAndStillBuildsFromTheCache() async throws {
        let apis = try await FakeAPIs.start()
        apis.failure = .serverError(503)
        let root = try FetchSite.make(apis: apis, demoStore: true)
        let before = FetchSite.store(root)

        let run = await UsergraphCLI.run(["build", "--refresh"], in: root, environment: ["USERGRAPH_RETRY_DELAY": "0"])

        #expect(run.status == 1)
        #expect(
            run.stderr == """
                usergraph: GitHub answered 503 Service Unavailable at \(apis.base)/users/bitwiseman 3 times; try again later.
                usergraph: Not fetched: profile, repos, starred; the site was built from what the store already held.

                """)
        #expect(FetchSite.store(root) == before)
        let repositories = try TestPaths.read(root + "/_site/repositories/index.html")
        #expect(repositories.contains("bitwiseman/"))
        await apis.stop()
    }

    @Test func offlineNeverAsks() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis, users: true)
        let run = await UsergraphCLI.run(["build", "--offline", "--refresh"], in: root)
        #expect(run.status == 64)
        let offline = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(apis.log.count == 0)
        #expect(FetchSite.store(root).isEmpty)
        await apis.stop()
    }

    @Test func updateOnlyRefusesUnknownOrUnconfiguredSources() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let unknown = await UsergraphCLI.run(["update", "--only", "repos,gists"], in: root)
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains(
                "`gists` is not a source usergraph fetches; use some of profile, repos, starred, pinned, contributions, languages, users, statistics, intervals, strava, inbox."
            ))
        let unconfigured = await UsergraphCLI.run(["update", "--only", "users"], in: root)
        #expect(unconfigured.status == 64)
        #expect(unconfigured.stderr == "usergraph: Cannot update users: usergraph.yml has no `users.url`.\n")
        let unsynced = await UsergraphCLI.run(["update", "--only", "strava"], in: root)
        #expect(unsynced.status == 64)
        #expect(unsynced.stderr == "usergraph: Cannot update strava: usergraph.yml has no `strava.clientId`.\n")
        #expect(apis.log.count == 0)
        await apis.stop()
    }

    /// A successful run with a token: it reaches GitHub, and nothing written or printed holds it.
    @Test func theTokenIsSentButNeverWrittenOrPrinted() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)

        let build = await UsergraphCLI.run(["build"], in: root, environment: ["GITHUB_TOKEN": Self.token])
        let update = await UsergraphCLI.run(["update"], in: root, environment: ["GITHUB_TOKEN": Self.token])

        #expect(build.status == 0, "\(build.stderr)")
        #expect(update.status == 0, "\(update.stderr)")
        #expect(apis.gitHubRequests.count == 16)
        #expect(apis.gitHubRequests.allSatisfy { $0.header("Authorization") == "Bearer " + Self.token })
        // Pinned, the calendar and two pages of languages, for the build and again for the update.
        #expect(apis.graphQLRequests.count == 8)
        #expect(apis.graphQLRequests.allSatisfy { $0.header("Authorization") == "bearer " + Self.token })
        // A build that fetched sends nothing more the second time.
        let again = await UsergraphCLI.run(["build"], in: root, environment: ["GITHUB_TOKEN": Self.token])
        #expect(again.status == 0)
        #expect(apis.gitHubRequests.count == 16 && apis.graphQLRequests.count == 8)
        let store = FetchSite.store(root), site = FetchSite.files(under: root + "/_site")
        #expect(store.count == 6)
        #expect(site["repositories/index.html"] != nil)
        let needle = Data(Self.token.utf8)
        #expect(Array(store.values).allSatisfy { $0.range(of: needle) == nil })
        #expect(Array(site.values).allSatisfy { $0.range(of: needle) == nil })
        for run in [build, update, again] {
            #expect(!run.stdout.contains(Self.token) && !run.stderr.contains(Self.token))
            #expect(run.stderr.isEmpty)  // not a terminal: a successful run prints nothing
        }
        await apis.stop()
    }
}
