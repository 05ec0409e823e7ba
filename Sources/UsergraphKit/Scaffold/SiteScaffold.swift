import Foundation

/// `usergraph init DIR`: a new site project with the default theme, a commented config and
/// an empty store.
public enum SiteScaffold {
    public static func create(at directory: String, themeSource: String?, executable: String = CommandLine.arguments[0]) throws -> String {
        let fm = FileManager.default
        let target = SiteConfig.resolve(directory, against: fm.currentDirectoryPath)
        if fm.fileExists(atPath: target), !((try? fm.contentsOfDirectory(atPath: target)) ?? []).isEmpty {
            throw UsergraphError("\(target) already exists and is not empty; choose a new folder.", kind: .usage)
        }
        guard let source = themeSource.map({ SiteConfig.resolve($0, against: fm.currentDirectoryPath) }) ?? defaultTheme(executable: executable) else {
            throw UsergraphError("Cannot find the default theme (a folder with Templates/ and Public/); pass it with --theme.", kind: .usage)
        }
        guard fm.fileExists(atPath: source + "/Templates/layout.html") else {
            throw UsergraphError("\(source) has no Templates/layout.html; --theme must name a site folder with Templates/ and Public/.", kind: .usage)
        }
        try fm.createDirectory(atPath: target + "/Store", withIntermediateDirectories: true)
        try FileTree.copy(from: source + "/Templates", to: target + "/Templates")
        try FileTree.copy(from: source + "/Public", to: target + "/Public")
        try AtomicFile.write(Data(starterConfig.utf8), to: target + "/usergraph.yml")
        // The built site and the lock are output, not source, for a project kept in git.
        try AtomicFile.write(Data("_site/\n.usergraph.lock\n".utf8), to: target + "/.gitignore")
        return target
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
    language: en                               # en or ru
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
