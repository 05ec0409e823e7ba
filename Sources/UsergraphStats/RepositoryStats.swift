import UsergraphCore

/// Counts over the owner's own repositories.
enum RepositoryStats {
    static func summary(_ repositories: [Repository], languageSizes: [RepositoryLanguages]? = nil) -> RepositorySummary {
        var stars = 0, forks = 0, sources = 0
        var languages: [String: Int] = [:]
        for repository in repositories {
            // GitHub omits the counts in some payloads; a missing count adds nothing.
            stars += repository.stargazersCount ?? 0
            forks += repository.forksCount ?? 0
            guard repository.fork != true else { continue }
            sources += 1
            if let language = repository.language { languages[language, default: 0] += 1 }
        }
        return RepositorySummary(
            count: repositories.count, stars: stars, forks: forks, sources: sources, forkRepositories: repositories.count - sources,
            languages:
                languages
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { LanguageCount(language: $0.key, count: $0.value) },
            languageBytes: languageSizes.map(bytes))
    }

    /// Sums the GraphQL sizes over the sources; the first valid colour GitHub gave a language is kept.
    static func bytes(_ sizes: [RepositoryLanguages]) -> [LanguageBytes] {
        var total: [String: Int] = [:]
        var colors: [String: String] = [:]
        for repository in sizes where repository.isFork != true {
            for edge in repository.languages?.edges ?? [] where edge.size > 0 {
                total[edge.node.name, default: 0] += edge.size
                if colors[edge.node.name] == nil, let color = HexColor.valid(edge.node.color) { colors[edge.node.name] = color }
            }
        }
        return total.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { LanguageBytes(language: $0.key, bytes: $0.value, color: colors[$0.key]) }
    }
}

/// A colour from data, accepted only as `#rrggbb` (or `#rgb`), since it ends up in a style attribute.
package enum HexColor {
    package static func valid(_ text: String?) -> String? {
        guard let text, text.utf8.first == UInt8(ascii: "#"), text.utf8.count == 7 || text.utf8.count == 4 else { return nil }
        let digits = text.utf8.dropFirst()
        guard digits.allSatisfy({ (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }) else { return nil }
        return text.lowercased()
    }
}
