import UsergraphCore

/// `/cards/`: each embeddable card shown as a README shows it (`<picture>` with both colour
/// schemes), with the Markdown and the HTML to copy.
package enum CardsPage {
    package static func sources(_ site: SiteData) -> [PageSource] {
        [PageSource(path: .cards, template: "cards", section: .none) { context(site) }]
    }

    package static func context(_ site: SiteData) -> [String: Any] {
        let page = SitePath.cards
        let base = site.config.baseURL
        let cards = site.cards.map { card -> [String: Any] in
            // Absolute with a base URL (what a README needs); else relative to this page.
            func link(_ mode: EmbedCard.Mode, _ ext: String) -> String {
                let path = card.path(mode, ext)
                return base.map { $0 + path } ?? page.link(toFile: path)
            }
            let light = link(.light, "svg"), dark = link(.dark, "svg")
            let html =
                "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(HTML.escape(dark))\">"
                + "<img src=\"\(HTML.escape(light))\" width=\"\(card.width)\" height=\"\(card.height)\" alt=\"\(HTML.escape(card.title))\"></picture>"
            return [
                "name": card.name, "title": card.title, "description": card.description, "width": card.width, "height": card.height,
                "auto": link(.auto, "svg"), "light": light, "dark": dark, "lightPNG": link(.light, "png"), "darkPNG": link(.dark, "png"),
                "markdown": "![\(card.title)](\(link(.auto, "svg")))", "html": html,
            ]
        }
        return ["links": Links.context(from: page), "cards": cards, "absolute": base != nil, "site": site.config.title]
    }
}
