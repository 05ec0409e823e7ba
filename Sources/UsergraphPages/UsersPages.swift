import Foundation
import UsergraphCore

/// `/users/` (paginated at 100: `/users/page/N/`), the same list filtered by status, sex and
/// age (see `UserFilter`), `/users/search/` (a name search as you type, by a small inline script
/// over the index scripts beside it), and one page per user at `/users/{id}/`.
package enum UsersPages {
    static let pageSize = 100
    package static let search = SitePath("users/search/")
    package static let listTemplate = "users"
    package static let userTemplate = "user"
    /// Where every page and file of the directory is, and nothing else.
    package static let folder = "users/"

    package static func sources(_ site: SiteData) -> [PageSource] {
        let users = sortedUsers(site)
        let online = users.reduce(0) { $0 + ($1.isOnline ? 1 : 0) }
        // What each user's card and page show of them, hashed once (a user is on ten pages or
        // so), on all cores: each looks its stored files up by the SHA-256 of their URLs.
        let digests = Parallel.map(users.count) { index -> PageFingerprint in
            var hasher = FingerprintHasher()
            fingerprint(users[index], site: site, into: &hasher)
            return hasher.finish()
        }
        var sources: [PageSource] = []
        for filter in UserFilter.every where filter == .all || site.snapshot.users != nil {
            // Positions in `users`, not copies of them, and 32-bit: 47 lists hold every user 8
            // times over (6.4 MB of 64-bit positions at 100,000 users).
            let matching = Array(users.indices.lazy.filter { filter == .all || filter.matches(users[$0]) }.map { Int32($0) })
            let pageCount = max(1, (matching.count + pageSize - 1) / pageSize)
            for number in 1...pageCount {
                let inputs: @Sendable (inout FingerprintHasher) -> Void = { hasher in
                    hasher.add(online); hasher.add(users.count); hasher.add(matching.count); hasher.add(pageCount)
                    hasher.add(site.snapshot.users?.fetchedAt ?? "")
                    for index in matching.dropFirst((number - 1) * pageSize).prefix(pageSize) { hasher.add(digests[Int(index)]) }
                }
                sources.append(
                    PageSource(path: filter.page(number), template: listTemplate, section: .users, inputs: inputs) {
                        let shown = matching.dropFirst((number - 1) * pageSize).prefix(pageSize).map { users[Int($0)] }
                        return listContext(
                            site, shown: shown, matching: matching.count, online: online, total: users.count, filter: filter,
                            number: number, pageCount: pageCount)
                    })
            }
        }
        if site.snapshot.users != nil {
            // The page shows counts only; who is in the index is the index scripts' part.
            let inputs: @Sendable (inout FingerprintHasher) -> Void = { hasher in
                hasher.add(online); hasher.add(users.count)
                hasher.add(site.snapshot.users?.fetchedAt ?? "")
            }
            let shards = stride(from: 0, to: users.count, by: searchShardSize).map { $0..<min($0 + searchShardSize, users.count) }
            sources.append(
                PageSource(path: search, template: listTemplate, section: .users, inputs: inputs) {
                    searchContext(site, users: users, online: online, shards: shards.count)
                })
            for (number, shard) in zip(1..., shards) {
                sources.append(
                    PageSource(
                        file: searchShard(number), section: .users,
                        inputs: { hasher in
                            hasher.add(shard.lowerBound)
                            for index in shard { hasher.add(digests[index]) }
                        }
                    ) {
                        searchShardScript(site, users: users[shard])
                    })
            }
        }
        // Each user page holds the shared directory and a position: not a copy of their user
        // (about 5 MB at 100,000 users), nor closures of its own (10 MB).
        let directory = Directory(site: site, users: users, digests: digests)
        for index in users.indices {
            sources.append(PageSource(path: .user(users[index].id), template: userTemplate, section: .users, family: directory, position: index))
        }
        return sources
    }

    /// What every user page reads, shared by them all.
    package final class Directory: PageFamily {
        package let site: SiteData
        package let users: [DirectoryUser]
        let digests: [PageFingerprint]

        package init(site: SiteData, users: [DirectoryUser], digests: [PageFingerprint]) {
            self.site = site; self.users = users; self.digests = digests
        }

        /// The list page that shows the user at `index`, which their page links back to.
        func listPage(ofUserAt index: Int) -> Int { index / pageSize + 1 }

        package func addInputs(at index: Int, to hasher: inout FingerprintHasher) {
            hasher.add(listPage(ofUserAt: index))
            hasher.add(digests[index])
            let activity = site.statistics.details.activityByUser[users[index].id]
            hasher.add(activity?.views ?? 0); hasher.add(activity?.subscriptions ?? 0); hasher.add(activity?.unsubscriptions ?? 0)
            hasher.add(activity?.lastVisit?.number ?? -1)
        }

        package func context(at index: Int) -> [String: Any] {
            userContext(site, user: users[index], listPage: listPage(ofUserAt: index))
        }
    }

    /// By id, so a user's list page (and so every URL) is stable between runs.
    /// Ids are the only thing a path is made of, and duplicates are dropped.
    static func sortedUsers(_ site: SiteData) -> [DirectoryUser] {
        let users = site.snapshot.users?.value ?? []
        // A store whose ids already rise, with no repeats, as the directory's pages give them, is
        // used as it is: the list shares the store's storage instead of being a copy (12 MB at
        // 100,000 users).
        if users.first.map({ $0.id >= 0 }) ?? true, zip(users, users.dropFirst()).allSatisfy({ $0.id < $1.id }) { return users }
        var seen = Set<Int>()
        return users.filter { $0.id >= 0 && seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// Page `number` of a list, showing `shown` of the `matching` users its filter lets through.
    static func listContext(
        _ site: SiteData, shown slice: [DirectoryUser], matching: Int, online: Int, total: Int, filter: UserFilter,
        number: Int, pageCount: Int
    ) -> [String: Any] {
        let page = filter.page(number)
        var context: [String: Any] = [
            "links": Links.context(from: page),
            "hasData": site.snapshot.users != nil,
            "count": site.values.number(total),
            "online": site.values.number(online),
            "filters": filter.bar(site, from: page),
            "filtered": filter != .all,
            "matching": site.values.number(matching),
            "searchURL": page.link(to: search),
            "users": slice.map { card($0, site: site, from: page, avatar: site.avatars.sitePath(forURL: $0.avatar?.url)) },
            "first": site.values.number((number - 1) * pageSize + 1),
            "last": site.values.number((number - 1) * pageSize + slice.count),
        ]
        if let cached = site.snapshot.users { context["fetchedOn"] = site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt }
        context["pagination"] = Pagination.context(number: number, total: pageCount, from: page, path: filter.page)
        return context
    }

    /// The search page: its script finds users by name in the index scripts (`indexScripts`),
    /// which hold everyone, `searchShardSize` to a file. In files of their own, a one-user
    /// change rewrites one of them, not a page of everyone (14.5 MB at 100,000 users, and 60 MB
    /// of a build's peak to render through the template and cmark), and a phone loads a page
    /// that lists only what matches.
    static func searchContext(_ site: SiteData, users: [DirectoryUser], online: Int, shards: Int) -> [String: Any] {
        let page = search
        var context: [String: Any] = [
            "links": Links.context(from: page), "hasData": true, "search": true,
            "count": site.values.number(users.count), "online": site.values.number(online),
            "filters": UserFilter.all.bar(site, from: page), "filtered": false, "matching": site.values.number(users.count),
            "searchURL": page.link(to: search),
            "indexScripts": (0..<shards).map { ["url": page.link(to: searchShard($0 + 1))] },
            "shownAtMost": pageSize,
        ]
        if let cached = site.snapshot.users { context["fetchedOn"] = site.day(ofTimestamp: cached.fetchedAt) ?? cached.fetchedAt }
        return context
    }

    /// Users per index script: about 0.35 MB each.
    static let searchShardSize = 5_000

    static func searchShard(_ number: Int) -> SitePath { SitePath(search.folder, fileName: "users-\(number).js") }

    /// The code's strings the index scripts are written with.
    package static let requirements =
        [Strings.Requirement("count.years", .plural)]
        + ["sex.manShort", "sex.womanShort", "sex.otherShort", "users.online"].map { Strings.Requirement($0) }

    /// One index script: adds its users to `usergraphUsers` as [name, link from the search
    /// page, what the list says of them], as the search page's script expects them.
    static func searchShardScript(_ site: SiteData, users: ArraySlice<DirectoryUser>) -> Data {
        let strings = site.strings
        let man = strings.text("sex.manShort"), woman = strings.text("sex.womanShort"), otherWord = strings.text("sex.otherShort")
        let onlineWord = strings.text("users.online")
        var script = Array("(window.usergraphUsers = window.usergraphUsers || []).push(\n".utf8)
        script.reserveCapacity(users.count * 80)
        // Each age's phrase made once: filling the plural form for each of 5,000 users was half
        // the time of making a shard.
        var years: [Int: String] = [:]
        for (position, user) in zip(0..., users) {
            let age = years[user.age] ?? strings.plural("count.years", user.age)
            years[user.age] = age
            var about = age + " · "
            switch user.sex {
            case "M": about += man
            case "W": about += woman
            default: about += otherWord
            }
            if user.isOnline { about += " · " + onlineWord }
            if position > 0 { script.append(contentsOf: ",\n".utf8) }
            script.append(UInt8(ascii: "["))
            JavaScript.appendString(ControlCharacters.strip(user.username), to: &script)
            script.append(UInt8(ascii: ","))
            JavaScript.appendString(search.link(to: .user(user.id)), to: &script)
            script.append(UInt8(ascii: ","))
            JavaScript.appendString(about, to: &script)
            script.append(UInt8(ascii: "]"))
        }
        script.append(contentsOf: "\n);\n".utf8)
        return Data(script)
    }

    /// One user as the list shows them; the user's own page reuses it with a bigger avatar.
    /// `avatar` is the stored avatar's site path, looked up once per page by the caller.
    package static func card(
        _ user: DirectoryUser, site: SiteData, from page: SitePath, avatar: String?, avatarSize: Int = 48,
        eager: Bool = false
    ) -> [String: Any] {
        var card: [String: Any] = [
            "id": user.id, "username": user.username, "age": site.values.number(user.age), "online": user.isOnline,
            "url": page.link(to: .user(user.id)),
            "avatar": site.avatars.html(sitePath: avatar, name: user.username, size: avatarSize, from: page, eager: eager),
        ]
        switch user.sex {
        case "M": card["isMan"] = true
        case "W": card["isWoman"] = true
        default: card["otherSex"] = true  // shown as the theme's word, not the raw value
        }
        return card
    }

    static let fileWidth = 128

    /// What a user's card and page show of them: their fields and, for each file, where the
    /// store keeps it. `update` never changes a stored file under its name (files are named by
    /// the hash of their URL and downloaded only when missing), but a person may remove one to
    /// have it downloaded again: its inode then stands for its new content and size.
    package static func fingerprint(_ user: DirectoryUser, site: SiteData, into hasher: inout FingerprintHasher) {
        hasher.add(user.id); hasher.add(user.username); hasher.add(user.age); hasher.add(user.isOnline); hasher.add(user.sex)
        for file in user.files ?? [] {
            hasher.add(file.id); hasher.add(file.url); hasher.add(file.type)
            site.avatars.addInputs(forURL: file.url, to: &hasher)
        }
        hasher.add(user.files == nil)
    }

    static func userContext(_ site: SiteData, user: DirectoryUser, listPage: Int) -> [String: Any] {
        let page = SitePath.user(user.id)
        // Each stored file is found by hashing its URL, so the avatar's is hashed once and reused.
        let avatarURL = user.avatar?.url
        let avatar = site.avatars.sitePath(forURL: avatarURL)
        var context = card(user, site: site, from: page, avatar: avatar, avatarSize: 128, eager: true)
        context["links"] = Links.context(from: page)
        context["back"] = page.link(to: .usersPage(listPage))
        let files = (user.files ?? []).compactMap { file -> [String: Any]? in
            var row: [String: Any] = [
                "id": file.id, "type": file.type, "isAvatar": file.type == "avatar",
                "typeName": site.strings.optionalText("fileTypes." + file.type) ?? file.type,
            ]
            if let local = file.url == avatarURL ? avatar : site.avatars.sitePath(forURL: file.url) {
                row["src"] = page.link(toFile: local)
                row["local"] = true
                // Shown 128 px wide at its own shape (photos are often 4:3).
                row["width"] = Self.fileWidth
                row["height"] = site.avatars.imageSize(sitePath: local)?.height(atWidth: Self.fileWidth) ?? Self.fileWidth
            } else if let remote = URLCheck.safeLink(file.url), URLCheck.isAbsoluteHTTP(remote) {
                row["remote"] = remote
            } else {
                return nil
            }
            return row
        }
        context["files"] = files
        context["hasFiles"] = !files.isEmpty
        let activity = site.statistics.details.activityByUser[user.id]
        var activityContext: [String: Any] = [
            "views": site.values.number(activity?.views ?? 0),
            "subscriptions": site.values.number(activity?.subscriptions ?? 0),
            "unsubscriptions": site.values.number(activity?.unsubscriptions ?? 0),
            "hasVisited": activity?.lastVisit != nil,
        ]
        if let day = activity?.lastVisit { activityContext["lastVisit"] = site.values.date(day) }
        context["activity"] = activityContext
        return context
    }
}
