/// `GET /users/{login}`. Decoded tolerantly: real profiles have many null fields.
package struct GitHubProfile: Codable, Sendable, Equatable {
    package var login: String
    package var id: Int?
    package var name: String?
    package var company: String?
    package var blog: String?
    package var location: String?
    package var email: String?
    package var bio: String?
    package var avatarURL: String?
    package var htmlURL: String?
    package var publicRepos: Int?
    package var followers: Int?
    package var following: Int?
    package var createdAt: String?

    enum CodingKeys: String, CodingKey {
        case login, id, name, company, blog, location, email, bio, followers, following
        case avatarURL = "avatar_url", htmlURL = "html_url", publicRepos = "public_repos", createdAt = "created_at"
    }
}

/// One repository from `/users/{login}/repos` or inside a starred item.
package struct Repository: Codable, Sendable, Equatable {
    package var id: Int?
    package var name: String
    package var fullName: String?
    package var htmlURL: String?
    package var description: String?
    package var language: String?
    package var stargazersCount: Int?
    package var forksCount: Int?
    package var fork: Bool?
    package var archived: Bool?
    package var updatedAt: String?
    package var pushedAt: String?
    package var owner: Owner?

    package struct Owner: Codable, Sendable, Equatable {
        package var login: String

        package init(login: String) { self.login = login }
    }

    package init(
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
package struct StarredItem: Codable, Sendable, Equatable {
    package var starredAt: String?
    package var repo: Repository

    package init(starredAt: String?, repo: Repository) { self.starredAt = starredAt; self.repo = repo }

    enum CodingKeys: String, CodingKey {
        case starredAt = "starred_at", repo
    }
}
