import Foundation
import UsergraphCore
import UsergraphStore
import UsergraphTheme

/// `usergraph init DIR`: a new site project with the default theme, a commented config and
/// an empty store.
public enum SiteScaffold {
    /// Makes the site in `target` (an absolute path) from `theme` (a folder with Templates/
    /// and Public/, see `themeFolder`), with `language` in its config.
    public static func create(at target: String, theme source: String, language: String = "en") throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: target), !((try? fm.contentsOfDirectory(atPath: target)) ?? []).isEmpty {
            throw UsergraphError("errors.init.notEmpty", ["path": target], kind: .usage)
        }
        try fm.createDirectory(atPath: target + "/Store", withIntermediateDirectories: true)
        try FileTree.copy(from: source + "/Templates", to: target + "/Templates")
        try FileTree.copy(from: source + "/Public", to: target + "/Public")
        let config = starterConfig.replacingOccurrences(of: "language: en     ", with: "language: " + language.padding(toLength: 7, withPad: " ", startingAt: 0))
        try AtomicFile.write(Data(config.utf8), to: target + "/usergraph.yml")
        // The built site and the lock are output, not source, for a project kept in git.
        try AtomicFile.write(Data("_site/\n.usergraph.lock\n".utf8), to: target + "/.gitignore")
    }

    /// The theme to copy: `themeSource` (an absolute path to a site folder with Templates/ and
    /// Public/), else the default theme that ships in the package.
    public static func themeFolder(themeSource: String?) throws -> String {
        guard let source = themeSource ?? DefaultTheme.folder else {
            throw UsergraphError("errors.init.noTheme", kind: .usage)
        }
        guard FileManager.default.fileExists(atPath: source + "/Templates/layout.html") else {
            throw UsergraphError("errors.init.badTheme", ["path": source], kind: .usage)
        }
        return source
    }

    static let starterConfig = """
    # usergraph site configuration. Paths are relative to this file.
    title: "My dashboard"
    # baseURL: https://example.org/dashboard/   # canonical links and sitemap.xml; without it every link is relative
    language: en                               # a strings file of Templates/strings/: en, ru
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
