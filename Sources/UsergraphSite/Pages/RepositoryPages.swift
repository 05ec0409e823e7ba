import UsergraphCore

/// `/repositories/` (own public repositories) and `/starred/`, two tabs of one view as in the app.
enum RepositoryPages {
    static func sources(_ site: SiteData) -> [PageSource] {
        [
            PageSource(path: .repositories, template: "repositories", section: .repositories) { repositoriesContext(site) },
            PageSource(path: .starred, template: "starred", section: .repositories) { starredContext(site) },
        ]
    }

    static func repositoriesContext(_ site: SiteData) -> [String: Any] {
        let page = SitePath.repositories
        // Newest push first, then by name; the keys are made once per repository, not per comparison.
        let all = site.snapshot.repositories?.value ?? []
        let keys = all.map { (date: $0.pushedAt ?? $0.updatedAt ?? "", name: $0.name.lowercased()) }
        let repos = all.indices.sorted { (keys[$0].date, keys[$1].name) > (keys[$1].date, keys[$0].name) }.map { all[$0] }
        let summary = site.statistics.report.repositories
        var context: [String: Any] = [
            "links": Links.context(from: page),
            "hasData": site.snapshot.repositories != nil,
            "repositories": repos.map { card($0, site: site) },
            "count": site.values.number(summary.count), "stars": site.values.number(summary.stars),
            "forks": site.values.number(summary.forks),
            "tabs": tabs(from: page, current: .repositories),
        ]
        if let cached = site.snapshot.repositories { context["fetchedOn"] = site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt }
        if let login = site.config.github?.login ?? site.snapshot.profile?.value.login { context["login"] = login }
        return context
    }

    static func starredContext(_ site: SiteData) -> [String: Any] {
        let page = SitePath.starred
        let items = (site.snapshot.starred?.value ?? []).sorted { ($0.starredAt ?? "") > ($1.starredAt ?? "") }
        var context: [String: Any] = [
            "links": Links.context(from: page),
            "hasData": site.snapshot.starred != nil,
            "count": site.values.number(items.count),
            "starred": items.map { item -> [String: Any] in
                var row = card(item.repo, site: site)
                if let day = site.day(ofTimestamp: item.starredAt) { row["starredOn"] = day }
                return row
            },
            "tabs": tabs(from: page, current: .starred),
        ]
        if let cached = site.snapshot.starred { context["fetchedOn"] = site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt }
        return context
    }

    static func card(_ repo: Repository, site: SiteData) -> [String: Any] {
        var row: [String: Any] = [
            "name": repo.name, "fullName": repo.fullName ?? repo.name,
            "stars": site.values.number(repo.stargazersCount ?? 0), "forks": site.values.number(repo.forksCount ?? 0),
            "isFork": repo.fork ?? false, "archived": repo.archived ?? false,
        ]
        if let url = URLCheck.safeLink(repo.htmlURL), URLCheck.isAbsoluteHTTP(url) { row["url"] = url }
        if let v = repo.description, !v.isEmpty { row["description"] = v }
        if let v = repo.language, !v.isEmpty {
            row["language"] = v
            row["languageHue"] = Int(SHA256.digest(Array(v.utf8))[0] % 360)
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
