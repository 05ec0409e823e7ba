/// `GET /users/{login}`. Decoded tolerantly: real profiles have many null fields.
public struct GitHubProfile: Codable, Sendable, Equatable {
    public var login: String
    public var id: Int?
    public var name: String?
    public var company: String?
    public var blog: String?
    public var location: String?
    public var email: String?
    public var bio: String?
    public var avatarURL: String?
    public var htmlURL: String?
    public var publicRepos: Int?
    public var followers: Int?
    public var following: Int?
    public var createdAt: String?

    enum CodingKeys: String, CodingKey {
        case login, id, name, company, blog, location, email, bio, followers, following
        case avatarURL = "avatar_url", htmlURL = "html_url", publicRepos = "public_repos", createdAt = "created_at"
    }
}

/// One repository from `/users/{login}/repos` or inside a starred item.
public struct Repository: Codable, Sendable, Equatable {
    public var id: Int?
    public var name: String
    public var fullName: String?
    public var htmlURL: String?
    public var description: String?
    public var language: String?
    public var stargazersCount: Int?
    public var forksCount: Int?
    public var fork: Bool?
    public var archived: Bool?
    public var updatedAt: String?
    public var pushedAt: String?
    public var owner: Owner?

    public struct Owner: Codable, Sendable, Equatable {
        public var login: String

        public init(login: String) { self.login = login }
    }

    public init(
        id: Int? = nil, name: String, fullName: String? = nil, htmlURL: String? = nil, description: String? = nil,
        language: String? = nil, stargazersCount: Int? = nil, forksCount: Int? = nil, fork: Bool? = nil, archived: Bool? = nil,
        updatedAt: String? = nil, pushedAt: String? = nil, owner: Owner? = nil
    ) {
        self.id = id; self.name = name; self.fullName = fullName; self.htmlURL = htmlURL; self.description = description
        self.language = language; self.stargazersCount = stargazersCount; self.forksCount = forksCount; self.fork = fork
        self.archived = archived; self.updatedAt = updatedAt; self.pushedAt = pushedAt; self.owner = owner
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, language, fork, archived, owner
        case fullName = "full_name", htmlURL = "html_url", stargazersCount = "stargazers_count"
        case forksCount = "forks_count", updatedAt = "updated_at", pushedAt = "pushed_at"
    }
}

/// One item of `/users/{login}/starred` asked for with `application/vnd.github.star+json`.
public struct StarredItem: Codable, Sendable, Equatable {
    public var starredAt: String?
    public var repo: Repository

    public init(starredAt: String?, repo: Repository) { self.starredAt = starredAt; self.repo = repo }

    enum CodingKeys: String, CodingKey {
        case starredAt = "starred_at", repo
    }
}
