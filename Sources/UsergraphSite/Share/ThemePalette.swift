import Foundation

/// The colours a theme's stylesheet gives its custom properties (`--name: #hex`), for
/// pictures drawn outside a page: the social card, the embeddable cards and their PNGs.
struct ThemePalette: Equatable {
    /// The first `:root` block.
    var light: [String: String]
    /// The light colours with the `:root` block under `prefers-color-scheme: dark` over them.
    var dark: [String: String]

    init(css: String) {
        let plain = Self.withoutComments(css)
        light = plain.range(of: ":root").map { Self.colours(in: plain[$0.upperBound...]) } ?? [:]
        var dark = light
        if let media = plain.range(of: "prefers-color-scheme: dark"), let root = plain[media.upperBound...].range(of: ":root") {
            dark.merge(Self.colours(in: plain[root.upperBound...])) { $1 }
        }
        self.dark = dark
    }

    static func light(css: String) -> [String: String] { ThemePalette(css: css).light }

    /// Replaces each `var(--ug-x,fallback)` of a chart with its colour in `colours` (or the fallback), for a
    /// picture drawn where no stylesheet applies.
    static func resolve(_ svg: String, colours: [String: String]) -> String {
        var out = ""
        var rest = svg[...]
        while let start = rest.range(of: "var(--") {
            out += rest[..<start.lowerBound]
            guard let close = rest[start.upperBound...].firstIndex(of: ")") else { rest = rest[start.lowerBound...]; break }
            let inside = rest[start.upperBound..<close]
            let pieces = inside.split(separator: ",", maxSplits: 1)
            let name = pieces.first.map(String.init) ?? ""
            let fallback = pieces.count > 1 ? String(pieces[1]) : "currentColor"
            out += colours[name] ?? fallback
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The `--name: #hex` declarations of the block that starts at `text`.
    private static func colours(in text: Substring) -> [String: String] {
        let block = text.prefix { $0 != "}" }
        var palette: [String: String] = [:]
        for declaration in block.split(separator: ";") {
            let pair = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard pair.count == 2, pair[0].hasPrefix("--") else { continue }
            let name = pair[0].dropFirst(2).drop { $0 == "{" || $0 == " " }
            let value = pair[1]
            guard value.hasPrefix("#"), value.count <= 9, value.dropFirst().allSatisfy(\.isHexDigit) else { continue }
            palette[String(name)] = value
        }
        return palette
    }

    private static func withoutComments(_ css: String) -> String {
        var plain = ""
        var rest = css[...]
        while let open = rest.range(of: "/*") {
            plain += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { rest = ""; break }
            rest = rest[close.upperBound...]
        }
        return plain + rest
    }
}
