import UsergraphCore

/// The repositories `/` shows first, like the top of a GitHub profile: those named by
/// `github.pinned` in the config, else those pinned on GitHub (the GraphQL answer in the store,
/// which needs a token), else, as GitHub itself does for a profile with no pins, the six own
/// sources with the most stars (then the latest push).
package enum PinnedRepositories {
    package enum Origin: Sendable {
        case config, gitHub, popular
    }

    package struct Choice {
        package var origin: Origin
        package var cards: [RepositoryPages.RepositoryCard]
    }

    static func choose(_ site: SiteData) -> Choice {
        let (origin, chosen) = repositories(site)
        return Choice(origin: origin, cards: chosen.map { RepositoryPages.RepositoryCard(repo: $0, site: site) })
    }

    /// The repositories shown first, and where the choice came from.
    package static func repositories(_ site: SiteData) -> (origin: Origin, repositories: [Repository]) {
        let own = site.snapshot.repositories?.value ?? []
        if let names = site.config.github?.pinned {
            let byName = Dictionary(own.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            return (.config, names.compactMap { byName[$0.lowercased()] })
        }
        if let pinned = site.snapshot.pinned?.value {
            return (.gitHub, pinned.map(Repository.init))
        }
        return (.popular, Array(RepositoryPages.sorted(own.filter { $0.fork != true }, by: .stars).prefix(GitHubRepositoryName.maxPinned)))
    }

    /// Names in `github.pinned` that the store's repositories do not include: said by the build.
    package static func unknownNames(_ site: SiteData) -> [String] {
        guard let names = site.config.github?.pinned, let own = site.snapshot.repositories?.value else { return [] }
        let known = Set(own.map { $0.name.lowercased() })
        return names.filter { !known.contains($0.lowercased()) }
    }
}
