import FlyingFox
import Foundation
import UsergraphCore
import UsergraphRemote

/// The GitHub API (replaying the recordings in Fixtures/github, Link prefix rewritten to this
/// server), the users and statistics APIs and an image host, behind one local server. A
/// failure mode makes every request fail one way.
package final class FakeAPIs: @unchecked Sendable {
    package enum Failure: Sendable {
        case notFound, badCredentials, rateLimited, tooManyRequests, forbidden
        case serverError(Int)
        case notJSON
        /// 301 to the same path on another server.
        case movedTo(String)
    }

    package struct Page: Sendable {
        package var headers: [String: String]
        package var body: Data
    }

    package static let login = "bitwiseman"
    package static let recordedAPI = "https://api.github.com"
    package static let fixtures = TestPaths.fixtures + "/github"
    /// `X-RateLimit-Reset` of the rate-limit answers: 2019-10-26 02:01:26 UTC.
    package static let rateLimitReset = "1572055286"
    package static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==") ?? Data()

    private let lock = NSLock()
    private var failureMode: Failure?
    private var pages: [String: Page]
    private var directory: [String: Page] = [:]
    private var images: [String: (type: String, body: Data)] = [:]
    private var graphQL: [String: Answer]
    package let server: LocalServer

    package var base: String { server.base }
    package var log: RequestLog { server.log }
    /// The REST requests to GitHub.
    package var gitHubRequests: [LocalServer.Request] {
        log.all.filter { !$0.path.hasPrefix("/api/") && !$0.path.hasPrefix("/img/") && !$0.path.hasSuffix("/graphql") }
    }
    /// The requests to a GraphQL endpoint (`/graphql`, or `/api/graphql` for an Enterprise root).
    package var graphQLRequests: [LocalServer.Request] { log.all.filter { $0.path.hasSuffix("/graphql") } }

    private init(server: LocalServer, pages: [String: Page], graphQL: [String: Answer]) {
        self.server = server; self.pages = pages; self.graphQL = graphQL
    }

    /// Starts the server and loads the recordings.
    package static func start() async throws -> FakeAPIs {
        let holder = Holder()
        let server = try await LocalServer.start { request in await holder.apis?.respond(request) ?? .json(500, Data()) }
        let apis = FakeAPIs(server: server, pages: try loadRecordings(base: server.base), graphQL: try loadGraphQLAnswers())
        holder.apis = apis
        return apis
    }

    package func stop() async { await server.stop() }

    package var failure: Failure? {
        get { lock.withLock { failureMode } }
        set { lock.withLock { failureMode = newValue } }
    }

    // MARK: The recordings

    /// Keyed by what this server answers to: the first repos page by its path alone (the
    /// client asks for per_page=100, the recording has per_page=30), later pages by the full
    /// target their Link headers give.
    package static func loadRecordings(base: String) throws -> [String: Page] {
        var pages: [String: Page] = [:]
        let mappings = fixtures + "/hub4j-bitwiseman-repos/mappings"
        for name in try FileManager.default.contentsOfDirectory(atPath: mappings).sorted() {
            let mapping = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: mappings + "/" + name))) as? [String: Any] ?? [:]
            let request = mapping["request"] as? [String: Any] ?? [:]
            let response = mapping["response"] as? [String: Any] ?? [:]
            guard let url = request["url"] as? String, let file = response["bodyFileName"] as? String else { continue }
            var headers: [String: String] = [:]
            for (key, value) in response["headers"] as? [String: Any] ?? [:] {
                if let text = value as? String { headers[key] = text.replacingOccurrences(of: recordedAPI, with: base) }
            }
            let body = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/hub4j-bitwiseman-repos/__files/" + file))
            let key = url.hasPrefix("/users/\(login)/repos?") ? "/users/\(login)/repos" : url
            pages[key] = Page(headers: headers, body: body)
        }
        // Starred: the recorded last page, served as the whole list.
        let index =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixtures + "/github3py-starred/interactions_index.json")))
            as? [[String: Any]] ?? []
        var starredHeaders: [String: String] = [:]
        for (key, value) in (index.last?["response_headers"] as? [String: Any]) ?? [:]
        where ["ETag", "Content-Type", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Link"].contains(key) {
            if let text = value as? String { starredHeaders[key] = text.replacingOccurrences(of: recordedAPI, with: base) }
        }
        let starred = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/github3py-starred/starred_page7_of_7.body.json"))
        pages["/users/\(login)/starred"] = Page(headers: starredHeaders, body: starred)
        return pages
    }

    /// Replaces one recorded page with a changed body and a new ETag, as if a repository changed.
    package func change(_ key: String, _ edit: (String) -> String) {
        lock.withLock {
            guard var page = pages[key] else { return }
            page.body = Data(edit(String(decoding: page.body, as: UTF8.self)).utf8)
            page.headers["ETag"] = "W/\"changed-\(SHA256.hex(page.body).prefix(16))\""
            pages[key] = page
        }
    }

    package func changeHeaders(_ key: String, _ edit: (inout [String: String]) -> Void) {
        lock.withLock {
            guard var page = pages[key] else { return }
            edit(&page.headers)
            pages[key] = page
        }
    }

    /// The Link targets of the repos pages in order, as the recordings give them.
    package var repositoryPageKeys: [String] {
        lock.withLock {
            var keys = ["/users/\(FakeAPIs.login)/repos"]
            while let link = LinkHeader.target(pages[keys[keys.count - 1]]?.headers["Link"], relation: "next") {
                keys.append(String(link.dropFirst(base.count)))
            }
            return keys
        }
    }

    // MARK: GitHub's GraphQL API

    package enum Query: String, Sendable { case pinned, contributions, languages }

    /// A canned GraphQL answer.
    package struct Answer: Sendable {
        package var status = 200
        package var headers: [String: String] = [:]
        package var body: Data

        package init(status: Int = 200, headers: [String: String] = [:], body: Data) {
            self.status = status; self.headers = headers; self.body = body
        }
    }

    package static let graphQLFixtures = fixtures + "/graphql/bitwiseman"
    /// The `endCursor` of the first languages page, which asks for the second.
    package static let secondPageCursor = "Y3Vyc29yOnYyOpK5MjAyNi0xMS0xOFQwOTozMDowMCswMDowMM4BvSxm"

    package static func graphQLFixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: graphQLFixtures + "/" + name))
    }

    /// The answers built from the schema for bitwiseman, keyed by query (and cursor for languages).
    package static func loadGraphQLAnswers() throws -> [String: Answer] {
        [
            "pinned": Answer(body: try graphQLFixture("pinned.json")),
            "contributions": Answer(body: try graphQLFixture("contributions.json")),
            "languages:": Answer(body: try graphQLFixture("languages-page1.json")),
            "languages:" + secondPageCursor: Answer(body: try graphQLFixture("languages-page2.json")),
        ]
    }

    /// Replaces what a query answers (for languages, the page asked with `cursor`).
    package func answer(_ query: Query, cursor: String? = nil, _ answer: Answer) {
        lock.withLock { graphQL[Self.key(query, cursor: cursor)] = answer }
    }

    private static func key(_ query: Query, cursor: String?) -> String {
        query == .languages ? "languages:" + (cursor ?? "") : query.rawValue
    }

    /// What a GraphQL request asked: which of the three queries, and its variables.
    package static func asked(_ request: LocalServer.Request) -> (query: Query?, variables: [String: String]) {
        let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
        let text = object["query"] as? String ?? ""
        let query: Query? =
            text.contains("pinnedItems")
            ? .pinned
            : text.contains("contributionsCollection")
                ? .contributions
                : text.contains("repositories(") ? .languages : nil
        return (query, (object["variables"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String })
    }

    /// Like GitHub: a POST with a JSON body; an unknown login is a 200 with a NOT_FOUND error.
    private func respondGraphQL(_ request: LocalServer.Request) -> HTTPResponse {
        guard request.method == "POST" else { return .json(404, Data(#"{"message":"Not Found"}"#.utf8)) }
        let (query, variables) = Self.asked(request)
        guard let query else {
            return .json(200, Data(#"{"errors":[{"message":"Parse error on \"?\" (error) at [1, 1]","locations":[{"line":1,"column":1}]}]}"#.utf8))
        }
        guard variables["login"] == FakeAPIs.login else {
            let login = variables["login"] ?? ""
            return .json(
                200,
                Data(
                    #"{"data":{"user":null},"errors":[{"type":"NOT_FOUND","path":["user"],"locations":[{"line":1,"column":27}],"message":"Could not resolve to a User with the login of '\#(login)'."}]}"#
                        .utf8))
        }
        guard let answer = lock.withLock({ graphQL[Self.key(query, cursor: variables["cursor"])] }) else {
            return .json(200, Data(#"{"errors":[{"message":"no such page in this replay"}]}"#.utf8))
        }
        return .json(answer.status, answer.body, headers: answer.headers)
    }

    // MARK: The users API and images

    package func serveDirectory(users: Data, statistics: Data) {
        lock.withLock {
            directory["/api/users/"] = Page(headers: ["ETag": "\"\(SHA256.hex(users).prefix(20))\""], body: users)
            directory["/api/statistics/"] = Page(headers: ["ETag": "\"\(SHA256.hex(statistics).prefix(20))\""], body: statistics)
        }
    }

    package func serveImage(_ path: String, type: String, body: Data) {
        lock.withLock { images[path] = (type, body) }
    }

    package var usersURL: String { base + "/api/users/" }
    package var statisticsURL: String { base + "/api/statistics/" }

    // MARK: Answering

    package func respond(_ request: LocalServer.Request) async -> HTTPResponse {
        if let failure {
            return await fail(failure, request)
        }
        if request.path.hasSuffix("/graphql") { return respondGraphQL(request) }
        if request.path.hasPrefix("/img/") {
            guard let image = lock.withLock({ images[request.path] }) else { return .json(404, Data(#"{"message":"Not Found"}"#.utf8)) }
            return .raw(200, image.body, headers: ["Content-Type": image.type])
        }
        // The first page of a list by its path alone; everything else by its exact target.
        let key = request.path.hasPrefix("/users/\(FakeAPIs.login)/") ? request.path : request.target
        guard var page = lock.withLock({ pages[key] ?? directory[key] }) else {
            return .json(404, Data(#"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#.utf8))
        }
        let etag = page.headers["ETag"], modified = page.headers["Last-Modified"]
        if (etag != nil && request.header("If-None-Match") == etag) || (modified != nil && request.header("If-Modified-Since") == modified) {
            // Like GitHub: no body, and no Link header either.
            return .raw(304, Data(), headers: ["ETag": etag ?? ""])
        }
        if key.hasSuffix("/starred"), request.header("Accept") != "application/vnd.github.star+json" {
            // Without the star media type GitHub sends the bare repositories, with no dates.
            page.body = FakeAPIs.bareRepositories(page.body)
        }
        return .json(200, page.body, headers: page.headers.filter { $0.key != "Content-Type" })
    }

    private func fail(_ failure: Failure, _ request: LocalServer.Request) async -> HTTPResponse {
        switch failure {
        case .notFound:
            return .json(404, Data(#"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#.utf8))
        case .badCredentials:
            return .json(401, Data(#"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}"#.utf8))
        case .rateLimited:
            return .json(
                403,
                Data(
                    #"{"message":"API rate limit exceeded for 127.0.0.1.","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}"#
                        .utf8),
                headers: ["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": FakeAPIs.rateLimitReset])
        case .tooManyRequests:
            return .json(429, Data(#"{"message":"You have exceeded a secondary rate limit."}"#.utf8), headers: ["Retry-After": "60"])
        case .forbidden:
            return .json(
                403, Data(#"{"message":"Resource not accessible by personal access token"}"#.utf8),
                headers: ["X-RateLimit-Remaining": "4999", "X-RateLimit-Reset": FakeAPIs.rateLimitReset])
        case .serverError(let status):
            return .json(status, Data(#"{"message":"Server Error"}"#.utf8))
        case .movedTo(let base):
            return .raw(301, Data(), headers: ["Location": base + request.target])
        case .notJSON:
            return .raw(200, Data("<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>".utf8), headers: ["Content-Type": "text/html"])
        }
    }

    package static func bareRepositories(_ starred: Data) -> Data {
        guard let items = try? JSONSerialization.jsonObject(with: starred) as? [[String: Any]],
            let repos = try? JSONSerialization.data(withJSONObject: items.compactMap { $0["repo"] })
        else { return starred }
        return repos
    }
}

/// Lets the route closure reach the object made after the server started.
private final class Holder: @unchecked Sendable {
    private let lock = NSLock()
    private var value: FakeAPIs?
    var apis: FakeAPIs? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
