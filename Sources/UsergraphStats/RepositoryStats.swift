import UsergraphCore

/// Counts over the owner's own repositories.
enum RepositoryStats {
    static func summary(_ repositories: [Repository]) -> RepositorySummary {
        var stars = 0, forks = 0
        var languages: [String: Int] = [:]
        for repository in repositories {
            // GitHub omits the counts in some payloads; a missing count adds nothing.
            stars += repository.stargazersCount ?? 0
            forks += repository.forksCount ?? 0
            if let language = repository.language { languages[language, default: 0] += 1 }
        }
        return RepositorySummary(
            count: repositories.count, stars: stars, forks: forks,
            languages: languages
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { LanguageCount(language: $0.key, count: $0.value) })
    }
}
