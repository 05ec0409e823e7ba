import Foundation

/// `usergraph init DIR`: a new site project with the default theme, a commented config and
/// an empty store.
public enum SiteScaffold {
    /// Makes the site in `directory` from the theme folder `themeSource` (see `themeFolder`),
    /// with `language` in its config.
    public static func create(at directory: String, themeSource: String?, language: String = "en",
                              executable: String = CommandLine.arguments[0]) throws -> String {
        let fm = FileManager.default
        let target = SiteConfig.resolve(directory, against: fm.currentDirectoryPath)
        if fm.fileExists(atPath: target), !((try? fm.contentsOfDirectory(atPath: target)) ?? []).isEmpty {
            throw UsergraphError("errors.init.notEmpty", "{path} already exists and is not empty; choose a new folder.", ["path": target], kind: .usage)
        }
        let source = try themeFolder(themeSource: themeSource, executable: executable)
        try fm.createDirectory(atPath: target + "/Store", withIntermediateDirectories: true)
        try FileTree.copy(from: source + "/Templates", to: target + "/Templates")
        try FileTree.copy(from: source + "/Public", to: target + "/Public")
        let config = starterConfig.replacingOccurrences(of: "language: en     ", with: "language: " + language.padding(toLength: 7, withPad: " ", startingAt: 0))
        try AtomicFile.write(Data(config.utf8), to: target + "/usergraph.yml")
        // The built site and the lock are output, not source, for a project kept in git.
        try AtomicFile.write(Data("_site/\n.usergraph.lock\n".utf8), to: target + "/.gitignore")
        return target
    }

    /// The theme to copy: `themeSource` (a site folder with Templates/ and Public/), else the
    /// default theme beside the executable's source.
    public static func themeFolder(themeSource: String?, executable: String = CommandLine.arguments[0]) throws -> String {
        let fm = FileManager.default
        guard let source = themeSource.map({ SiteConfig.resolve($0, against: fm.currentDirectoryPath) }) ?? defaultTheme(executable: executable) else {
            throw UsergraphError("errors.init.noTheme", "Cannot find the default theme (a folder with Templates/ and Public/); pass it with --theme.",
                                 kind: .usage)
        }
        guard fm.fileExists(atPath: source + "/Templates/layout.html") else {
            throw UsergraphError("errors.init.badTheme", "{path} has no Templates/layout.html; --theme must name a site folder with Templates/ and Public/.",
                                 ["path": source], kind: .usage)
        }
        return source
    }

    /// The theme that ships with usergraph: the source folder the executable was built in
    /// (`.build/<config>/usergraph` lives three levels below it).
    static func defaultTheme(executable: String) -> String? {
        var url = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: url.path + "/Templates/layout.html") { return url.path }
            url.deleteLastPathComponent()
        }
        return nil
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
    # users:
    #   url: https://example.org/api/users/
    # statistics:
    #   url: https://example.org/api/statistics/
    cache:
      maxAge: 0                                # seconds before a cached collection is stale; 0 = never

    """
}
