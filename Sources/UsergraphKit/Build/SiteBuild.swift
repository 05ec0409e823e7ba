import Foundation

/// What `usergraph build` may change from the config for one run.
public struct BuildOptions: Sendable {
    public var output: String?
    public var baseURL: String?
    public var asOf: Day?

    public init(output: String? = nil, baseURL: String? = nil, asOf: Day? = nil) {
        self.output = output; self.baseURL = baseURL; self.asOf = asOf
    }
}

/// What a build did, for the closing line and for tests.
public struct BuildReport: Sendable {
    public var output: String
    public var pages: Int
    public var files: Int
    public var asOf: Day
    /// Collections the store does not hold (`profile`, `repositories`, `starred`, `users`,
    /// `statistics`: their names are `notes.collections.*` in the strings); their pages show an
    /// empty state.
    public var missing: [String]
    /// Problems in the data that did not stop the build.
    public var warnings: [Message]
}

/// The whole pipeline of `usergraph build`: config → store → stats → pages → render → publish.
public enum SiteBuild {
    public static func run(config original: SiteConfig, options: BuildOptions = BuildOptions(), now: Date = Date()) throws -> BuildReport {
        var config = original
        if let output = options.output { config.output = SiteConfig.resolve(output, against: FileManager.default.currentDirectoryPath) }
        if let base = options.baseURL { config.baseURL = base.hasSuffix("/") ? base : base + "/" }
        let asOf = config.asOfDay(override: options.asOf, now: now)

        let theme = try Theme(folder: config.templates, language: config.language)
        let layout = StoreLayout(root: config.store)
        let snapshot = try StoreReader.read(layout)
        let files = StoredFiles(folder: layout.files)
        let statistics = Statistics.compute(snapshot, asOf: asOf, timeZone: config.timeZone)
        let site = SiteData(config: config, snapshot: snapshot, asOf: asOf, statistics: statistics, avatars: Avatars(files: files), strings: theme.strings)

        let writer = SiteWriter(output: config.output)
        let staging = try writer.makeStaging()
        do {
            let sources = SitePages.sources(site)
            try render(sources, site: site, theme: theme, into: staging)
            var fileCount = try SiteWriter.copyTree(from: config.publicFolder, to: staging)
            fileCount += try copyStoredFiles(ReferencedFiles.names(site), from: files.folder, to: staging)
            if let base = config.baseURL {
                try SiteWriter.write(Data(Sitemap.xml(sources.map(\.path), base: base, lastModified: asOf).utf8), to: "sitemap.xml", under: staging)
                try SiteWriter.write(Data(Sitemap.robots(base: base).utf8), to: "robots.txt", under: staging)
                fileCount += 2
            }
            try writer.publish(staging: staging)
            return BuildReport(output: config.output, pages: sources.count, files: fileCount, asOf: asOf,
                               missing: missingCollections(snapshot), warnings: warnings(statistics))
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// Renders and writes every page, spread over all cores.
    static func render(_ sources: [PageSource], site: SiteData, theme: Theme, into staging: String) throws {
        let failures = FirstError()
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            guard !failures.isSet else { return }
            let source = sources[index]
            do {
                var shell = SiteBuild.shell(site)
                shell["root"] = source.path.root
                shell["nav"] = [source.section.rawValue: true]
                shell["links"] = source.path == .notFound ? Links.context(from: .home, base: site.config.baseURL) : Links.context(from: source.path)
                if let base = site.config.baseURL, source.path != .notFound { shell["canonical"] = source.path.url(base: base) }
                if source.path == .notFound, let base = site.config.baseURL { shell["root"] = base }
                let html = try theme.render(page: source.template, context: source.context(), shell: shell)
                try SiteWriter.write(Data(html.utf8), to: source.path.file, under: staging)
            } catch {
                failures.set(error)
            }
        }
        if let error = failures.value { throw error }
    }

    static func shell(_ site: SiteData) -> [String: Any] {
        var shell: [String: Any] = [
            "siteTitle": site.config.title, "lang": site.config.language, "asOf": site.values.date(site.asOf),
        ]
        if let base = site.config.baseURL { shell["baseURL"] = base }
        return shell
    }

    static func copyStoredFiles(_ names: [String], from folder: String, to staging: String) throws -> Int {
        guard !names.isEmpty else { return 0 }
        try FileManager.default.createDirectory(atPath: staging + "/files", withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: staging + "/files/" + name)
        }
        return names.count
    }

    static func missingCollections(_ snapshot: Snapshot) -> [String] {
        var missing: [String] = []
        if snapshot.profile == nil { missing.append("profile") }
        if snapshot.repositories == nil { missing.append("repositories") }
        if snapshot.starred == nil { missing.append("starred") }
        if snapshot.users == nil { missing.append("users") }
        if snapshot.statistics == nil { missing.append("statistics") }
        return missing
    }

    static func warnings(_ statistics: StatisticsResult) -> [Message] {
        var warnings: [Message] = []
        let details = statistics.details
        if details.skippedEventDates > 0 {
            let example = details.exampleBadEventDate.map { Message("notes.skippedEventsExample", " (for example {value})", ["value": String($0)]) }
            warnings.append(Message("notes.skippedEvents", "Skipped {count} whose date is not a real ddMMyyyy day{example}.", nested: [
                "count": .count("count.events", details.skippedEventDates, one: "{n} visit-statistics event", other: "{n} visit-statistics events"),
                "example": example ?? .verbatim(""),
            ]))
        }
        if details.skippedWorkouts > 0 {
            warnings.append(Message("notes.skippedWorkouts", "Skipped {count} whose start is not an ISO-8601 time with an offset.", nested: [
                "count": .count("count.workouts", details.skippedWorkouts, one: "{n} workout", other: "{n} workouts"),
            ]))
        }
        return warnings
    }
}

/// The first error raised by any rendering thread.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var error: Error?

    var isSet: Bool { lock.withLock { error != nil } }
    var value: Error? { lock.withLock { error } }
    func set(_ new: Error) { lock.withLock { if error == nil { error = new } } }
}

/// Stored files the pages refer to, so the site carries exactly those.
enum ReferencedFiles {
    static func names(_ site: SiteData) -> [String] {
        var names = Set<String>()
        let files = site.avatars.files
        if let avatar = site.snapshot.owner?.avatar, let name = files.file(forStorePath: avatar) { names.insert(name) }
        if let url = site.snapshot.profile?.value.avatarURL, let name = files.file(forURL: url) { names.insert(name) }
        for user in site.snapshot.users?.value ?? [] {
            for file in user.files ?? [] {
                if let name = files.file(forURL: file.url) { names.insert(name) }
            }
        }
        return names.sorted()
    }
}

/// `sitemap.xml` and `robots.txt`, made only with a base URL since a sitemap needs absolute URLs.
enum Sitemap {
    static func xml(_ paths: [SitePath], base: String, lastModified: Day) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths where path != .notFound {
            xml += "  <url><loc>\(HTML.escape(path.url(base: base)))</loc><lastmod>\(lastModified.iso)</lastmod></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    static func robots(base: String) -> String {
        "User-agent: *\nAllow: /\nSitemap: \(base)sitemap.xml\n"
    }
}
