import Foundation
import UsergraphCore
import UsergraphStore

/// The GitHub REST API: a user's profile, their public repositories and what they starred.
struct GitHubClient: Sendable {
    static let apiVersion = "2022-11-28"
    let api: String
    let login: String
    private let token: String?
    private let transport: HTTPTransport

    /// `api` is the API root (`https://api.github.com`, or a GitHub Enterprise or test host).
    /// `token` is sent as a bearer token, and only to that host.
    init(api: String, login: String, token: String?, transport: HTTPTransport) {
        var root = api
        while root.hasSuffix("/") { root.removeLast() }
        self.api = root
        self.login = login
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.transport = transport
    }

    var service: RemoteService {
        .gitHub(login: login, hasToken: token != nil, timeout: transport.options.timeout)
    }

    var profileURL: String { api + "/users/" + login }
    var repositoriesURL: String { profileURL + "/repos?per_page=100" }
    var starredURL: String { profileURL + "/starred?per_page=100" }

    func profile(previous: PageValidators?, progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        try await ConditionalFetch<GitHubProfile>(
            transport: transport, service: service, headers: headers(accept: "application/vnd.github+json"),
            paginated: false, progress: progress
        ).run(first: profileURL, previous: previous)
    }

    func repositories(previous: PageValidators?, progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        try await ConditionalFetch<Repository>(
            transport: transport, service: service, headers: headers(accept: "application/vnd.github+json"),
            paginated: true, progress: progress
        ).run(first: repositoriesURL, previous: previous)
    }

    /// Asked for with the star media type, so each item carries its `starred_at`.
    func starred(previous: PageValidators?, progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        try await ConditionalFetch<StarredItem>(
            transport: transport, service: service, headers: headers(accept: "application/vnd.github.star+json"),
            paginated: true, progress: progress
        ).run(first: starredURL, previous: previous)
    }

    private func headers(accept: String) -> @Sendable (URL) -> [String: String] {
        let origin = URL(string: api)
        let token = token
        let userAgent = transport.options.userAgent
        return { url in
            var headers = [
                "Accept": accept,
                "X-GitHub-Api-Version": GitHubClient.apiVersion,
                "User-Agent": userAgent,
            ]
            // A `next` link is followed as given; the token still only goes to the API's own origin.
            if let token, let origin, RemoteURL.sameOrigin(origin, url) { headers["Authorization"] = "Bearer " + token }
            return headers
        }
    }
}

/// The users API and the statistics API: one plain GET each, no paging, no authentication.
struct DirectoryClient: Sendable {
    private let transport: HTTPTransport

    init(transport: HTTPTransport) { self.transport = transport }

    static func usersService(timeout: TimeInterval) -> RemoteService {
        .api(
            name: Message("notes.services.users"), subject: Message("notes.services.usersSubject"),
            configKey: "users.url", timeout: timeout)
    }

    static func statisticsService(timeout: TimeInterval) -> RemoteService {
        .api(
            name: Message("notes.services.statistics"), subject: Message("notes.services.statisticsSubject"),
            configKey: "statistics.url", timeout: timeout)
    }

    func users(url: String, previous: PageValidators?, progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        try await ConditionalFetch<UsersResponse>(
            transport: transport, service: Self.usersService(timeout: transport.options.timeout),
            headers: headers, paginated: false, progress: progress
        ).run(first: url, previous: previous)
    }

    func statistics(url: String, previous: PageValidators?, progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Fetched {
        try await ConditionalFetch<StatisticsResponse>(
            transport: transport, service: Self.statisticsService(timeout: transport.options.timeout),
            headers: headers, paginated: false, progress: progress
        ).run(first: url, previous: previous)
    }

    private var headers: @Sendable (URL) -> [String: String] {
        let userAgent = transport.options.userAgent
        return { _ in ["Accept": "application/json", "User-Agent": userAgent] }
    }
}
