import Foundation
import UsergraphCore
import UsergraphStore

/// GitHub's GraphQL API: the pinned repositories, the contribution calendar and the languages
/// of the owner's repositories by size, which the REST API does not give. GraphQL answers only
/// with a token, so this client exists only when there is one.
///
/// Each answer is checked before it is accepted: an `errors` array fails the query even when
/// `data` came with it (partial data is not saved), and `data` must decode into the model.
/// GraphQL has no ETag, so every answer is `.changed` with no validators.
struct GitHubGraphQL: Sendable {
    /// Pages of repositories the languages query walks at most (100 repositories a page).
    static let maxPages = 20

    enum Query: String, Sendable {
        case pinned, contributions, languages
    }

    let api: String
    let endpoint: String
    let login: String
    private let token: String
    private let transport: HTTPTransport

    /// `api` is the REST root of `github.apiURL`; the endpoint is derived from it.
    init(api: String, login: String, token: String, transport: HTTPTransport) {
        var root = api
        while root.hasSuffix("/") { root.removeLast() }
        self.api = root
        self.endpoint = Self.endpoint(api: root)
        self.login = login
        self.token = token
        self.transport = transport
    }

    /// `https://api.github.com` → `…/graphql`; GitHub Enterprise serves REST under `/api/v3` and
    /// GraphQL at `/api/graphql`; any other root (a test server) gets `/graphql` appended.
    static func endpoint(api: String) -> String {
        var root = api
        while root.hasSuffix("/") { root.removeLast() }
        if root.hasSuffix("/api/v3") { return String(root.dropLast("/v3".count)) + "/graphql" }
        return root + "/graphql"
    }

    /// What a query's envelope records as its source: the endpoint, and the query and login in
    /// the fragment, so a cached answer for another query, login or host counts as missing.
    static func sourceURL(api: String, login: String, query: Query) -> String {
        endpoint(api: api) + "#" + query.rawValue + ":" + login
    }

    var service: RemoteService {
        .gitHub(login: login, hasToken: true, timeout: transport.options.timeout)
    }

    // MARK: The queries

    static let pinnedQuery = """
        query($login: String!) { user(login: $login) { pinnedItems(first: 6, types: REPOSITORY) { totalCount \
        nodes { ... on Repository { name nameWithOwner description url stargazerCount forkCount isFork isArchived \
        primaryLanguage { name color } } } } } }
        """

    static let contributionsQuery = """
        query($login: String!) { user(login: $login) { contributionsCollection { contributionCalendar { \
        totalContributions weeks { contributionDays { date contributionCount color } } } } } }
        """

    static let languagesQuery = """
        query($login: String!, $cursor: String) { user(login: $login) { repositories(first: 100, after: $cursor, \
        ownerAffiliations: OWNER, isFork: false, privacy: PUBLIC, orderBy: {field: PUSHED_AT, direction: DESC}) { \
        totalCount pageInfo { hasNextPage endCursor } nodes { name isFork languages(first: 10, orderBy: {field: SIZE, \
        direction: DESC}) { totalSize edges { size node { name color } } } } } } }
        """

    /// The answer's `data`, verbatim.
    func pinned(progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        progress(1)
        let response = try await ask(Self.pinnedQuery, cursor: nil)
        return .changed(try read(response, as: PinnedItemsAnswer.self).data, [:])
    }

    /// The answer's `data`, verbatim.
    func contributions(progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        progress(1)
        let response = try await ask(Self.contributionsQuery, cursor: nil)
        return .changed(try read(response, as: ContributionsAnswer.self).data, [:])
    }

    /// Every page of repositories along `endCursor`, their nodes joined (each node's bytes kept)
    /// into one `{"user":{"repositories":{"totalCount":N,"nodes":[…]}}}`.
    func languages(progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        var cursor: String?
        var seen = Set<String>()
        var nodes: [Data] = []
        var totalCount: Int?
        var page = 0
        while true {
            page += 1
            guard page <= Self.maxPages else {
                throw RemoteFailure(.tooManyQueryPages(Self.maxPages), url: endpoint, service: service)
            }
            progress(page)
            let response = try await ask(Self.languagesQuery, cursor: cursor)
            let (answer, data) = try read(response, as: LanguagesAnswer.self)
            let repositories = answer.user.repositories
            if totalCount == nil { totalCount = repositories.totalCount }
            let path = ["user", "repositories", "nodes"]
            guard let list = path.reduce(Optional(data), { bytes, key in bytes.flatMap { JSONMembers.value(of: key, in: $0) } }) else {
                // Decoded from `edges`, not `nodes`: not the shape this query asks for.
                let missing = Message("errors.store.missingValue", nested: ["path": .verbatim("data.user.repositories.nodes")])
                throw RemoteFailure(.badBody(missing), url: endpoint, service: service)
            }
            nodes.append(list)
            guard repositories.pageInfo?.hasNextPage == true else { break }
            guard let next = repositories.pageInfo?.endCursor, !next.isEmpty else {
                throw RemoteFailure(.badBody(Message("errors.remote.noCursor")), url: endpoint, service: service)
            }
            // A cursor seen before would walk the same pages for ever.
            guard seen.insert(next).inserted else {
                throw RemoteFailure(.tooManyQueryPages(page), url: endpoint, service: service)
            }
            cursor = next
        }
        var joined = Data(#"{"user":{"repositories":{"totalCount":"#.utf8)
        joined.append(Data(String(totalCount ?? 0).utf8))
        joined.append(Data(#","nodes":"#.utf8))
        joined.append(JSONArrays.join(nodes))
        joined.append(Data("}}}".utf8))
        return .changed(joined, [:])
    }

    // MARK: Asking and reading

    private struct Body: Encodable {
        var query: String
        var variables: [String: String]
    }

    private func ask(_ query: String, cursor: String?) async throws -> RemoteResponse {
        guard let url = URL(string: endpoint), url.scheme != nil else {
            throw RemoteFailure(.failed(Message("errors.remote.badEndpoint")), url: endpoint, service: service)
        }
        var variables = ["login": login]
        if let cursor { variables["cursor"] = cursor }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(Body(query: query, variables: variables))
        var headers = [
            "Accept": "application/json",
            "Content-Type": "application/json",
            "User-Agent": transport.options.userAgent,
        ]
        // The endpoint is derived from the API root, so it is the same origin; checked all the
        // same, as for the REST client, so the token can never leave for another host.
        if let origin = URL(string: api), RemoteURL.sameOrigin(origin, url) { headers["Authorization"] = "bearer " + token }
        do {
            return try await transport.send(
                RemoteRequest(
                    url: url, method: "POST", headers: headers, body: body,
                    maxBytes: transport.options.maxBodyBytes))
        } catch {
            throw ResponseReading.failure(error, url: url, service: service)
        }
    }

    private struct Reply<Answer: Decodable>: Decodable { var data: Answer }

    struct QueryError: Decodable, Sendable {
        var type: String?
        var message: String?
    }

    private struct ErrorList: Decodable { var errors: [QueryError]? }

    /// The decoded answer and the bytes of its `data`, or the failure the answer means.
    private func read<Answer: Decodable>(_ response: RemoteResponse, as: Answer.Type) throws -> (answer: Answer, data: Data) {
        switch response.status {
        case 200: break
        // GitHub's 404 says "no such user" for REST paths; here it means no GraphQL endpoint.
        case 404: throw RemoteFailure(.unexpectedStatus(404), url: endpoint, service: service)
        default: throw ResponseReading.failure(for: response, service: service)
        }
        // GraphQL reports errors with a 200; an answer carrying them is refused even with data.
        if let errors = (try? JSONDecoder().decode(ErrorList.self, from: response.body))?.errors, !errors.isEmpty {
            throw failure(errors, response: response)
        }
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Reply<Answer>.self, from: response.body).data
        } catch let error as DecodingError {
            throw RemoteFailure(.badBody(ConditionalFetch<Answer>.describe(error, body: response.body)), url: endpoint, service: service)
        }
        guard let data = JSONMembers.value(of: "data", in: response.body) else {
            throw RemoteFailure(.badBody(Message("errors.remote.notJSON")), url: endpoint, service: service)
        }
        return (answer, data)
    }

    /// A rate limit and an unknown user read as they do for REST; any other error is quoted.
    func failure(_ errors: [QueryError], response: RemoteResponse) -> RemoteFailure {
        let reason: RemoteFailure.Reason
        if errors.contains(where: { $0.type == "RATE_LIMITED" }) {
            reason = .rateLimited(resetsAt: ResponseReading.resetTime(response), retryAfterSeconds: ResponseReading.retryAfter(response))
        } else if errors.contains(where: { $0.type == "NOT_FOUND" }) {
            reason = .notFound
        } else {
            // The sentence closes the quotation with its own full stop; the server's goes.
            let message = errors[0].message.flatMap(ResponseReading.clean).map { $0.hasSuffix(".") && !$0.hasSuffix("..") ? String($0.dropLast()) : $0 }
            reason = .queryRefused(message: message, count: errors.count)
        }
        return RemoteFailure(reason, url: endpoint, service: service)
    }
}

/// Finds a member of a JSON object among its bytes, so that what is stored keeps the server's
/// bytes (numbers, escapes, key order) instead of a re-encoding.
enum JSONMembers {
    /// The bytes of the value of `key` in `object`, a JSON object already known to parse; nil
    /// when it has no such member.
    static func value(of key: String, in object: Data) -> Data? {
        let bytes = [UInt8](object)
        var i = 0
        skipSpace(bytes, &i)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        while true {
            skipSpace(bytes, &i)
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "}") { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(bytes, &i) }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(bytes, from: i) else { return nil }
            let name = self.name(Array(bytes[i..<keyEnd]))
            i = keyEnd
            skipSpace(bytes, &i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace(bytes, &i)
            let start = i
            guard let end = valueEnd(bytes, from: i) else { return nil }
            if name == key { return Data(bytes[start..<end]) }
            i = end
        }
    }

    /// A quoted key as text; one with escapes is read by Foundation.
    private static func name(_ quoted: [UInt8]) -> String? {
        guard quoted.contains(UInt8(ascii: "\\")) else { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed)) as? String
    }

    private static func skipSpace(_ bytes: [UInt8], _ i: inout Int) {
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
    }

    /// Just past the closing quote of the string that opens at `start`.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// Just past the value that starts at `start`.
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(bytes, from: i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        default:
            // A number, true, false or null: up to the next separator.
            var i = start
            while i < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 32, 9, 10, 13].contains(bytes[i]) { i += 1 }
            return i
        }
    }
}
