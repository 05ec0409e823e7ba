import UsergraphCore
import UsergraphStats

/// Every page of the site, in a stable order.
enum SitePages {
    static func sources(_ site: SiteData) -> [PageSource] {
        var sources = ProfilePage.sources(site)
        sources += UsersPages.sources(site)
        sources += RepositoryPages.sources(site)
        sources += StatisticsPage.sources(site)
        sources += MealsPage.sources(site)
        sources += CardsPage.sources(site)
        sources.append(notFound(site))
        return sources
    }

    /// `404.html` sits at the root but a host serves it for any missing path, at any depth, so
    /// its links must not be relative: with a base URL they are absolute, without one they are
    /// root-relative (`/users/`), which is right for a site at a host's root.
    static func notFound(_ site: SiteData) -> PageSource {
        PageSource(path: .notFound, template: "404", section: .none) {
            ["links": Links.context(from: .home, base: notFoundBase(site))]
        }
    }

    static func notFoundBase(_ site: SiteData) -> String { site.config.baseURL ?? "/" }
}

extension SitePages {
    /// Every key the page builders read from the strings file, beside the `t.` keys the
    /// templates name (checked by the theme).
    static let requirements: [Strings.Requirement] =
        StatisticsCharts.requirements + SocialCard.requirements + SiteFeed.requirements + EmbedCards.requirements
        + UsersPages.requirements
        + Achievement.all.map { Strings.Requirement("achievements." + $0.id) }
}
