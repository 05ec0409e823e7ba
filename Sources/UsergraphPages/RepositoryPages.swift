import UsergraphCore
import UsergraphStats

/// `/repositories/` and `/starred/`, two tabs of one view as in the app. The own repositories
/// are split like GitHub's: "Sources" (`/repositories/`) and "Forks" (`/repositories/forks/`),
/// each sorted by the latest push, with the sorts by stars and by name as pages of their own
/// (`/repositories/stars/`, `/repositories/forks/name/`), so no script is needed; every list is
/// paginated at 30 (`…/page/2/`).
package enum RepositoryPages {
    /// A repository's card is some 160 px tall on a phone, a starred one some 190: 30 a page
    /// keep a page under 8,000 px there.
    static let pageSize = 30

    package enum Kind: String, CaseIterable, Sendable {
        case sources, forks
    }

    package enum Order: String, CaseIterable, Sendable {
        case pushed, stars, name
    }

    /// One list: which repositories, in which order.
    package struct List: Hashable, Sendable {
        package var kind: Kind
        package var order: Order

        package func page(_ number: Int) -> SitePath {
            var folder = SitePath.repositories.folder
            if kind == .forks { folder += "forks/" }
            if order != .pushed { folder += order.rawValue + "/" }
            if number > 1 { folder += "page/\(number)/" }
            return SitePath(folder)
        }
    }

    static func starredPage(_ number: Int) -> SitePath { number <= 1 ? .starred : SitePath(starredFolder + "page/\(number)/") }
    /// Where every starred page is, and nothing else.
    static let starredFolder = SitePath.starred.folder
    package static let starredTemplate = "starred"

    package static func sources(_ site: SiteData) -> [PageSource] {
        lists(site) + starred(site)
    }

    /// The pages of the own repositories, in each order.
    package static func lists(_ site: SiteData) -> [PageSource] {
        var sources: [PageSource] = []
        let all = site.snapshot.repositories?.value ?? []
        let byKind: [Kind: [Repository]] = [.sources: all.filter { $0.fork != true }, .forks: all.filter { $0.fork == true }]
        for kind in Kind.allCases {
            for order in Order.allCases {
                let list = List(kind: kind, order: order)
                // Without data there is one page, which says so; the other lists need data to exist.
                guard site.snapshot.repositories != nil || list == List(kind: .sources, order: .pushed) else { continue }
                let repos = sorted(byKind[kind] ?? [], by: order)
                let pageCount = max(1, (repos.count + pageSize - 1) / pageSize)
                for number in 1...pageCount {
                    let inputs: @Sendable (inout FingerprintHasher) -> Void = { hasher in
                        let summary = site.statistics.report.repositories
                        for count in [summary.count, summary.stars, summary.forks, summary.sources, summary.forkRepositories, repos.count, pageCount] {
                            hasher.add(count)
                        }
                        hasher.add(site.snapshot.repositories?.fetchedAt ?? "")
                        hasher.add(site.snapshot.repositories != nil)
                        hasher.add(site.config.github?.login ?? site.snapshot.profile?.value.login ?? "")
                        for repo in repos.dropFirst((number - 1) * pageSize).prefix(pageSize) { fingerprint(repo, site: site, into: &hasher) }
                    }
                    sources.append(
                        PageSource(path: list.page(number), template: "repositories", section: .repositories, inputs: inputs) {
                            listFields.context(ListPage(site: site, list: list, repositories: repos, number: number, pageCount: pageCount))
                        })
                }
            }
        }
        return sources
    }

    /// The starred repositories' pages, the newest first.
    package static func starred(_ site: SiteData) -> [PageSource] {
        var sources: [PageSource] = []
        // Sorted by position with the dates read once: sorting the items themselves copied each
        // (a repository of 30 fields) at every comparison, 10 ms a build at 2,000 stars.
        let items = site.snapshot.starred?.value ?? []
        let dates = items.map { $0.starredAt ?? "" }
        let starred = items.indices.sorted { dates[$0] > dates[$1] }.map { items[$0] }
        let starredPages = max(1, (starred.count + pageSize - 1) / pageSize)
        for number in 1...starredPages {
            let inputs: @Sendable (inout FingerprintHasher) -> Void = { hasher in
                hasher.add(starred.count); hasher.add(starredPages)
                hasher.add(site.snapshot.starred?.fetchedAt ?? "")
                hasher.add(site.snapshot.starred != nil)
                hasher.add(site.config.github?.login ?? site.snapshot.profile?.value.login ?? "")
                for item in starred.dropFirst((number - 1) * pageSize).prefix(pageSize) {
                    hasher.add(item.starredAt ?? "")
                    fingerprint(item.repo, site: site, into: &hasher)
                }
            }
            sources.append(
                PageSource(path: starredPage(number), template: starredTemplate, section: .repositories, inputs: inputs) {
                    starredFields.context(StarredPage(site: site, items: starred, number: number, pageCount: starredPages))
                })
        }
        return sources
    }

    /// The keys are made once per repository, not per comparison; ties fall to the name, so
    /// the order (and every page's bytes) is the same on every run.
    package static func sorted(_ repos: [Repository], by order: Order) -> [Repository] {
        let keys = repos.map { (date: $0.pushedAt ?? $0.updatedAt ?? "", name: $0.name.lowercased(), stars: $0.stargazersCount ?? 0) }
        let indices: [Int]
        switch order {
        case .pushed:
            indices = repos.indices.sorted { (keys[$0].date, keys[$1].name) > (keys[$1].date, keys[$0].name) }
        case .stars:
            indices = repos.indices.sorted {
                keys[$0].stars != keys[$1].stars
                    ? keys[$0].stars > keys[$1].stars
                    : keys[$0].date != keys[$1].date ? keys[$0].date > keys[$1].date : keys[$0].name < keys[$1].name
            }
        case .name:
            indices = repos.indices.sorted { keys[$0].name != keys[$1].name ? keys[$0].name < keys[$1].name : repos[$0].name < repos[$1].name }
        }
        return indices.map { repos[$0] }
    }

    /// Page `number` of one list of the own repositories.
    struct ListPage {
        let site: SiteData
        let list: List
        let repositories: [Repository]
        let number: Int
        let pageCount: Int

        var page: SitePath { list.page(number) }
        var shown: ArraySlice<Repository> { repositories.dropFirst((number - 1) * pageSize).prefix(pageSize) }
        var summary: RepositorySummary { site.statistics.report.repositories }
    }

    static let listFields = TemplateFields<ListPage>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .flag("hasData") { $0.site.snapshot.repositories != nil },
        .list("repositories", cardFields) { list in list.shown.map { RepositoryCard(repo: $0, site: list.site) } },
        .number("count") { $0.site.values.number($0.summary.count) },
        .number("stars") { $0.site.values.number($0.summary.stars) },
        .number("forks") { $0.site.values.number($0.summary.forks) },
        .number("sources") { $0.site.values.number($0.summary.sources) },
        .number("forkRepositories") { $0.site.values.number($0.summary.forkRepositories) },
        .flag("onSources") { $0.list.kind == .sources },
        .flag("onForks") { $0.list.kind == .forks },
        .number("listCount") { $0.site.values.number($0.repositories.count) },
        .number("first") { $0.site.values.number(($0.number - 1) * pageSize + 1) },
        .number("last") { $0.site.values.number(($0.number - 1) * pageSize + $0.shown.count) },
        .object("kinds", kinds) { $0 },
        .list("sorts", sort) { list in Order.allCases.map { (list, $0) } },
        .flag("byStars") { $0.list.order == .stars },
        .flag("byName") { $0.list.order == .name },
        .object("tabs", tabs) { ($0.page, SitePath.repositories) },
        .date("fetchedOn?") { list in list.site.snapshot.repositories.map { list.site.day(ofTimestamp: $0.fetchedAt) ?? $0.fetchedAt } },
        .text("login?") { $0.site.config.github?.login ?? $0.site.snapshot.profile?.value.login },
        .object("pagination?", Pagination.fields) { Pagination(number: $0.number, total: $0.pageCount, from: $0.page, path: $0.list.page) },
    ])

    /// The links to the same order's sources and forks.
    static let kinds = TemplateFields<ListPage>([
        .text("sources") { $0.page.link(to: List(kind: .sources, order: $0.list.order).page(1)) },
        .text("forks") { $0.page.link(to: List(kind: .forks, order: $0.list.order).page(1)) },
    ])

    /// The links to the same kind in each order.
    static let sort = TemplateFields<(list: ListPage, order: Order)>([
        .text("url") { $0.list.page.link(to: List(kind: $0.list.list.kind, order: $0.order).page(1)) },
        .flag("current") { $0.order == $0.list.list.order },
        .flag("byPush") { $0.order == .pushed },
        .flag("byStars") { $0.order == .stars },
        .flag("byName") { $0.order == .name },
    ])

    /// Page `number` of the starred repositories.
    struct StarredPage {
        let site: SiteData
        let items: [StarredItem]
        let number: Int
        let pageCount: Int

        var page: SitePath { starredPage(number) }
        var shown: ArraySlice<StarredItem> { items.dropFirst((number - 1) * pageSize).prefix(pageSize) }
    }

    static let starredFields = TemplateFields<StarredPage>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .flag("hasData") { $0.site.snapshot.starred != nil },
        .number("count") { $0.site.values.number($0.items.count) },
        .number("listCount") { $0.site.values.number($0.items.count) },
        .number("first") { $0.site.values.number(($0.number - 1) * pageSize + 1) },
        .number("last") { $0.site.values.number(($0.number - 1) * pageSize + $0.shown.count) },
        .list("starred", starredCard) { list in list.shown.map { (RepositoryCard(repo: $0.repo, site: list.site), $0.starredAt) } },
        .object("tabs", tabs) { ($0.page, SitePath.starred) },
        .date("fetchedOn?") { list in list.site.snapshot.starred.map { list.site.day(ofTimestamp: $0.fetchedAt) ?? $0.fetchedAt } },
        .object("pagination?", Pagination.fields) { Pagination(number: $0.number, total: $0.pageCount, from: $0.page, path: starredPage) },
    ])

    /// A starred repository: its card and when it was starred.
    static let starredCard =
        cardFields.reading { (starred: (card: RepositoryCard, starredAt: String?)) in starred.card }
        + TemplateFields([.date("starredOn?") { $0.card.site.day(ofTimestamp: $0.starredAt) }])

    /// What `card` shows of a repository, for a list page's fingerprint: every field it reads,
    /// the owner (the list adds the login it is compared with), and its language's colour.
    package static func fingerprint(_ repo: Repository, site: SiteData, into hasher: inout FingerprintHasher) {
        // Field by field, not through arrays: 6,000 repositories a build (each list order, and
        // the starred ones) made two arrays each.
        hasher.add(repo.name); hasher.add(repo.fullName ?? ""); hasher.add(repo.owner?.login ?? ""); hasher.add(repo.htmlURL ?? "")
        hasher.add(repo.description ?? ""); hasher.add(repo.language ?? ""); hasher.add(repo.language.map(site.languageColor) ?? "")
        hasher.add(repo.pushedAt ?? ""); hasher.add(repo.updatedAt ?? "")
        hasher.add(repo.stargazersCount ?? -1); hasher.add(repo.forksCount ?? -1)
        hasher.add(repo.fork ?? false); hasher.add(repo.archived ?? false)
    }

    /// A repository as a card. The owner's name is left out of their own repositories' titles,
    /// as on GitHub's list, and kept for anyone else's (a starred repository).
    package struct RepositoryCard {
        let repo: Repository
        let site: SiteData

        var own: Bool {
            let login = site.config.github?.login ?? site.snapshot.profile?.value.login
            return login.map { repo.owner?.login.lowercased() == $0.lowercased() } ?? false
        }
    }

    static let cardFields = TemplateFields<RepositoryCard>([
        .text("name") { $0.repo.name },
        .text("fullName") { $0.own ? $0.repo.name : $0.repo.fullName ?? $0.repo.name },
        .number("stars") { $0.site.values.number($0.repo.stargazersCount ?? 0) },
        .number("forks") { $0.site.values.number($0.repo.forksCount ?? 0) },
        .flag("isFork") { $0.repo.fork ?? false },
        .flag("archived") { $0.repo.archived ?? false },
        .text("url?") { URLCheck.safeLink($0.repo.htmlURL).flatMap { URLCheck.isAbsoluteHTTP($0) ? $0 : nil } },
        .text("description?") { nonEmpty($0.repo.description).map(EmojiShortcodes.render) },
        .text("language?") { nonEmpty($0.repo.language) },
        .text("languageColor?") { card in nonEmpty(card.repo.language).map(card.site.languageColor) },
        .date("updatedOn?") { $0.site.day(ofTimestamp: $0.repo.pushedAt ?? $0.repo.updatedAt) },
    ])

    /// The tabs between the repositories and the starred ones, from `page` on the tab `current`.
    static let tabs = TemplateFields<(page: SitePath, current: SitePath)>([
        .text("repositories") { $0.page.link(to: .repositories) },
        .text("starred") { $0.page.link(to: .starred) },
        .flag("onRepositories") { $0.current == .repositories },
        .flag("onStarred") { $0.current == .starred },
    ])
}
