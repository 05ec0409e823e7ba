import UsergraphCore
import UsergraphStats

/// Every page of the site, in a stable order.
package enum SitePages {
    package static func sources(_ site: SiteData) -> [PageSource] {
        sources(site, omitting: []).sources
    }

    /// The pages but those of the `omitted` families (see `KeptFamily`), and where each
    /// omitted family's pages would have been among them.
    package static func sources(_ site: SiteData, omitting omitted: Set<KeptFamily>) -> (sources: [PageSource], positions: [KeptFamily: Int]) {
        let parts: [(family: KeptFamily?, shown: Bool, make: (SiteData) -> [PageSource])] = [
            (nil, true, ProfilePage.sources), (.directory, site.shows(.users), UsersPages.sources),
            (nil, site.shows(.github), RepositoryPages.lists), (.starred, site.shows(.github), RepositoryPages.starred),
            (nil, site.shows(.workouts), WorkoutPages.sources),
            (nil, site.showsStatistics, StatisticsPage.sources), (nil, site.showsStatistics, HistoryPages.sources),
            (nil, site.shows(.nutrition), MealsPage.sources),
            (nil, !site.cards.isEmpty, CardsPage.sources), (nil, true, { [notFound($0)] }),
        ]
        var made: [[PageSource]] = []
        var positions: [KeptFamily: Int] = [:]
        var count = 0
        // An off section's pages are not made, and its family is not kept either.
        for part in parts where part.shown {
            if let family = part.family, omitted.contains(family) {
                positions[family] = count
                continue
            }
            made.append(part.make(site))
            count += made[made.count - 1].count
        }
        // Exactly as many as there are: grown by appending, the list had room for twice as many
        // at the render (10 MB more at 100,000 users).
        var sources: [PageSource] = []
        sources.reserveCapacity(count)
        for part in made { sources += part }
        return (sources, positions)
    }

    /// `404.html` sits at the root but a host serves it for any missing path, at any depth, so
    /// its links must not be relative: with a base URL they are absolute, without one they are
    /// root-relative (`/users/`), which is right for a site at a host's root.
    package static func notFound(_ site: SiteData) -> PageSource {
        PageSource(path: .notFound, template: "404", section: .none) { notFoundFields.context(site) }
    }

    package static let notFoundFields = TemplateFields<SiteData>([
        .object("links", keys: Links.keys) { Links.context(from: .home, base: notFoundBase($0)) }
    ])

    package static func notFoundBase(_ site: SiteData) -> String { site.config.baseURL ?? "/" }
}

extension SitePages {
    /// Every key the page builders read from the strings file, beside the `t.` keys the
    /// templates name (checked by the theme). `SiteBuild.requirements` adds the pictures' and
    /// the feeds'.
    package static let requirements: [Strings.Requirement] =
        StatisticsCharts.requirements + UsersPages.requirements + HistoryPages.requirements
        + Achievement.all.map { Strings.Requirement("achievements." + $0.id) }
}
