import Foundation

/// `usergraph.yml`, validated, with every path made absolute against the config's folder.
package struct SiteConfig: Sendable {
    package var title: String
    /// Ends with `/`; nil means every link is relative and there is no sitemap.
    package var baseURL: String?
    package var language: String
    package var timeZone: TimeZone
    package var asOf: Day?
    /// The folder the config file lives in.
    package var root: String
    package var store: String
    package var output: String
    package var templates: String
    package var publicFolder: String
    package var github: GitHubSource?
    package var usersURL: String?
    package var statisticsURL: String?
    package var cacheMaxAge: Int
    /// `goals.steps`: the day's step goal.
    package var stepsGoal: Int
    /// `privacy`: the users directory is other people's data, and a route shows where the owner
    /// lives.
    package var privacy = Privacy()
    /// `units`: how the site and the report show distances, paces, speeds and climbs. The store
    /// and `stats --json` stay in metres and seconds.
    package var units = Units.metric
    /// `athlete`: what the heart-rate zones are shares of.
    package var athlete = Athlete()

    package struct Athlete: Sendable, Equatable {
        /// `athlete.maxHeartRate`: beats per minute; nil leaves it to the tracks, then the age.
        package var maxHeartRate: Int?
        /// `athlete.zones`: the five zones' lower bounds in beats per minute, rising; nil
        /// takes 50, 60, 70, 80 and 90 % of the maximum.
        package var zones: [Int]?

        package init(maxHeartRate: Int? = nil, zones: [Int]? = nil) {
            self.maxHeartRate = maxHeartRate; self.zones = zones
        }
    }
    /// `import.folders`: the inbox, folders that `update` and `import --inbox` read for new
    /// export files; absolute, `~` expanded.
    package var importFolders: [String] = []
    /// `intervals`: the intervals.icu account whose activities `update` brings in.
    package var intervals: IntervalsSource?
    /// `strava`: the Strava API application whose athlete's activities `update` brings in.
    package var strava: StravaSource?

    package struct IntervalsSource: Sendable, Equatable {
        /// `intervals.athlete`: the athlete id as intervals.icu shows it (`i12345`; `0` means
        /// the key's own athlete).
        package var athlete: String
        package var apiURL: String
        /// `intervals.since`: the first day a first run asks for; nil asks for the last
        /// `firstRunDays` days.
        package var since: Day?

        package static let defaultAPI = "https://intervals.icu/api/v1"
        /// A first run without `since` reaches back this far: a season, not a lifetime of
        /// downloads in one night.
        package static let firstRunDays = 90

        package init(athlete: String, apiURL: String = defaultAPI, since: Day? = nil) {
            self.athlete = athlete; self.apiURL = apiURL; self.since = since
        }

        /// Letters and digits only: the id goes into a URL path.
        package static func isAthlete(_ text: String) -> Bool {
            (1...32).contains(text.utf8.count) && text.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
        }
    }

    package struct StravaSource: Sendable, Equatable {
        /// `strava.clientId`: the API application's id (digits).
        package var clientId: String
        package var apiURL: String
        /// `strava.maxPerRun`: new activities one run brings at most (each costs a request).
        package var maxPerRun: Int

        package static let defaultAPI = "https://www.strava.com/api/v3"

        package init(clientId: String, apiURL: String = defaultAPI, maxPerRun: Int = 50) {
            self.clientId = clientId; self.apiURL = apiURL; self.maxPerRun = maxPerRun
        }

        /// Digits only: the id names the token file.
        package static func isClientId(_ text: String) -> Bool {
            (1...20).contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
    }

    package enum Units: String, Sendable, CaseIterable {
        case metric, imperial

        /// Metres in the unit distances are shown in: a kilometre or a mile.
        package var metresPerDistance: Double { self == .metric ? 1000 : 1609.344 }
        /// Metres in the unit heights (a climb, an elevation) are shown in: a metre or a foot.
        package var metresPerHeight: Double { self == .metric ? 1 : 0.3048 }
        /// The key of each unit's word in the strings (`units.km`, `units.perMi`…).
        package var distanceWord: String { self == .metric ? "units.km" : "units.mi" }
        package var paceWord: String { self == .metric ? "units.perKm" : "units.perMi" }
        package var speedWord: String { self == .metric ? "units.kmh" : "units.mph" }
        package var heightWord: String { self == .metric ? "units.m" : "units.ft" }
    }
    /// `owner.public`: what of the owner's profile the site shows. The e-mail, the age and the
    /// sex are personal: shown only when the owner lists them. An array in `ownerFields` order,
    /// not a set: the build stamp hashes the config's description, which must be the same in
    /// every process (a set's order is not).
    package var ownerPublic: [String] = ["name", "avatar"]
    /// `sections:`: the parts of the site its owner turned off, in `SiteSection` order (an
    /// array for the same reason as `ownerPublic`).
    package var sectionsOff: [SiteSection] = []
    /// A build for `serve --watch`: sections without data show how to fill them. Never read
    /// from the file; part of the config's description, so a published build after a preview
    /// renders every page again.
    package var preview = false
    /// The names `owner.public` may list.
    package static let ownerFields = ["name", "avatar", "age", "sex", "email"]

    package struct Privacy: Sendable, Equatable {
        /// `privacy.indexUsers`: let search engines index user pages (they are `noindex` and
        /// out of the sitemap by default).
        package var indexUsers = false
        /// `privacy.visitorsAsCounts`: show who visited only as numbers, never names or avatars.
        package var visitorsAsCounts = false
        /// `privacy.zones`: places no position of a route may be shown in (a home, an office).
        package var zones: [Zone] = []
        /// `privacy.trim`: metres of every route, along it, hidden from its start and from its
        /// end; 0 hides none.
        package var trim = Privacy.defaultTrim
        /// `privacy.routes`: false shows no position of any route.
        package var routes = true

        package static let defaultTrim = 200.0

        package init(indexUsers: Bool = false, visitorsAsCounts: Bool = false, zones: [Zone] = [], trim: Double = defaultTrim, routes: Bool = true) {
            self.indexUsers = indexUsers
            self.visitorsAsCounts = visitorsAsCounts
            self.zones = zones
            self.trim = trim
            self.routes = routes
        }

        /// A circle on the globe: every position at most `radius` metres from its centre (along
        /// the great circle) is private.
        package struct Zone: Sendable, Equatable {
            /// Degrees (WGS 84).
            package var lat: Double
            package var lon: Double
            /// Metres, more than 0.
            package var radius: Double

            package static let defaultRadius = 500.0

            package init(lat: Double, lon: Double, radius: Double = defaultRadius) {
                self.lat = lat; self.lon = lon; self.radius = radius
            }
        }
    }

    package struct GitHubSource: Sendable, Equatable {
        package var login: String
        package var apiURL: String
        /// `github.pinned`: the repositories to show as pinned, by name; nil leaves the choice
        /// to GitHub (with a token) or to the stars.
        package var pinned: [String]?

        package init(login: String, apiURL: String, pinned: [String]? = nil) {
            self.login = login; self.apiURL = apiURL; self.pinned = pinned
        }
    }

    package init(
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
    package func asOfDay(override: Day? = nil, now: Date = Date()) -> Day {
        override ?? asOf ?? Day(now, in: timeZone)
    }

    /// The site's theme: its `templates` and `public` folders over the built-in theme.
    package var theme: ThemeFiles { ThemeFiles(templates: templates, publicFolder: publicFolder) }

    package static func resolve(_ path: String, against root: String) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        return standardized(root + "/" + path)
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
