import Foundation
import UsergraphCore
import UsergraphStats
import UsergraphStore

/// What the pages outside the users directory show of it (the visitor statistics and the top
/// visitors' records), kept beside the output folder (`._site.directory`) with what it was
/// counted from and what the directory's pages were made from.
///
/// A rebuild whose users, visits, stored files, templates and page shell are the last build's
/// (a new workout, a meal, a repository: the everyday nightly run) takes these from here. It
/// decodes neither the users nor their visits, and keeps the directory's pages and stored files
/// from the last build's manifest as they are, without making, fingerprinting or looking them
/// up one by one. At 10,000 users that is most of what such a rebuild did.
struct DirectorySummary: Codable {
    private static let currentVersion = "usergraph-directory-1"

    var version: String
    /// `inputs(_:asOf:)` when it was counted.
    var inputs: String
    /// `pagesKey` when the directory's pages were made.
    var pages: String
    /// The output folder's `FolderStamp` it was saved with: trusted for that folder only.
    var output: String
    var usersFetchedAt: String
    /// Nil when the store had no visits.
    var statisticsFetchedAt: String?
    var users: UserSummary
    var ageBySex: [AgeBucketBySex]
    var viewerAgeBySex: [String: [AgeBucketBySex]]
    var skippedEventDates: Int
    var exampleBadEventDate: Int?
    /// The records of the top visitors, the only users a page outside the directory names.
    var shown: [DirectoryUser]

    static func path(forOutput output: String) -> String {
        StagedSite.beside(output, "directory")
    }

    /// What the visitor statistics are counted from: the users and visits files (by size,
    /// modification time and inode, as `BuildStamp` sees files), the as-of day, the time zone
    /// and the executable. Nil when there are no users.
    static func inputs(_ layout: StoreLayout, asOf: Day, timeZone: TimeZone) -> String? {
        guard let users = BuildStamp.identity(of: layout.users) else { return nil }
        var hasher = FingerprintHasher()
        for info in [users, BuildStamp.identity(of: layout.statistics), BuildStamp.identity(of: "/proc/self/exe")] {
            guard let info else { hasher.add(false); continue }
            for value in [info.st_size, info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino), Int(info.st_dev)] { hasher.add(value) }
        }
        hasher.add(asOf.number)
        hasher.add(timeZone.identifier)
        return hasher.finish().hex
    }

    /// What, besides `inputs`, the directory's pages and stored files are made from: their
    /// templates' seeds (the config, strings, partials and executable), the shell every page
    /// shares, the stored files' folder, and the owner's and GitHub avatars (stored files the
    /// site carries beside the users').
    static func pagesKey(inputs: String, seeds: PageSeeds, shell: PageFingerprint, storedFiles: String?, snapshot: Snapshot) -> String? {
        guard let storedFiles else { return nil }
        var hasher = FingerprintHasher()
        hasher.add(inputs)
        hasher.add(seeds.seed(for: UsersPages.listTemplate))
        hasher.add(seeds.seed(for: UsersPages.userTemplate))
        hasher.add(shell)
        hasher.add(storedFiles)
        hasher.add(snapshot.owner?.avatar ?? "")
        hasher.add(snapshot.profile?.value.avatarURL ?? "")
        return hasher.finish().hex
    }

    /// The summary saved for the site in `output` when it was counted from `inputs`, else nil.
    static func load(output: String, inputs: String) -> DirectorySummary? {
        guard let identity = FolderStamp.of(output),
              let data = FileManager.default.contents(atPath: path(forOutput: output)),
              let summary = try? JSONDecoder().decode(DirectorySummary.self, from: data),
              summary.version == currentVersion, summary.inputs == inputs, summary.output == identity else { return nil }
        return summary
    }

    /// The summary of a build that read the users (nil when it had none).
    init?(snapshot: Snapshot, statistics: StatisticsResult, inputs: String, pages: String, output: String) {
        guard let users = snapshot.users else { return nil }
        let report = statistics.report.users
        let visitors = Set(report.topVisitors.map(\.userId))
        var shown: [DirectoryUser] = []
        var seen = Set<Int>()
        // The first record of each, as the statistics page takes it.
        for user in users.value where visitors.contains(user.id) && seen.insert(user.id).inserted { shown.append(user) }
        version = Self.currentVersion
        self.inputs = inputs
        self.pages = pages
        self.output = output
        usersFetchedAt = users.fetchedAt
        statisticsFetchedAt = snapshot.statistics?.fetchedAt
        self.users = report
        ageBySex = statistics.details.ageBySex
        viewerAgeBySex = statistics.details.viewerAgeBySex
        skippedEventDates = statistics.details.skippedEventDates
        exampleBadEventDate = statistics.details.exampleBadEventDate
        self.shown = shown
    }

    /// The users and visits as the pages outside the directory see them: the shown users, and
    /// no visit (the statistics come from `apply(to:)`).
    func apply(to snapshot: inout Snapshot) {
        snapshot.users = Cached(shown, fetchedAt: usersFetchedAt)
        snapshot.statistics = statisticsFetchedAt.map { Cached([], fetchedAt: $0) }
    }

    /// The visitor statistics as they were counted. Each user's activity is left out: only
    /// the directory's own pages show it.
    func apply(to statistics: inout StatisticsResult) {
        statistics.report.users = users
        statistics.details.ageBySex = ageBySex
        statistics.details.viewerAgeBySex = viewerAgeBySex
        statistics.details.activityByUser = [:]
        statistics.details.skippedEventDates = skippedEventDates
        statistics.details.exampleBadEventDate = exampleBadEventDate
    }

    /// Records the summary; failing to is harmless (the next build reads the users again).
    func save(output: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? AtomicFile.write(data, to: Self.path(forOutput: output))
    }

    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: path(forOutput: output))
    }
}
