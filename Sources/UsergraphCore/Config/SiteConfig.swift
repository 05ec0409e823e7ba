import Foundation

/// `usergraph.yml`, validated, with every path made absolute against the config's folder.
public struct SiteConfig: Sendable {
    public var title: String
    /// Ends with `/`; nil means every link is relative and there is no sitemap.
    public var baseURL: String?
    public var language: String
    public var timeZone: TimeZone
    public var asOf: Day?
    /// The folder the config file lives in.
    public var root: String
    public var store: String
    public var output: String
    public var templates: String
    public var publicFolder: String
    public var github: GitHubSource?
    public var usersURL: String?
    public var statisticsURL: String?
    public var cacheMaxAge: Int
    /// `goals.steps`: the day's step goal.
    public var stepsGoal: Int
    /// `privacy`: the users directory is other people's data.
    public var privacy = Privacy()
    /// `owner.public`: what of the owner's profile the site shows. The e-mail, the age and the
    /// sex are personal: shown only when the owner lists them. An array in `ownerFields` order,
    /// not a set: the build stamp hashes the config's description, which must be the same in
    /// every process (a set's order is not).
    public var ownerPublic: [String] = ["name", "avatar"]
    /// `sections:`: the parts of the site its owner turned off, in `SiteSection` order (an
    /// array for the same reason as `ownerPublic`).
    public var sectionsOff: [SiteSection] = []
    /// A build for `serve --watch`: sections without data show how to fill them. Never read
    /// from the file; part of the config's description, so a published build after a preview
    /// renders every page again.
    public var preview = false
    /// The names `owner.public` may list.
    public static let ownerFields = ["name", "avatar", "age", "sex", "email"]

    public struct Privacy: Sendable, Equatable {
        /// `privacy.indexUsers`: let search engines index user pages (they are `noindex` and
        /// out of the sitemap by default).
        public var indexUsers = false
        /// `privacy.visitorsAsCounts`: show who visited only as numbers, never names or avatars.
        public var visitorsAsCounts = false

        public init(indexUsers: Bool = false, visitorsAsCounts: Bool = false) {
            self.indexUsers = indexUsers
            self.visitorsAsCounts = visitorsAsCounts
        }
    }

    public struct GitHubSource: Sendable, Equatable {
        public var login: String
        public var apiURL: String
        /// `github.pinned`: the repositories to show as pinned, by name; nil leaves the choice
        /// to GitHub (with a token) or to the stars.
        public var pinned: [String]?

        public init(login: String, apiURL: String, pinned: [String]? = nil) {
            self.login = login; self.apiURL = apiURL; self.pinned = pinned
        }
    }

    public init(
        root: String, title: String = "usergraph", baseURL: String? = nil, language: String = "en",
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, asOf: Day? = nil,
        store: String = "Store", output: String = "_site", templates: String = "Templates",
        publicFolder: String = "Public", github: GitHubSource? = nil, usersURL: String? = nil,
        statisticsURL: String? = nil, cacheMaxAge: Int = 0, stepsGoal: Int = 10_000
    ) {
        self.root = root
        self.title = title
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
        self.asOf = asOf
        self.store = SiteConfig.resolve(store, against: root)
        self.output = SiteConfig.resolve(output, against: root)
        self.templates = SiteConfig.resolve(templates, against: root)
        self.publicFolder = SiteConfig.resolve(publicFolder, against: root)
        self.github = github
        self.usersURL = usersURL
        self.statisticsURL = statisticsURL
        self.cacheMaxAge = cacheMaxAge
        self.stepsGoal = stepsGoal
    }

    /// The as-of day: an explicit one, else the config's, else today in the site's zone.
    public func asOfDay(override: Day? = nil, now: Date = Date()) -> Day {
        override ?? asOf ?? Day(now, in: timeZone)
    }

    /// The site's theme: its `templates` and `public` folders over the built-in theme.
    public var theme: ThemeFiles { ThemeFiles(templates: templates, publicFolder: publicFolder) }

    public static func resolve(_ path: String, against root: String) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        return standardized(root + "/" + path)
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
