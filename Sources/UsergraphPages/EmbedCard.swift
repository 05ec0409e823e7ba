/// One embeddable card of `cards/` as the pages see it: its name, words, size and drawing.
/// `UsergraphShare`'s `EmbedCards` draws them (`SiteData` is given that drawing), writes
/// their files and rasterizes their PNGs; the cards page lists them.
package struct EmbedCard: Sendable {
    package let name: String
    package let title: String
    package let description: String
    package let width: Int
    package let height: Int
    /// The drawing, with colours as `var(--name,fallback)`.
    package let body: String

    package init(name: String, title: String, description: String, width: Int, height: Int, body: String) {
        self.name = name; self.title = title; self.description = description
        self.width = width; self.height = height; self.body = body
    }

    /// Each card is published in three files: light, dark, and one that follows the reader's
    /// colour scheme.
    package enum Mode: String, CaseIterable { case light, dark, auto }

    package static let folder = "cards"

    /// `cards/stats.svg` (follows the colour scheme), `cards/stats-light.svg`, `cards/stats-dark.png`…
    package func path(_ mode: Mode, _ ext: String) -> String {
        Self.folder + "/" + name + (mode == .auto ? "" : "-" + mode.rawValue) + "." + ext
    }
}
