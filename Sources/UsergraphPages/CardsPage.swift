import UsergraphCore

/// `/cards/`: each embeddable card shown as a README shows it (`<picture>` with both colour
/// schemes), with the Markdown and the HTML to copy.
package enum CardsPage {
    package static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .cards, template: "cards", section: .none) { fields.context(site) }]
    }

    package static let fields = TemplateFields<SiteData>([
        .object("links", keys: Links.keys) { _ in Links.context(from: .cards) },
        .list("cards", cardFields) { site in site.cards.map { ShownCard(card: $0, base: site.config.baseURL) } },
        .flag("absolute") { $0.config.baseURL != nil },
        .text("site") { $0.config.title },
    ])

    /// A card and where the page links its files: absolute with a base URL (what a README
    /// needs), else relative to this page.
    struct ShownCard {
        let card: EmbedCard
        let base: String?

        func link(_ mode: EmbedCard.Mode, _ ext: String) -> String {
            let path = card.path(mode, ext)
            return base.map { $0 + path } ?? SitePath.cards.link(toFile: path)
        }
    }

    static let cardFields = TemplateFields<ShownCard>([
        .text("name") { $0.card.name },
        .text("title") { $0.card.title },
        .text("description") { $0.card.description },
        .int("width") { $0.card.width },
        .int("height") { $0.card.height },
        .text("auto") { $0.link(.auto, "svg") },
        .text("light") { $0.link(.light, "svg") },
        .text("dark") { $0.link(.dark, "svg") },
        .text("lightPNG") { $0.link(.light, "png") },
        .text("darkPNG") { $0.link(.dark, "png") },
        .text("markdown") { "![\($0.card.title)](\($0.link(.auto, "svg")))" },
        .text("html") { shown in
            "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(HTML.escape(shown.link(.dark, "svg")))\">"
                + "<img src=\"\(HTML.escape(shown.link(.light, "svg")))\" width=\"\(shown.card.width)\" height=\"\(shown.card.height)\""
                + " alt=\"\(HTML.escape(shown.card.title))\"></picture>"
        },
    ])
}
