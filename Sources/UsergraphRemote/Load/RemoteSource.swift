import Foundation
import UsergraphCore
import UsergraphStore

/// The remote collections the store caches, in the order a run fetches them. `pinned`,
/// `contributions` and `languages` come from GitHub's GraphQL API, which needs a token.
package enum RemoteSource: String, CaseIterable, Sendable, Comparable {
    case profile, repos, starred, pinned, contributions, languages, users, statistics

    package static func < (a: RemoteSource, b: RemoteSource) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// How a person calls it in a sentence.
    var title: String { name.description }

    /// Its name, sayable in the site's language (the subject of a line: "repositories: 169 fetched").
    package var name: Message {
        switch self {
        case .profile: Message("notes.sources.profile")
        case .repos: Message("notes.sources.repos")
        case .starred: Message("notes.sources.starred")
        case .pinned: Message("notes.sources.pinned")
        case .contributions: Message("notes.sources.contributions")
        case .languages: Message("notes.sources.languages")
        case .users: Message("notes.sources.users")
        case .statistics: Message("notes.sources.statistics")
        }
    }

    /// Its file in the store.
    package func path(in layout: StoreLayout) -> String {
        switch self {
        case .profile: layout.profile
        case .repos: layout.repositories
        case .starred: layout.starred
        case .pinned: layout.pinned
        case .contributions: layout.contributions
        case .languages: layout.languages
        case .users: layout.users
        case .statistics: layout.statistics
        }
    }

    /// The config key a source needs before it can be fetched.
    var configKey: String {
        switch self {
        case .profile, .repos, .starred, .pinned, .contributions, .languages: "github.login"
        case .users: "users.url"
        case .statistics: "statistics.url"
        }
    }

    /// Asked of GitHub's GraphQL API, which answers only with a token.
    package var needsToken: Bool {
        switch self {
        case .pinned, .contributions, .languages: true
        default: false
        }
    }

    /// `profile,repos` → the sources, or a usage error naming the unknown word.
    package static func parseList(_ text: String) throws -> Set<RemoteSource> {
        var sources = Set<RemoteSource>()
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            guard let source = RemoteSource(rawValue: word.lowercased()) else {
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                throw UsergraphError("errors.fetch.unknownSource", ["word": word, "known": known], kind: .usage)
            }
            sources.insert(source)
        }
        guard !sources.isEmpty else {
            throw UsergraphError("errors.fetch.emptyOnly", ["known": allCases.map(\.rawValue).joined(separator: ", ")], kind: .usage)
        }
        return sources
    }
}

/// What a run does about the remote collections.
package enum LoadMode: Sendable, Equatable {
    /// `build`: fetch what the store lacks or holds stale (`cache.maxAge`), or everything with `refresh`.
    case build(refresh: Bool)
    /// `update`: fetch every configured source again, or those named.
    case update(only: Set<RemoteSource>?)
}

/// What happened to one source.
package enum SourceOutcome: Sendable, Equatable {
    /// New data was saved.
    case saved(items: Int)
    /// The server said nothing changed (304); the data is as it was.
    case unchanged(items: Int)
    /// Not asked: the store's copy is fresh.
    case cached
    /// Not configured in usergraph.yml.
    case notConfigured
    /// Not saved; the message says why. The store's copy, if any, is kept.
    case failed(Message)
}

/// Progress of a run, for the command line's activity line.
package enum LoadEvent: Sendable {
    case started(RemoteSource)
    case page(RemoteSource, Int)
    case files(RemoteSource, done: Int, total: Int)
    case finished(RemoteSource, SourceOutcome)
}

/// What a run did, source by source.
package struct LoadReport: Sendable {
    var outcomes: [RemoteSource: SourceOutcome] = [:]
    /// One sentence per distinct cause of failure, in the order they happened.
    package var failures: [Message] = []
    /// Problems that did not stop anything (images that could not be downloaded).
    package var warnings: [Message] = []
    /// Statistics events whose date is not a real day: skipped by the statistics, counted here.
    package var skippedEventDates = 0
    package var exampleBadEventDate: Int?
    /// Images downloaded into the store.
    var filesSaved = 0

    /// The sources that were asked for and not saved.
    package var failed: [RemoteSource] {
        outcomes.filter { if case .failed = $0.value { return true } else { return false } }.keys.sorted()
    }

    /// The sources that were fetched (saved or confirmed unchanged).
    package var fetched: [RemoteSource] {
        outcomes.filter {
            switch $0.value {
            case .saved, .unchanged: true
            default: false
            }
        }.keys.sorted()
    }

    package init() {}
}
