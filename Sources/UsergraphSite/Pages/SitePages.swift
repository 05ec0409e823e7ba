import UsergraphCore
import UsergraphStats

/// Every page of the site, in a stable order.
enum SitePages {
    /// `directory` false: without the users directory's pages, for a build that keeps them as
    /// they are (see `DirectorySummary`); they would come at `directoryPosition`.
    static func sources(_ site: SiteData, directory: Bool = true) -> [PageSource] {
        let parts = [ProfilePage.sources(site), directory ? UsersPages.sources(site) : [], RepositoryPages.sources(site),
                     StatisticsPage.sources(site), MealsPage.sources(site), CardsPage.sources(site), [notFound(site)]]
        // Exactly as many as there are: grown by appending, the list had room for twice as many
        // at the render (10 MB more at 100,000 users).
        var sources: [PageSource] = []
        sources.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { sources += part }
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

    /// Where among `sources` the directory's pages start: after the home page.
    static let directoryPosition = 1

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
