import Foundation

/// The default theme (Templates/ and Public/), compiled into the executable by the EmbedTheme
/// build plugin: a site's own files are looked up first, these second, so the binary is all a
/// site needs and a release's new page, partial or word reaches every site.
package enum BuiltInTheme {
    /// Path in the theme (`Templates/cards.md`, `Public/assets/style.css`) → bytes.
    package static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for (path, base64) in EmbeddedTheme.files {
            // The embedder wrote what it read; an undecodable entry cannot happen.
            files[path] = Data(base64Encoded: base64) ?? Data()
        }
        return files
    }()

    /// The paths under `folder` (`Templates/partials`), every depth, sorted.
    package static func paths(under folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Every version a built-in file has had (the first 16 hex digits of the SHA-256 of its
    /// bytes), the current one included: Sources/UsergraphTheme/theme-versions.txt.
    package static let versions: [String: Set<String>] = {
        var versions: [String: Set<String>] = [:]
        let text = String(decoding: Data(base64Encoded: EmbeddedTheme.versions) ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { versions[String(parts[1]), default: []].insert(String(parts[0])) }
        }
        return versions
    }()
}
