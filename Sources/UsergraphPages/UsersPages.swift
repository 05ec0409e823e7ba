import Foundation
import UsergraphCore
import UsergraphStats

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
                        return listFields.context(
                            ListPage(
                                site: site, filter: filter, number: number, count: users.count, online: online, matching: matching.count,
                                shown: shown, pageCount: pageCount))
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
                    listFields.context(
                        ListPage(
                            site: site, filter: .all, number: nil, count: users.count, online: online, matching: users.count,
                            shards: shards.count))
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

    /// Page `number` of a list, showing `shown` of the `matching` users its filter lets through
    /// out of `count`; or, without a number, the search page.
    ///
    /// The search page's script finds users by name in the index scripts (`indexScripts`),
    /// which hold everyone, `searchShardSize` to a file. In files of their own, a one-user
    /// change rewrites one of them, not a page of everyone (14.5 MB at 100,000 users, and 60 MB
    /// of a build's peak to render through the template and cmark), and a phone loads a page
    /// that lists only what matches.
    struct ListPage {
        let site: SiteData
        let filter: UserFilter
        /// Nil on the search page.
        let number: Int?
        let count: Int
        let online: Int
        let matching: Int
        var shown: [DirectoryUser] = []
        var pageCount = 1
        var shards = 0

        var page: SitePath { number.map(filter.page) ?? search }
        var first: Int? { number.map { ($0 - 1) * pageSize + 1 } }
    }

    static let listFields = TemplateFields<ListPage>([
        .object("links", keys: Links.keys) { Links.context(from: $0.page) },
        .flag("hasData") { $0.site.snapshot.users != nil },
        .number("count") { $0.site.values.number($0.count) },
        .number("online") { $0.site.values.number($0.online) },
        .list("filters?", UserFilter.barFields) { $0.filter.bar($0.site, from: $0.page) },
        .flag("filtered?") { $0.filter != .all },
        .number("matching?") { $0.site.values.number($0.matching) },
        .text("searchURL?") { $0.page.link(to: search) },
        .list("users?", cardFields) { list in
            list.number.map { _ in
                list.shown.map { UserCard(user: $0, site: list.site, page: list.page, avatar: list.site.avatars.sitePath(forURL: $0.avatar?.url)) }
            }
        },
        .number("first?") { list in list.first.map(list.site.values.number) },
        .number("last?") { list in list.first.map { list.site.values.number($0 + list.shown.count - 1) } },
        .date("fetchedOn?") { list in list.site.snapshot.users.map { list.site.day(ofTimestamp: $0.fetchedAt) ?? $0.fetchedAt } },
        .object("pagination?", Pagination.fields) { list in
            list.number.flatMap { Pagination(number: $0, total: list.pageCount, from: list.page, path: list.filter.page) }
        },
        .flag("search?") { $0.number == nil ? true : nil },
        .list("indexScripts?", indexScript) { list in list.number == nil ? (0..<list.shards).map { (list.page, $0 + 1) } : nil },
        .int("shownAtMost?") { $0.number == nil ? pageSize : nil },
    ])

    static let indexScript = TemplateFields<(page: SitePath, number: Int)>([.text("url") { $0.page.link(to: searchShard($0.number)) }])

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

    /// One user as the list shows them; the user's own page shows it with a bigger avatar.
    /// `avatar` is the stored avatar's site path, looked up once per page by the caller.
    package struct UserCard {
        let user: DirectoryUser
        let site: SiteData
        let page: SitePath
        let avatar: String?
        var avatarSize = 48
        var eager = false
    }

    static let cardFields = TemplateFields<UserCard>([
        .int("id") { $0.user.id },
        .text("username") { $0.user.username },
        .number("age") { $0.site.values.number($0.user.age) },
        .flag("online") { $0.user.isOnline },
        .text("url") { $0.page.link(to: .user($0.user.id)) },
        .html("avatar") { card in
            card.site.avatars.html(sitePath: card.avatar, name: card.user.username, size: card.avatarSize, from: card.page, eager: card.eager)
        },
        .flag("isMan?") { $0.user.sex == "M" ? true : nil },
        .flag("isWoman?") { $0.user.sex == "W" ? true : nil },
        // Any other value is shown as the theme's word, not as it is.
        .flag("otherSex?") { $0.user.sex == "M" || $0.user.sex == "W" ? nil : true },
    ])

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
        // Each stored file is found by hashing its URL, so the avatar's is hashed once and reused.
        let avatarURL = user.avatar?.url
        let avatar = site.avatars.sitePath(forURL: avatarURL)
        let files = (user.files ?? []).compactMap { file -> ShownFile? in
            if let local = file.url == avatarURL ? avatar : site.avatars.sitePath(forURL: file.url) {
                return ShownFile(file: file, source: .local(local))
            }
            if let remote = URLCheck.safeLink(file.url), URLCheck.isAbsoluteHTTP(remote) { return ShownFile(file: file, source: .remote(remote)) }
            return nil  // neither stored nor at a safe address: not shown
        }
        let card = UserCard(user: user, site: site, page: .user(user.id), avatar: avatar, avatarSize: 128, eager: true)
        return userFields.context(UserPage(card: card, listPage: listPage, files: files))
    }

    /// A user's page: their card, their files and their activity.
    struct UserPage {
        let card: UserCard
        let listPage: Int
        let files: [ShownFile]

        var site: SiteData { card.site }
        var page: SitePath { card.page }
    }

    static let userFields =
        cardFields.reading { (page: UserPage) in page.card }
        + TemplateFields<UserPage>([
            .object("links", keys: Links.keys) { Links.context(from: $0.page) },
            .text("back") { $0.page.link(to: .usersPage($0.listPage)) },
            .list("files", fileFields) { user in user.files.map { (user, $0) } },
            .flag("hasFiles") { !$0.files.isEmpty },
            .object("activity", activityFields) { ($0.site.values, $0.site.statistics.details.activityByUser[$0.card.user.id]) },
        ])

    /// A file a user's page shows, from the store (its site path) or from its own address.
    struct ShownFile {
        enum Source {
            case local(String)
            case remote(String)
        }

        let file: UserFile
        let source: Source

        var local: String? { if case .local(let path) = source { path } else { nil } }
        var remote: String? { if case .remote(let url) = source { url } else { nil } }
    }

    static let fileFields = TemplateFields<(page: UserPage, shown: ShownFile)>([
        .int("id") { $0.shown.file.id },
        .text("type") { $0.shown.file.type },
        .flag("isAvatar") { $0.shown.file.type == "avatar" },
        .text("typeName") { $0.page.site.strings.optionalText("fileTypes." + $0.shown.file.type) ?? $0.shown.file.type },
        .text("src?") { file in file.shown.local.map { file.page.page.link(toFile: $0) } },
        .flag("local?") { $0.shown.local == nil ? nil : true },
        // Shown 128 px wide at its own shape (photos are often 4:3).
        .int("width?") { $0.shown.local == nil ? nil : fileWidth },
        .int("height?") { file in
            file.shown.local.map { file.page.site.avatars.imageSize(sitePath: $0)?.height(atWidth: fileWidth) ?? fileWidth }
        },
        .text("remote?") { $0.shown.remote },
    ])

    static let activityFields = TemplateFields<(values: TemplateValues, activity: UserActivity?)>([
        .number("views") { $0.values.number($0.activity?.views ?? 0) },
        .number("subscriptions") { $0.values.number($0.activity?.subscriptions ?? 0) },
        .number("unsubscriptions") { $0.values.number($0.activity?.unsubscriptions ?? 0) },
        .flag("hasVisited") { $0.activity?.lastVisit != nil },
        .date("lastVisit?") { a in a.activity?.lastVisit.map(a.values.date) },
    ])
}
