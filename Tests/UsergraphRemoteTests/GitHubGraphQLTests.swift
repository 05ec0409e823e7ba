import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
@testable import UsergraphRemote
@testable import UsergraphCommands
import UsergraphTestSupport

/// The GraphQL client and the loader against a local server answering like GitHub's GraphQL
/// API: answers built from the schema for bitwiseman, and two real recordings.
@Suite(.scratch) struct GitHubGraphQLTests {
    static let token = "ghp_GraphQLTokenValue4Tests"
    static let graphQLSources: Set<RemoteSource> = [.pinned, .contributions, .languages]

    /// The `data` object of a full answer, as the store keeps it.
    static func data(of answer: Data) throws -> Data {
        try #require(JSONMembers.value(of: "data", in: answer))
    }

    @Test func withATokenBuildFetchesPinnedContributionsAndLanguages() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick)
            .load(.build(refresh: false))

        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.outcomes[.pinned] == .saved(items: 6))
        #expect(report.outcomes[.contributions] == .saved(items: 370))
        #expect(report.outcomes[.languages] == .saved(items: 5))
        #expect(report.outcomes[.repos] == .saved(items: 169))

        // Four POSTs: pinned, the calendar, then languages page 1 and, along its endCursor, page 2.
        let requests = apis.graphQLRequests
        #expect(requests.map(\.target) == Array(repeating: "/graphql", count: 4))
        #expect(requests.map { FakeAPIs.asked($0).query } == [.pinned, .contributions, .languages, .languages])
        for request in requests {
            #expect(request.method == "POST")
            #expect(request.header("Authorization") == "bearer " + Self.token)
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.header("Accept") == "application/json")
            #expect(request.header("User-Agent")?.hasPrefix("usergraph/") == true)
            #expect(FakeAPIs.asked(request).variables["login"] == "bitwiseman")
        }
        #expect(FakeAPIs.asked(requests[2]).variables["cursor"] == nil)
        #expect(FakeAPIs.asked(requests[3]).variables["cursor"] == FakeAPIs.secondPageCursor)
        let pinnedQuery = String(decoding: requests[0].body, as: UTF8.self)
        #expect(pinnedQuery.contains("pinnedItems(first: 6, types: REPOSITORY)"))

        // Pinned and the calendar: the answer's `data`, byte for byte, under its own source URL.
        let pinned = try #require(try EnvelopeFile.read(root + "/Store/github/pinned.json"))
        #expect(pinned.source == apis.base + "/graphql#pinned:bitwiseman")
        #expect(pinned.validators.isEmpty)
        #expect(pinned.data == (try Self.data(of: FakeAPIs.graphQLFixture("pinned.json"))))
        let contributions = try #require(try EnvelopeFile.read(root + "/Store/github/contributions.json"))
        #expect(contributions.source == apis.base + "/graphql#contributions:bitwiseman")
        #expect(contributions.data == (try Self.data(of: FakeAPIs.graphQLFixture("contributions.json"))))

        // What the store reader makes of them is what was served.
        let snapshot = try StoreReader.read(StoreLayout(root: root + "/Store"))
        let served = try JSONDecoder().decode(
            Envelope<PinnedItemsAnswer>.self,
            from: Data(#"{"source":"","fetchedAt":"","data":"#.utf8)
                + (try Self.data(of: FakeAPIs.graphQLFixture("pinned.json"))) + Data("}".utf8)
        ).data
        let repos = try #require(snapshot.pinned?.value)
        #expect(repos == served.user.pinnedItems.nodes)
        #expect(repos.map(\.name) == ["github-api", "jenkins", "js-beautify", "dotfiles", "vimrc", "usergraph-demo"])
        #expect(repos[0].nameWithOwner == "hub4j/github-api")
        #expect(repos[2].description == nil && repos[2].primaryLanguage?.name == "JavaScript")
        #expect(repos[3].primaryLanguage == nil && repos[3].isArchived == true)
        #expect(repos[5].stargazerCount == 12 && repos[5].primaryLanguage == GraphLanguage(name: "Swift", color: "#F05138"))

        // Languages: both pages' nodes joined in order, each node's bytes as the server sent them.
        let languages = try #require(snapshot.languageSizes?.value)
        #expect(languages.map(\.name) == ["usergraph-demo", "js-beautify", "empty-notes", "vimrc", "dotfiles"])
        #expect(languages[1].languages?.edges.first?.size == 1_203_311)
        #expect(languages[2].languages?.edges.isEmpty == true)
        let stored = try #require(try EnvelopeFile.read(root + "/Store/github/languages.json"))
        #expect(stored.source == apis.base + "/graphql#languages:bitwiseman")
        let answer = try JSONDecoder().decode(LanguagesAnswer.self, from: stored.data)
        #expect(answer.user.repositories.totalCount == 5)
        #expect(answer.user.repositories.pageInfo == nil)
        for page in ["languages-page1.json", "languages-page2.json"] {
            var nodes = try Self.data(of: FakeAPIs.graphQLFixture(page))
            for key in ["user", "repositories", "nodes"] { nodes = try #require(JSONMembers.value(of: key, in: nodes)) }
            #expect(stored.data.range(of: JSONArrays.innerBytes(nodes)) != nil, "\(page)")
        }
        await apis.stop()
    }

    @Test func theCalendarKeepsItsDaysAcrossDaylightSavingAndTheNewYear() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick)
            .load(.update(only: [.contributions]))
        #expect(report.outcomes[.contributions] == .saved(items: 370))
        #expect(apis.gitHubRequests.isEmpty && apis.graphQLRequests.count == 1)

        let calendar = try #require(try StoreReader.read(StoreLayout(root: root + "/Store")).contributions?.value)
        let days = calendar.days
        #expect(days.first?.date == "2025-11-16" && days.last?.date == "2026-11-20")
        #expect(calendar.weeks.count == 53)
        #expect(calendar.weeks.allSatisfy { $0.contributionDays.count == 7 } == false)  // the last week is this week so far
        // One day after another, none lost or doubled where Europe's clocks change or the year turns.
        let parsed = days.compactMap { Day(iso: $0.date) }
        #expect(parsed.count == days.count)
        #expect(zip(parsed, parsed.dropFirst()).allSatisfy { $0.adding(days: 1) == $1 })
        for date in ["2025-12-31", "2026-01-01", "2026-03-29", "2026-10-25"] {
            #expect(days.filter { $0.date == date }.count == 1, "\(date)")
        }
        #expect(days.reduce(0) { $0 + $1.contributionCount } == calendar.totalContributions)
        #expect(days.allSatisfy { $0.color?.hasPrefix("#") == true })
        await apis.stop()
    }

    /// Real answers, recorded by other projects: the older `edges { node }` and
    /// `stargazers { totalCount }` shape, and a calendar whose days have no colour.
    @Test func theRealRecordingsDecodeThroughTheSamePath() async throws {
        let apis = try await FakeAPIs.start()
        let giga99 = try Data(contentsOf: URL(fileURLWithPath: FakeAPIs.fixtures + "/graphql/Giga99-Giga99.github.io/profile.json"))
        let torvalds = try Data(contentsOf: URL(fileURLWithPath: FakeAPIs.fixtures + "/graphql/FaizPalwala-serverless-github-calendar/torvalds.json"))
        apis.answer(.pinned, FakeAPIs.Answer(body: giga99))
        // That recording is the `data` payload alone: served inside an answer, as GitHub sends it.
        apis.answer(.contributions, FakeAPIs.Answer(body: Data(#"{"data":"#.utf8) + torvalds + Data("}".utf8)))
        let root = try FetchSite.make(apis: apis)

        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick)
            .load(.update(only: [.pinned, .contributions]))

        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.outcomes[.pinned] == .saved(items: 6))
        let snapshot = try StoreReader.read(StoreLayout(root: root + "/Store"))
        let pinned = try #require(snapshot.pinned?.value)
        #expect(pinned.first?.name == "CalorieTracker")
        #expect(pinned.first { $0.name == "DrawlingAndroid" }?.stargazerCount == 2)
        #expect(pinned.first { $0.name == "movie_app" }?.description == nil)
        #expect(pinned.first { $0.name == "movie_app" }?.forkCount == 1)
        #expect(try EnvelopeFile.read(root + "/Store/github/pinned.json")?.data == (try Self.data(of: giga99)))

        let calendar = try #require(snapshot.contributions?.value)
        #expect(calendar.totalContributions == 3673)
        #expect(calendar.days.first == ContributionDay(date: "2025-08-31", contributionCount: 6, color: nil))
        #expect(calendar.days.last?.date == "2026-09-04")
        #expect(report.outcomes[.contributions] == .saved(items: calendar.days.count))
        await apis.stop()
    }

    // MARK: Failures

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// What every GraphQL query answers (languages: its first page).
        var answer: FakeAPIs.Answer
        var only: Set<RemoteSource> = GitHubGraphQLTests.graphQLSources
        var login = FakeAPIs.login
        var maxBodyBytes: Int?
        /// The one sentence; `{api}` stands for the server's base URL.
        var message: String
        var requests: Int
        var testDescription: String { name }
    }

    static let rateLimitHeaders = ["X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": FakeAPIs.rateLimitReset]

    static let cases: [Case] = [
        // A refused token stops every GitHub source: one request, one sentence.
        Case(
            name: "401", answer: .init(status: 401, body: Data(#"{"message":"Bad credentials","documentation_url":"https://docs.github.com/graphql"}"#.utf8)),
            message: "GitHub refused the token in GITHUB_TOKEN (401 Bad credentials at {api}/graphql); replace it, or unset the variable to fetch without one.",
            requests: 1),
        Case(
            name: "403 rate limit",
            answer: .init(status: 403, headers: rateLimitHeaders, body: Data(#"{"message":"API rate limit exceeded for user ID 1958953."}"#.utf8)),
            message: "GitHub's rate limit is exhausted (at {api}/graphql); it resets at October 26, 2019, 02:01:26 UTC.", requests: 1),
        Case(
            name: "200 RATE_LIMITED",
            answer: .init(
                headers: rateLimitHeaders, body: Data(#"{"errors":[{"type":"RATE_LIMITED","message":"API rate limit exceeded for user ID 1958953."}]}"#.utf8)),
            message: "GitHub's rate limit is exhausted (at {api}/graphql); it resets at October 26, 2019, 02:01:26 UTC.", requests: 1),
        // Data with errors is still refused; the first message is quoted, cleaned of control characters.
        Case(
            name: "errors with data",
            answer: .init(
                body: Data(
                    #"{"data":{"user":{"pinnedItems":{"totalCount":0,"nodes":[]}}},"errors":[{"type":"FORBIDDEN","path":["user","pinnedItems"],"message":"Resource not accessible\u0007 by integration"},{"message":"second"}]}"#
                        .utf8)),
            only: [.pinned],
            message: "GitHub's GraphQL API refused the query at {api}/graphql with 2 errors; the first: “Resource not accessible by integration”.",
            requests: 1),
        Case(
            name: "one error",
            answer: .init(body: Data(#"{"errors":[{"path":["query"],"message":"Field 'contributionCalendar' doesn't exist on type 'User'"}]}"#.utf8)),
            only: [.contributions],
            message: "GitHub's GraphQL API refused the query at {api}/graphql: “Field 'contributionCalendar' doesn't exist on type 'User'”.",
            requests: 1),
        Case(
            name: "unknown user", answer: .init(body: Data()), login: "no-such-login-42",
            message: "GitHub has no user `no-such-login-42` (404 Not Found at {api}/graphql); check `github.login` in usergraph.yml.",
            requests: 1),
        Case(
            name: "schema mismatch", answer: .init(body: Data(#"{"data":{"user":{"pinnedItems":{"nodes":[{"title":1}]}}}}"#.utf8)),
            only: [.pinned],
            message:
                "The answer from GitHub at {api}/graphql is not the JSON usergraph expects: at data.user.pinnedItems.nodes[0].name: a required value is missing.",
            requests: 1),
        Case(
            name: "no data", answer: .init(body: Data(#"{"extensions":{}}"#.utf8)), only: [.contributions],
            message: "The answer from GitHub at {api}/graphql is not the JSON usergraph expects: at data: a required value is missing.",
            requests: 1),
        // A POST is retried like a GET (a query is a read), each time with its body.
        Case(
            name: "5xx", answer: .init(status: 502, body: Data(#"{"message":"Server Error"}"#.utf8)), only: [.pinned],
            message: "GitHub answered 502 Bad Gateway at {api}/graphql 3 times; try again later.", requests: 3),
        // GitHub's 404 means "no such user" only for REST paths; here there is no GraphQL endpoint.
        Case(
            name: "no endpoint", answer: .init(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8)), only: [.contributions],
            message: "GitHub answered 404 Not Found at {api}/graphql, which usergraph does not expect.", requests: 1),
        Case(
            name: "too large", answer: .init(body: Data()), only: [.contributions], maxBodyBytes: 4 << 10,
            message: "The answer from GitHub at {api}/graphql is larger than 4 KB, more than usergraph accepts.", requests: 1),
    ]

    @Test(arguments: cases)
    func aFailedQueryIsOneSentenceAndLeavesTheStoreByteForByte(_ failure: Case) async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis, login: failure.login)
        // Previous envelopes, as an earlier successful run left them.
        let previous = try await Loader(config: try FetchSite.config(try FetchSite.make(apis: apis)), token: Self.token, options: FetchSite.quick)
            .load(.update(only: Self.graphQLSources))
        #expect(previous.failures.isEmpty)
        for name in ["pinned", "contributions", "languages"] {
            let envelope = EnvelopeFile.bytes(
                source: apis.base + "/graphql#\(name):\(failure.login)", fetchedAt: "2026-11-19T06:00:00Z",
                validators: [:], data: Data(#"{"user":{"previous":"\#(name)"}}"#.utf8))
            try AtomicFile.write(envelope, to: root + "/Store/github/\(name).json")
        }
        let before = FetchSite.store(root)
        let asked = apis.graphQLRequests.count
        if !failure.answer.body.isEmpty || failure.answer.status != 200 {
            for query in [FakeAPIs.Query.pinned, .contributions, .languages] { apis.answer(query, failure.answer) }
        }
        var options = FetchSite.quick
        if let limit = failure.maxBodyBytes { options.maxBodyBytes = limit }

        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: options).load(.update(only: failure.only))

        #expect(report.failed == failure.only.sorted())
        #expect(report.failures.map(\.description) == [failure.message.replacingOccurrences(of: "{api}", with: apis.base)])
        let sent = Array(apis.graphQLRequests.dropFirst(asked))
        #expect(sent.count == failure.requests)
        #expect(sent.allSatisfy { $0.method == "POST" && FakeAPIs.asked($0).query != nil && $0.header("Authorization") == "bearer " + Self.token })
        #expect(FetchSite.store(root) == before)
        #expect(!report.failures.contains { $0.description.contains(Self.token) })
        await apis.stop()
    }

    @Test func aCursorThatRepeatsStopsTheWalk() async throws {
        let apis = try await FakeAPIs.start()
        let page2 = try String(decoding: FakeAPIs.graphQLFixture("languages-page2.json"), as: UTF8.self)
            .replacingOccurrences(
                of: #""hasNextPage":false,"endCursor":"Y3Vyc29yOnYyOpK5MjAyNC0wMi0wMVQxMjowMDowMCswMDowMM4Aq9tB""#,
                with: #""hasNextPage":true,"endCursor":"\#(FakeAPIs.secondPageCursor)""#)
        #expect(page2.contains(#""hasNextPage":true"#))
        apis.answer(.languages, cursor: FakeAPIs.secondPageCursor, FakeAPIs.Answer(body: Data(page2.utf8)))
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick)
            .load(.update(only: [.languages]))
        #expect(report.failed == [.languages])
        #expect(
            report.failures.map(\.description) == ["GitHub still reported more pages after 2 pages at \(apis.base)/graphql; usergraph stopped asking for them."]
        )
        #expect(apis.graphQLRequests.count == 2)
        #expect(!FileManager.default.fileExists(atPath: root + "/Store/github/languages.json"))
        await apis.stop()
    }

    @Test func theLanguagesWalkStopsAfterTwentyPages() async throws {
        let apis = try await FakeAPIs.start()
        // Every page says there is another, each with a new cursor.
        for page in 1...25 {
            let body =
                #"{"data":{"user":{"repositories":{"totalCount":2500,"pageInfo":{"hasNextPage":true,"endCursor":"c\#(page + 1)"},"nodes":[{"name":"r\#(page)","isFork":false,"languages":{"totalSize":0,"edges":[]}}]}}}}"#
            apis.answer(.languages, cursor: page == 1 ? nil : "c\(page)", FakeAPIs.Answer(body: Data(body.utf8)))
        }
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick)
            .load(.update(only: [.languages]))
        #expect(
            report.failures.map(\.description) == [
                "GitHub still reported more pages after 20 pages at \(apis.base)/graphql; usergraph stopped asking for them."
            ])
        #expect(apis.graphQLRequests.count == GitHubGraphQL.maxPages)
        #expect(FakeAPIs.asked(apis.graphQLRequests[19]).variables["cursor"] == "c20")
        #expect(!FileManager.default.fileExists(atPath: root + "/Store/github/languages.json"))
        await apis.stop()
    }

    // MARK: Without a token, or with github.pinned

    @Test func withoutATokenNoGraphQLRequestIsEverMade() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let config = try FetchSite.config(root)
        let build = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: true))
        let update = try await Loader(config: config, token: "", options: FetchSite.quick).load(.update(only: nil))

        for report in [build, update] {
            #expect(report.failures.isEmpty)
            #expect(report.outcomes[.repos] == .unchanged(items: 169) || report.outcomes[.repos] == .saved(items: 169))
            for source in Self.graphQLSources { #expect(report.outcomes[source] == .notConfigured) }
        }
        #expect(Loader(config: config, token: nil).configured == [.profile, .repos, .starred])
        #expect(apis.graphQLRequests.isEmpty)
        #expect(!apis.log.all.contains { $0.method == "POST" })
        #expect(!FileManager.default.fileExists(atPath: root + "/Store/github/pinned.json"))
        await apis.stop()
    }

    @Test func pinnedNamedInTheConfigIsNotAskedOfGitHub() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis, pinned: ["js-beautify", "jenkins"])
        let config = try FetchSite.config(root)
        #expect(config.github?.pinned == ["js-beautify", "jenkins"])
        let report = try await Loader(config: config, token: Self.token, options: FetchSite.quick).load(.build(refresh: false))

        #expect(report.failures.isEmpty)
        #expect(report.outcomes[.pinned] == .notConfigured)
        #expect(report.outcomes[.contributions] == .saved(items: 370))
        #expect(report.outcomes[.languages] == .saved(items: 5))
        #expect(apis.graphQLRequests.map { FakeAPIs.asked($0).query } == [.contributions, .languages, .languages])
        #expect(!FileManager.default.fileExists(atPath: root + "/Store/github/pinned.json"))
        await #expect(throws: UsergraphError.self) {
            _ = try await Loader(config: config, token: Self.token, options: FetchSite.quick).load(.update(only: [.pinned]))
        }
        await apis.stop()
    }

    // MARK: Where the token goes

    @Test func theEndpointFollowsTheAPIRoot() {
        #expect(GitHubGraphQL.endpoint(api: "https://api.github.com") == "https://api.github.com/graphql")
        #expect(GitHubGraphQL.endpoint(api: "https://api.github.com/") == "https://api.github.com/graphql")
        #expect(GitHubGraphQL.endpoint(api: "https://ghe.example.com/api/v3") == "https://ghe.example.com/api/graphql")
        #expect(GitHubGraphQL.endpoint(api: "https://ghe.example.com/api/v3/") == "https://ghe.example.com/api/graphql")
        #expect(GitHubGraphQL.endpoint(api: "http://127.0.0.1:8080") == "http://127.0.0.1:8080/graphql")
        #expect(
            GitHubGraphQL.sourceURL(api: "https://api.github.com", login: "bitwiseman", query: .pinned)
                == "https://api.github.com/graphql#pinned:bitwiseman")
    }

    @Test func anEnterpriseRootAsksApiGraphqlOnTheSameServerWithTheToken() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis, apiURL: apis.base + "/api/v3")
        let report = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick)
            .load(.update(only: Self.graphQLSources))
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.outcomes[.pinned] == .saved(items: 6))
        #expect(apis.graphQLRequests.map(\.target) == Array(repeating: "/api/graphql", count: 4))
        #expect(apis.graphQLRequests.allSatisfy { $0.header("Authorization") == "bearer " + Self.token })
        #expect(try EnvelopeFile.read(root + "/Store/github/pinned.json")?.source == apis.base + "/api/graphql#pinned:bitwiseman")
        await apis.stop()
    }

    @Test func aRedirectToAnotherOriginLeavesTheTokenBehind() async throws {
        let apis = try await FakeAPIs.start()
        let other = try await FakeAPIs.start()
        apis.answer(.pinned, FakeAPIs.Answer(status: 307, headers: ["Location": other.base + "/graphql"], body: Data()))
        let root = try FetchSite.make(apis: apis)
        _ = try await Loader(config: try FetchSite.config(root), token: Self.token, options: FetchSite.quick).load(.update(only: [.pinned]))
        #expect(apis.graphQLRequests.map { $0.header("Authorization") } == ["bearer " + Self.token])
        #expect(other.log.count == 1)
        #expect(other.log.all.allSatisfy { $0.header("Authorization") == nil })
        await apis.stop()
        await other.stop()
    }

    // MARK: The command line

    @Test func updateOnlyPinnedWithoutATokenIsAUsageError() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let run = await UsergraphCLI.run(["update", "--only", "pinned"], in: root)
        #expect(run.status == 64)
        #expect(run.stderr == "usergraph: Cannot update pinned without a token: GitHub's GraphQL API answers only with one; set GITHUB_TOKEN and run again.\n")
        #expect(apis.log.count == 0)

        let named = try FetchSite.make(apis: apis, pinned: ["vimrc"])
        let withToken = await UsergraphCLI.run(["update", "--only", "pinned"], in: named, environment: ["GITHUB_TOKEN": Self.token])
        #expect(withToken.status == 64)
        #expect(withToken.stderr == "usergraph: Cannot update pinned: usergraph.yml names the pinned repositories itself in `github.pinned`.\n")
        #expect(apis.log.count == 0)
        await apis.stop()
    }

    /// On a terminal each source ends with one line: pinned repositories count, the calendar its
    /// days, languages the repositories they were read from.
    @Test func theActivityLinesSayWhatWasFetched() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let terminal = Console.Terminals(stderr: true)
        let only = ["update", "--only", "pinned,contributions,languages"]
        let run = await UsergraphCLI.run(only, in: root, environment: ["GITHUB_TOKEN": Self.token], terminals: terminal)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map { $0.components(separatedBy: "\u{1B}[2K").last ?? "" }
        #expect(
            lines.filter { $0.hasPrefix("✓") } == [
                "✓ pinned repositories: 6 fetched", "✓ contributions: 370 days fetched", "✓ languages: 5 repositories fetched",
            ])
        let russian = await UsergraphCLI.run(only + ["--language", "ru"], in: root, environment: ["GITHUB_TOKEN": Self.token], terminals: terminal)
        let said = russian.stderr.split(separator: "\n").map { $0.components(separatedBy: "\u{1B}[2K").last ?? "" }
        #expect(
            said.filter { $0.hasPrefix("✓") } == [
                "✓ закреплённые репозитории: получено 6", "✓ календарь вкладов: получено 370 дней", "✓ языки: получено 5 репозиториев",
            ])
        await apis.stop()
    }

    @Test func aRefusedQueryThroughTheCommandLineKeepsTheCache() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let first = await UsergraphCLI.run(["update", "--only", "pinned,contributions,languages"], in: root, environment: ["GITHUB_TOKEN": Self.token])
        #expect(first.status == 0, "\(first.stderr)")
        let before = FetchSite.store(root)
        #expect(before.count == 3)
        for query in [FakeAPIs.Query.pinned, .contributions, .languages] {
            apis.answer(query, FakeAPIs.Answer(body: Data(#"{"errors":[{"message":"Something went wrong while executing your query."}]}"#.utf8)))
        }

        let run = await UsergraphCLI.run(
            ["update", "--only", "languages,pinned,contributions"], in: root,
            environment: ["GITHUB_TOKEN": Self.token, "USERGRAPH_RETRY_DELAY": "0"])

        #expect(run.status == 1)
        #expect(
            run.stderr == """
                usergraph: GitHub's GraphQL API refused the query at \(apis.base)/graphql: “Something went wrong while executing your query”.
                usergraph: Not updated: pinned, contributions, languages; the store keeps what it had of them.

                """)
        #expect(FetchSite.store(root) == before)
        await apis.stop()
    }
}
