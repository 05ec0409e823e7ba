import Foundation
import UsergraphCore

/// The colours a theme's stylesheet gives its custom properties (`--name: #hex`), for
/// pictures drawn outside a page: the social card, the embeddable cards and their PNGs.
package struct ThemePalette: Equatable {
    /// The first `:root` block.
    package var light: [String: String]
    /// The light colours with the `:root` block under `prefers-color-scheme: dark` over them.
    package var dark: [String: String]

    package init(css: String) {
        let plain = Self.withoutComments(css)
        light = plain.range(of: ":root").map { Self.colours(in: plain[$0.upperBound...]) } ?? [:]
        var dark = light
        if let media = plain.range(of: "prefers-color-scheme: dark"), let root = plain[media.upperBound...].range(of: ":root") {
            dark.merge(Self.colours(in: plain[root.upperBound...])) { $1 }
        }
        self.dark = dark
    }

    package static func light(css: String) -> [String: String] { ThemePalette(css: css).light }

    /// Replaces each `var(--ug-x,fallback)` of a chart with its colour in `colours` (or the fallback), for a
    /// picture drawn where no stylesheet applies.
    package static func resolve(_ svg: String, colours: [String: String]) -> String {
        // On the bytes: Foundation's `range(of:)` for each of a calendar's 365 cells was most of
        // the time it took to draw the cards.
        let marker = Array("var(--".utf8)
        let text = Array(svg.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var copied = 0
        while let index = text[copied...].firstIndex(ofBytes: marker) {
            let inside = index + marker.count
            guard let close = text[inside...].firstIndex(of: UInt8(ascii: ")")) else { break }
            out.append(contentsOf: text[copied..<index])
            // The name and the fallback around the first comma, an empty one left out as `split`
            // leaves it (so a lone fallback is taken for the name).
            let comma = text[inside..<close].firstIndex(of: UInt8(ascii: ",")) ?? close
            let head = inside..<comma, tail = min(comma + 1, close)..<close
            let name = String(decoding: text[head.isEmpty ? tail : head], as: UTF8.self)
            if let colour = colours[name] {
                out.append(contentsOf: colour.utf8)
            } else if !head.isEmpty, !tail.isEmpty {
                out.append(contentsOf: text[tail])
            } else {
                out.append(contentsOf: "currentColor".utf8)
            }
            copied = close + 1
        }
        out.append(contentsOf: text[copied...])
        return String(decoding: out, as: UTF8.self)
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
