import Foundation
import UsergraphCore
import UsergraphPublish
import UsergraphStore

/// `usergraph init DIR`: a new site project: a commented config, an empty store and a
/// `.gitignore`. The theme is built in; `usergraph theme eject` copies what its owner wants to
/// change (`ThemeEject`).
package enum SiteScaffold {
    /// What `init` makes, as it names them.
    package static let made = ["usergraph.yml", "Store/", ".gitignore"]

    /// Makes the site in `target` (an absolute path), with `language` in its config; with
    /// `theme` (a folder with Templates/ and Public/), a copy of that theme too.
    package static func create(at target: String, theme source: String? = nil, language: String = "en") throws {
        let fm = FileManager.default
        if hasFiles(target) { throw UsergraphError("errors.init.notEmpty", ["path": target], kind: .usage) }
        try fm.createDirectory(atPath: target + "/Store", withIntermediateDirectories: true)
        if let source {
            try FileTree.copy(from: source + "/Templates", to: target + "/Templates")
            try FileTree.copy(from: source + "/Public", to: target + "/Public")
        }
        let config = starterConfig.replacingOccurrences(
            of: "language: en     ", with: "language: " + language.padding(toLength: 7, withPad: " ", startingAt: 0))
        try AtomicFile.write(Data(config.utf8), to: target + "/usergraph.yml")
        try AtomicFile.write(Data(gitignore.utf8), to: target + "/.gitignore")
    }

    /// Whether `folder` exists and holds anything: `init` makes a site only where there is none.
    static func hasFiles(_ folder: String) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: folder) && !((try? fm.contentsOfDirectory(atPath: folder)) ?? []).isEmpty
    }

    /// What a build makes and keeps, which is output, not source, for a site kept in git: the
    /// site, and `.usergraph/` (what a build keeps for the next one, the lock, the preview).
    static let gitignore = """
        _site/
        .usergraph/

        """

    /// A theme folder given to `init --theme`: it must hold Templates/layout.html.
    package static func themeFolder(_ source: String) throws -> String {
        guard FileManager.default.fileExists(atPath: source + "/Templates/layout.html") else {
            throw UsergraphError("errors.init.badTheme", ["path": source], kind: .usage)
        }
        return source
    }

    static let starterConfig = """
        # usergraph site configuration. Paths are relative to this file.
        title: "My dashboard"
        # baseURL: https://example.org/dashboard/   # canonical links and sitemap.xml; without it every link is relative
        language: en                               # en or ru, or a strings file of your own in Templates/strings/
        timeZone: UTC                              # days, weeks and streaks are counted here, e.g. Europe/Moscow
        # asOf: 2026-11-20                         # pin "today" for reproducible statistics
        store: Store
        output: _site
        # github:
        #   login: your-login                      # the token, if any, comes from GITHUB_TOKEN
        #   pinned: [project, dotfiles]            # up to 6 to show first; else GitHub's pins (token) or the most starred
        # users:
        #   url: https://example.org/api/users/
        # statistics:
        #   url: https://example.org/api/statistics/
        # intervals:                               # new workouts from intervals.icu on every `update`
        #   athlete: i12345                        # the key comes from INTERVALS_API_KEY
        # strava:                                  # new workouts from Strava's API (run `usergraph auth strava` once)
        #   clientId: 12345                        # the secret comes from STRAVA_CLIENT_SECRET
        cache:
          maxAge: 0                                # seconds before a cached collection is stale; 0 = never
        goals:
          steps: 10000                             # the day's step goal
        privacy:                                   # the users directory is other people's data
          indexUsers: false                        # true lets search engines index /users/
          visitorsAsCounts: false                  # true shows visitors only as numbers, never names
        owner:
          public: [name, avatar]                   # what the profile shows; add age, sex, email to show them

        """
}
