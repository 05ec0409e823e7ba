import Foundation
import UsergraphCore
import UsergraphPages
import UsergraphStore

/// The part of every page's fingerprint that is not its data: the executable, the config (but
/// its as-of day, which reaches a page only through what the page shows), the layout, partials
/// and strings every page shares, and each page template's own text. Changing `user.md`
/// renders the user pages again and keeps the rest.
package struct PageSeeds: Sendable {
    private let shared: PageFingerprint
    private let templates: [String: PageFingerprint]

    package init(config: SiteConfig) {
        var settings = config
        settings.asOf = nil
        settings.output = ""
        var hasher = FingerprintHasher()
        for word in FileIdentity.words(of: "/proc/self/exe") ?? [] { hasher.add(word) }
        hasher.add("\(settings)")
        var pages: [String: [UInt8]] = [:]
        let theme = config.theme
        for name in theme.names(under: "Templates") {
            let file = String(name.dropFirst("Templates/".count))
            let bytes = theme.file(name).map { [UInt8]($0.data) } ?? []
            if !file.contains("/"), file.hasSuffix(".md") {
                pages[String(file.dropLast(3))] = bytes
            } else {
                hasher.add(file)
                hasher.add(bytes)
            }
        }
        let shared = hasher.finish()
        self.shared = shared
        templates = pages.mapValues { bytes in
            var page = FingerprintHasher()
            page.add(shared)
            page.add(bytes)
            return page.finish()
        }
    }

    /// The seed of a page made from template `name`.
    func seed(for name: String) -> PageFingerprint { templates[name] ?? shared }
}
