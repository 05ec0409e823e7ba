/// Answers of GitHub's GraphQL API as the store keeps them: the `data` object of each answer,
/// verbatim. Decoded tolerantly: today's shape (`nodes`, `stargazerCount`) and the older one
/// real recordings have (`edges { node }`, `stargazers { totalCount }`) both read, and unknown
/// fields are ignored.

/// A GraphQL connection: its items from `nodes`, or from `edges[].node`.
public struct GraphConnection<Node: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var totalCount: Int?
    public var nodes: [Node]
    public var pageInfo: PageInfo?

    public struct PageInfo: Codable, Sendable, Equatable {
        public var hasNextPage: Bool?
        public var endCursor: String?
    }

    private struct Edge: Codable { var node: Node? }

    enum CodingKeys: String, CodingKey { case totalCount, nodes, edges, pageInfo }

    public init(totalCount: Int? = nil, nodes: [Node], pageInfo: PageInfo? = nil) {
        self.totalCount = totalCount; self.nodes = nodes; self.pageInfo = pageInfo
    }

    public init(from decoder: any Decoder) throws {
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(totalCount, forKey: .totalCount)
        try container.encode(nodes, forKey: .nodes)
        try container.encodeIfPresent(pageInfo, forKey: .pageInfo)
    }
}

/// A language as GraphQL names it, with GitHub's colour for it (`#f05138`), when it has one.
public struct GraphLanguage: Codable, Sendable, Equatable {
    public var name: String
    public var color: String?

    public init(name: String, color: String? = nil) { self.name = name; self.color = color }
}

/// One pinned repository: `pinnedItems(first: 6, types: REPOSITORY) { nodes { ... on Repository { … } } }`.
public struct PinnedRepository: Codable, Sendable, Equatable {
    public var name: String
    /// `owner/name`: a pinned repository may belong to someone else (an organisation).
    public var nameWithOwner: String?
    public var description: String?
    public var url: String?
    public var stargazerCount: Int?
    public var forkCount: Int?
    public var isFork: Bool?
    public var isArchived: Bool?
    public var primaryLanguage: GraphLanguage?

    private struct Count: Codable { var totalCount: Int? }

    enum CodingKeys: String, CodingKey {
        case name, nameWithOwner, description, url, stargazerCount, stargazers, forkCount, isFork, isArchived, primaryLanguage
    }

    public init(
        name: String, nameWithOwner: String? = nil, description: String? = nil, url: String? = nil, stargazerCount: Int? = nil,
        forkCount: Int? = nil, isFork: Bool? = nil, isArchived: Bool? = nil, primaryLanguage: GraphLanguage? = nil
    ) {
        self.name = name; self.nameWithOwner = nameWithOwner; self.description = description; self.url = url
        self.stargazerCount = stargazerCount; self.forkCount = forkCount; self.isFork = isFork; self.isArchived = isArchived
        self.primaryLanguage = primaryLanguage
    }

    public init(from decoder: any Decoder) throws {
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

    public func encode(to encoder: any Encoder) throws {
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
public struct PinnedItemsAnswer: Codable, Sendable, Equatable {
    public var user: User

    public struct User: Codable, Sendable, Equatable {
        public var pinnedItems: GraphConnection<PinnedRepository>
    }

    public init(pinned: [PinnedRepository]) { user = User(pinnedItems: GraphConnection(totalCount: pinned.count, nodes: pinned)) }
}

/// One day of the contribution calendar. `date` is the calendar day GitHub counted it on.
public struct ContributionDay: Codable, Sendable, Equatable {
    public var date: String
    public var contributionCount: Int
    public var color: String?

    public init(date: String, contributionCount: Int, color: String? = nil) {
        self.date = date; self.contributionCount = contributionCount; self.color = color
    }
}

/// `contributionsCollection { contributionCalendar { totalContributions weeks { contributionDays { … } } } }`.
public struct ContributionCalendar: Codable, Sendable, Equatable {
    public var totalContributions: Int?
    public var weeks: [Week]

    public struct Week: Codable, Sendable, Equatable {
        public var contributionDays: [ContributionDay]
        public init(contributionDays: [ContributionDay]) { self.contributionDays = contributionDays }
    }

    public init(totalContributions: Int?, weeks: [Week]) { self.totalContributions = totalContributions; self.weeks = weeks }

    /// Every day of the calendar, in the order GitHub gave them.
    public var days: [ContributionDay] { weeks.flatMap(\.contributionDays) }
}

/// `{"user": {"contributionsCollection": {"contributionCalendar": …}}}`: the `data` of the calendar query.
public struct ContributionsAnswer: Codable, Sendable, Equatable {
    public var user: User

    public struct User: Codable, Sendable, Equatable {
        public var contributionsCollection: Collection
    }

    public struct Collection: Codable, Sendable, Equatable {
        public var contributionCalendar: ContributionCalendar
    }

    public init(calendar: ContributionCalendar) {
        user = User(contributionsCollection: Collection(contributionCalendar: calendar))
    }
}

/// One own repository's languages by size: `languages(first: 10, orderBy: {field: SIZE, direction: DESC})`.
public struct RepositoryLanguages: Codable, Sendable, Equatable {
    public var name: String
    public var isFork: Bool?
    public var languages: Languages?

    public struct Languages: Codable, Sendable, Equatable {
        public var totalSize: Int?
        public var edges: [Edge]
    }

    public struct Edge: Codable, Sendable, Equatable {
        /// Bytes of code in this language.
        public var size: Int
        public var node: GraphLanguage
    }

    public init(name: String, isFork: Bool? = nil, sizes: [(GraphLanguage, Int)]) {
        self.name = name; self.isFork = isFork
        languages = Languages(totalSize: sizes.reduce(0) { $0 + $1.1 }, edges: sizes.map { Edge(size: $0.1, node: $0.0) })
    }
}

/// `{"user": {"repositories": …}}`: the `data` of the languages query, its pages joined.
public struct LanguagesAnswer: Codable, Sendable, Equatable {
    public var user: User

    public struct User: Codable, Sendable, Equatable {
        public var repositories: GraphConnection<RepositoryLanguages>
    }

    public init(repositories: [RepositoryLanguages]) {
        user = User(repositories: GraphConnection(totalCount: repositories.count, nodes: repositories))
    }
}

extension Repository {
    /// A pinned repository as the REST lists describe one, so both are shown by the same card.
    public init(_ pinned: PinnedRepository) {
        let owner = pinned.nameWithOwner?.split(separator: "/").first.map { Owner(login: String($0)) }
        self.init(
            name: pinned.name, fullName: pinned.nameWithOwner, htmlURL: pinned.url, description: pinned.description,
            language: pinned.primaryLanguage?.name, stargazersCount: pinned.stargazerCount, forksCount: pinned.forkCount,
            fork: pinned.isFork, archived: pinned.isArchived, owner: owner)
    }
}
