import UsergraphCore
import UsergraphStats

/// One combination of the users directory's filters, pre-rendered as its own pages so it works
/// without a script and from disk: status (everyone or online), sex (everyone, women, men) and
/// age (every bucket or one). The unfiltered list stays at `/users/`; the others live at
/// `/users/{status}/{sex}/{age}/` (`/users/online/women/26-30/`), each paginated at 100.
package struct UserFilter: Hashable, Sendable {
    package var online: Bool
    /// nil, "W" or "M".
    package var sex: String?
    /// An index into `AgeBucket.names`, or nil.
    package var bucket: Int?

    package static let all = UserFilter(online: false, sex: nil, bucket: nil)

    package static var every: [UserFilter] {
        var filters: [UserFilter] = []
        for online in [false, true] {
            for sex in [nil, "W", "M"] as [String?] {
                for bucket in [nil] + AgeBucket.names.indices.map(Optional.init) {
                    filters.append(UserFilter(online: online, sex: sex, bucket: bucket))
                }
            }
        }
        return filters
    }

    package func matches(_ user: DirectoryUser) -> Bool {
        (!online || user.isOnline) && (sex == nil || user.sex == sex)
            && (bucket == nil || AgeBucket.index(forAge: user.age) == bucket)
    }

    /// Path segments: `all`/`online`, `all`/`women`/`men`, `all`/`18-21`…`51-plus`.
    package var folder: String {
        let status = online ? "online" : "all"
        let sexSlug = sex == "W" ? "women" : sex == "M" ? "men" : "all"
        let age = bucket.map { AgeBucket.names[$0].replacingOccurrences(of: "+", with: "-plus") } ?? "all"
        return "users/\(status)/\(sexSlug)/\(age)/"
    }

    package func page(_ number: Int) -> SitePath {
        guard self != .all else { return .usersPage(number) }
        return number <= 1 ? SitePath(folder) : SitePath(folder + "page/\(number)/")
    }

    /// One group of the filter bar (status, sex, age) and its options.
    package struct BarGroup {
        let name: String
        let options: [(label: String, url: String, current: Bool)]
    }

    package static let barFields = TemplateFields<BarGroup>([
        .text("name") { $0.name },
        .list("options", optionFields) { $0.options },
    ])

    static let optionFields = TemplateFields<(label: String, url: String, current: Bool)>([
        .text("label") { $0.label },
        .text("url") { $0.url },
        .flag("current") { $0.current },
    ])

    /// The filter bar: each option links to the first page of this filter with that one changed.
    package func bar(_ site: SiteData, from page: SitePath) -> [BarGroup] {
        let s = site.strings
        func option(_ label: String, _ filter: UserFilter) -> (label: String, url: String, current: Bool) {
            (label, page.link(to: filter.page(1)), filter == self)
        }
        var status = self, women = self, men = self, anySex = self, anyStatus = self
        status.online = true; anyStatus.online = false
        women.sex = "W"; men.sex = "M"; anySex.sex = nil
        var ages = [option(s.text("users.filterAnyAge"), UserFilter(online: online, sex: sex, bucket: nil))]
        for index in AgeBucket.names.indices {
            ages.append(option(AgeBucket.names[index], UserFilter(online: online, sex: sex, bucket: index)))
        }
        return [
            BarGroup(
                name: s.text("users.filterStatus"), options: [option(s.text("users.filterEveryone"), anyStatus), option(s.text("users.online"), status)]),
            BarGroup(
                name: s.text("users.filterSex"),
                options: [
                    option(s.text("users.filterEveryone"), anySex), option(s.text("users.filterWomen"), women), option(s.text("users.filterMen"), men),
                ]),
            BarGroup(name: s.text("users.filterAge"), options: ages),
        ]
    }
}
