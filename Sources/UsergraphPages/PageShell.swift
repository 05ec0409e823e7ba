/// What the layout sees of one page besides the page's own keys and what `Theme.render` adds:
/// the site's title and language, the navigation, the links, the social card.
///
/// Reads only the config, the page's path and section, and what the build's shell seed hashes
/// (`SiteBuild.shellSeed`): the pages' fingerprints rely on it.
package struct PageShell {
    let site: SiteData
    let path: SitePath
    let section: Section
    /// The theme's own files' addresses (`PublicAssets.context`).
    let assets: [String: Any]
    /// Whether the layout shows the as-of day (else it is left out, so a new day does not
    /// change every page).
    let showsAsOf: Bool
    /// Whether search engines are asked not to index the page.
    let noindex: Bool
    /// The social card's file, from the site's root.
    let shareImage: String

    package init(
        site: SiteData, path: SitePath, section: Section, assets: [String: Any], showsAsOf: Bool, noindex: Bool, shareImage: String
    ) {
        self.site = site; self.path = path; self.section = section; self.assets = assets
        self.showsAsOf = showsAsOf; self.noindex = noindex; self.shareImage = shareImage
    }

    /// The way back to the root: the 404 page is served at any depth, so its links are
    /// absolute (`SitePages.notFoundBase`).
    var root: String { path == .notFound ? SitePages.notFoundBase(site) : path.root }

    package static let fields = TemplateFields<PageShell>([
        .text("siteTitle") { $0.site.config.title },
        .text("lang") { $0.site.config.language },
        .date("asOf?") { $0.showsAsOf ? $0.site.values.date($0.site.asOf) : nil },
        .text("baseURL?") { $0.site.config.baseURL },
        .text("canonical?") { shell in shell.path == .notFound ? nil : shell.site.config.baseURL.map { shell.path.url(base: $0) } },
        .flag("noindex") { $0.noindex },
        // Social sites need an absolute og:image; without a base URL it is relative, which a
        // browser resolves and a crawler ignores (the README says so).
        .object("share", share) { $0 },
        .text("root") { $0.root },
        .object("links", keys: Links.keys) { shell in
            shell.path == .notFound ? Links.context(from: .home, base: shell.root) : Links.context(from: shell.path)
        },
        // The theme's files: their keys are the theme's (`PageKeys.shell(assets:)`).
        .object("assets", keys: [:]) { $0.assets },
        .object("nav", keys: navKeys) { [$0.section.rawValue: true] },
        .object("on", keys: PageKeys.on) { $0.site.on },
        .object("units", keys: PageKeys.units) { $0.site.unitWords },
    ])

    static let share = TemplateFields<PageShell>([
        .text("image") { ($0.site.config.baseURL ?? $0.root) + $0.shareImage },
        .text("imageAlt") { $0.site.shareImageAlt },
    ])

    /// `nav`: the page's section, true.
    static let navKeys = TemplateSchema(
        fields: Dictionary(uniqueKeysWithValues: Section.allCases.map { ($0.rawValue, TemplateSchema.Field(value: .flag, optional: true)) }))
}
