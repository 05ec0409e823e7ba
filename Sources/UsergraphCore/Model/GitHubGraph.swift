/// Answers of GitHub's GraphQL API as the store keeps them: the `data` object of each answer,
/// verbatim. Decoded tolerantly: today's shape (`nodes`, `stargazerCount`) and the older one
/// real recordings have (`edges { node }`, `stargazers { totalCount }`) both read, and unknown
/// fields are ignored.

/// A GraphQL connection: its items from `nodes`, or from `edges[].node`.
package struct GraphConnection<Node: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var totalCount: Int?
    package var nodes: [Node]
    package var pageInfo: PageInfo?

    package struct PageInfo: Codable, Sendable, Equatable {
        package var hasNextPage: Bool?
        package var endCursor: String?
    }

    private struct Edge: Codable { var node: Node? }

    enum CodingKeys: String, CodingKey { case totalCount, nodes, edges, pageInfo }

    package init(totalCount: Int? = nil, nodes: [Node], pageInfo: PageInfo? = nil) {
        self.totalCount = totalCount; self.nodes = nodes; self.pageInfo = pageInfo
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try container.decodeIfPresent(Int.self, forKey: .totalCount)
        pageInfo = try container.decodeIfPresent(PageInfo.self, forKey: .pageInfo)
        if let nodes = try container.decodeIfPresent([Node?].self, forKey: .nodes) {
            // A node the token may not see comes back as null: it is left out.
            self.nodes = nodes.compactMap { $0 }
        } else if let edges = try container.decodeIfPresent([Edge?].self, forKey: .edges) {
            self.nodes = edges.compactMap { $0?.node }
        } else {
            throw DecodingError.keyNotFound(CodingKeys.nodes, .init(codingPath: container.codingPath, debugDescription: "neither nodes nor edges"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(totalCount, forKey: .totalCount)
        try container.encode(nodes, forKey: .nodes)
        try container.encodeIfPresent(pageInfo, forKey: .pageInfo)
    }
}

/// A language as GraphQL names it, with GitHub's colour for it (`#f05138`), when it has one.
package struct GraphLanguage: Codable, Sendable, Equatable {
    package var name: String
    package var color: String?

    package init(name: String, color: String? = nil) { self.name = name; self.color = color }
}

/// One pinned repository: `pinnedItems(first: 6, types: REPOSITORY) { nodes { ... on Repository { … } } }`.
package struct PinnedRepository: Codable, Sendable, Equatable {
    package var name: String
    /// `owner/name`: a pinned repository may belong to someone else (an organisation).
    package var nameWithOwner: String?
    package var description: String?
    package var url: String?
    package var stargazerCount: Int?
    package var forkCount: Int?
    package var isFork: Bool?
    package var isArchived: Bool?
    package var primaryLanguage: GraphLanguage?

    private struct Count: Codable { var totalCount: Int? }

    enum CodingKeys: String, CodingKey {
        case name, nameWithOwner, description, url, stargazerCount, stargazers, forkCount, isFork, isArchived, primaryLanguage
    }

    package init(
        name: String, nameWithOwner: String? = nil, description: String? = nil, url: String? = nil, stargazerCount: Int? = nil,
        forkCount: Int? = nil, isFork: Bool? = nil, isArchived: Bool? = nil, primaryLanguage: GraphLanguage? = nil
    ) {
        self.name = name; self.nameWithOwner = nameWithOwner; self.description = description; self.url = url
        self.stargazerCount = stargazerCount; self.forkCount = forkCount; self.isFork = isFork; self.isArchived = isArchived
        self.primaryLanguage = primaryLanguage
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        nameWithOwner = try c.decodeIfPresent(String.self, forKey: .nameWithOwner)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        stargazerCount =
            try c.decodeIfPresent(Int.self, forKey: .stargazerCount)
            ?? c.decodeIfPresent(Count.self, forKey: .stargazers)?.totalCount
        forkCount = try c.decodeIfPresent(Int.self, forKey: .forkCount)
        isFork = try c.decodeIfPresent(Bool.self, forKey: .isFork)
        isArchived = try c.decodeIfPresent(Bool.self, forKey: .isArchived)
        primaryLanguage = try c.decodeIfPresent(GraphLanguage.self, forKey: .primaryLanguage)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(nameWithOwner, forKey: .nameWithOwner)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encodeIfPresent(stargazerCount, forKey: .stargazerCount)
        try c.encodeIfPresent(forkCount, forKey: .forkCount)
        try c.encodeIfPresent(isFork, forKey: .isFork)
        try c.encodeIfPresent(isArchived, forKey: .isArchived)
        try c.encodeIfPresent(primaryLanguage, forKey: .primaryLanguage)
    }
}

/// `{"user": {"pinnedItems": …}}`: the `data` of the pinned items query.
package struct PinnedItemsAnswer: Codable, Sendable, Equatable {
    package var user: User

    package struct User: Codable, Sendable, Equatable {
        package var pinnedItems: GraphConnection<PinnedRepository>
    }

    package init(pinned: [PinnedRepository]) { user = User(pinnedItems: GraphConnection(totalCount: pinned.count, nodes: pinned)) }
}

/// One day of the contribution calendar. `date` is the calendar day GitHub counted it on.
package struct ContributionDay: Codable, Sendable, Equatable {
    package var date: String
    package var contributionCount: Int
    package var color: String?

    package init(date: String, contributionCount: Int, color: String? = nil) {
        self.date = date; self.contributionCount = contributionCount; self.color = color
    }
}

/// `contributionsCollection { contributionCalendar { totalContributions weeks { contributionDays { … } } } }`.
package struct ContributionCalendar: Codable, Sendable, Equatable {
    package var totalContributions: Int?
    package var weeks: [Week]

    package struct Week: Codable, Sendable, Equatable {
        package var contributionDays: [ContributionDay]
        package init(contributionDays: [ContributionDay]) { self.contributionDays = contributionDays }
    }

    package init(totalContributions: Int?, weeks: [Week]) { self.totalContributions = totalContributions; self.weeks = weeks }

    /// Every day of the calendar, in the order GitHub gave them.
    package var days: [ContributionDay] { weeks.flatMap(\.contributionDays) }
}

/// `{"user": {"contributionsCollection": {"contributionCalendar": …}}}`: the `data` of the calendar query.
package struct ContributionsAnswer: Codable, Sendable, Equatable {
    package var user: User

    package struct User: Codable, Sendable, Equatable {
        package var contributionsCollection: Collection
    }

    package struct Collection: Codable, Sendable, Equatable {
        package var contributionCalendar: ContributionCalendar
    }

    package init(calendar: ContributionCalendar) {
        user = User(contributionsCollection: Collection(contributionCalendar: calendar))
    }
}

/// One own repository's languages by size: `languages(first: 10, orderBy: {field: SIZE, direction: DESC})`.
package struct RepositoryLanguages: Codable, Sendable, Equatable {
    package var name: String
    package var isFork: Bool?
    package var languages: Languages?

    package struct Languages: Codable, Sendable, Equatable {
        package var totalSize: Int?
        package var edges: [Edge]
    }

    package struct Edge: Codable, Sendable, Equatable {
        /// Bytes of code in this language.
        package var size: Int
        package var node: GraphLanguage
    }

    package init(name: String, isFork: Bool? = nil, sizes: [(GraphLanguage, Int)]) {
        self.name = name; self.isFork = isFork
        languages = Languages(totalSize: sizes.reduce(0) { $0 + $1.1 }, edges: sizes.map { Edge(size: $0.1, node: $0.0) })
    }
}

/// `{"user": {"repositories": …}}`: the `data` of the languages query, its pages joined.
package struct LanguagesAnswer: Codable, Sendable, Equatable {
    package var user: User

    package struct User: Codable, Sendable, Equatable {
        package var repositories: GraphConnection<RepositoryLanguages>
    }

    package init(repositories: [RepositoryLanguages]) {
        user = User(repositories: GraphConnection(totalCount: repositories.count, nodes: repositories))
    }
}

extension Repository {
    /// A pinned repository as the REST lists describe one, so both are shown by the same card.
    package init(_ pinned: PinnedRepository) {
        let owner = pinned.nameWithOwner?.split(separator: "/").first.map { Owner(login: String($0)) }
        self.init(
            name: pinned.name, fullName: pinned.nameWithOwner, htmlURL: pinned.url, description: pinned.description,
            language: pinned.primaryLanguage?.name, stargazersCount: pinned.stargazerCount, forksCount: pinned.forkCount,
            fork: pinned.isFork, archived: pinned.isArchived, owner: owner)
    }
}
