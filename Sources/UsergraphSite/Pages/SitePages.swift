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
        sources.append(notFound(site))
        return sources
    }

    /// `404.html` sits at the root but is served for any depth, so its links must not be
    /// relative: with a base URL they are absolute, without one they lead to the root.
    static func notFound(_ site: SiteData) -> PageSource {
        PageSource(path: .notFound, template: "404", section: .none) {
            ["links": Links.context(from: .home, base: site.config.baseURL)]
        }
    }
}

extension SitePages {
    /// Every key the page builders read from the strings file, beside the `t.` keys the
    /// templates name (checked by the theme).
    static let requirements: [Strings.Requirement] =
        StatisticsCharts.requirements + Achievement.all.map { Strings.Requirement("achievements." + $0.id) }
}
