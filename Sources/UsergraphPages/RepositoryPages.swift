import UsergraphCore

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
                            repositoriesContext(site, list: list, repositories: repos, number: number, pageCount: pageCount)
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
                    starredContext(site, items: starred, number: number, pageCount: starredPages)
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

    static func repositoriesContext(_ site: SiteData, list: List, repositories: [Repository], number: Int, pageCount: Int) -> [String: Any] {
        let page = list.page(number)
        let summary = site.statistics.report.repositories
        let v = site.values
        let slice = repositories.dropFirst((number - 1) * pageSize).prefix(pageSize)
        var context: [String: Any] = [
            "links": Links.context(from: page),
            "hasData": site.snapshot.repositories != nil,
            "repositories": slice.map { card($0, site: site) },
            "count": v.number(summary.count), "stars": v.number(summary.stars), "forks": v.number(summary.forks),
            "sources": v.number(summary.sources), "forkRepositories": v.number(summary.forkRepositories),
            "onSources": list.kind == .sources, "onForks": list.kind == .forks,
            "listCount": v.number(repositories.count),
            "first": v.number((number - 1) * pageSize + 1), "last": v.number((number - 1) * pageSize + slice.count),
            "kinds": [
                "sources": page.link(to: List(kind: .sources, order: list.order).page(1)),
                "forks": page.link(to: List(kind: .forks, order: list.order).page(1)),
            ],
            "sorts": Order.allCases.map { order -> [String: Any] in
                [
                    "url": page.link(to: List(kind: list.kind, order: order).page(1)), "current": order == list.order,
                    "byPush": order == .pushed, "byStars": order == .stars, "byName": order == .name,
                ]
            },
            "byStars": list.order == .stars, "byName": list.order == .name,
            "tabs": tabs(from: page, current: .repositories),
        ]
        if let cached = site.snapshot.repositories { context["fetchedOn"] = site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt }
        if let login = site.config.github?.login ?? site.snapshot.profile?.value.login { context["login"] = login }
        context["pagination"] = Pagination.context(number: number, total: pageCount, from: page, path: list.page)
        return context
    }

    static func starredContext(_ site: SiteData, items: [StarredItem], number: Int, pageCount: Int) -> [String: Any] {
        let page = starredPage(number)
        let slice = items.dropFirst((number - 1) * pageSize).prefix(pageSize)
        var context: [String: Any] = [
            "links": Links.context(from: page),
            "hasData": site.snapshot.starred != nil,
            "count": site.values.number(items.count), "listCount": site.values.number(items.count),
            "first": site.values.number((number - 1) * pageSize + 1), "last": site.values.number((number - 1) * pageSize + slice.count),
            "starred": slice.map { item -> [String: Any] in
                var row = card(item.repo, site: site)
                if let day = site.day(ofTimestamp: item.starredAt) { row["starredOn"] = day }
                return row
            },
            "tabs": tabs(from: page, current: .starred),
        ]
        if let cached = site.snapshot.starred { context["fetchedOn"] = site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt }
        context["pagination"] = Pagination.context(number: number, total: pageCount, from: page, path: starredPage)
        return context
    }

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
    package static func card(_ repo: Repository, site: SiteData) -> [String: Any] {
        let login = site.config.github?.login ?? site.snapshot.profile?.value.login
        let own = login.map { repo.owner?.login.lowercased() == $0.lowercased() } ?? false
        var row: [String: Any] = [
            "name": repo.name, "fullName": own ? repo.name : repo.fullName ?? repo.name,
            "stars": site.values.number(repo.stargazersCount ?? 0), "forks": site.values.number(repo.forksCount ?? 0),
            "isFork": repo.fork ?? false, "archived": repo.archived ?? false,
        ]
        if let url = URLCheck.safeLink(repo.htmlURL), URLCheck.isAbsoluteHTTP(url) { row["url"] = url }
        if let v = repo.description, !v.isEmpty { row["description"] = EmojiShortcodes.render(v) }
        if let v = repo.language, !v.isEmpty {
            row["language"] = v
            row["languageColor"] = site.languageColor(v)
        }
        if let v = site.day(ofTimestamp: repo.pushedAt ?? repo.updatedAt) { row["updatedOn"] = v }
        return row
    }

    static func tabs(from page: SitePath, current: SitePath) -> [String: Any] {
        [
            "repositories": page.link(to: .repositories), "starred": page.link(to: .starred),
            "onRepositories": current == .repositories, "onStarred": current == .starred,
        ]
    }
}
