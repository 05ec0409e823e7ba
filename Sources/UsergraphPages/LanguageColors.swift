import UsergraphCore
import UsergraphStats

/// The colour of a language's dot: GitHub's own where a GraphQL answer in the store gave one
/// (the REST lists carry only the name), else a hue made from the name, so a language keeps
/// its colour on every page and every run.
package struct LanguageColors: Sendable {
    private let known: [String: String]

    package init(_ snapshot: Snapshot) {
        var known: [String: String] = [:]
        let given =
            (snapshot.pinned?.value ?? []).compactMap(\.primaryLanguage)
            + (snapshot.languageSizes?.value ?? []).flatMap { $0.languages?.edges.map(\.node) ?? [] }
        for language in given where known[language.name] == nil {
            if let color = HexColor.valid(language.color) { known[language.name] = color }
        }
        self.known = known
    }

    package func color(_ language: String) -> String {
        known[language] ?? "hsl(\(Int(SHA256.digest(Array(language.utf8))[0]) * 360 / 256) 60% 50%)"
    }
}
