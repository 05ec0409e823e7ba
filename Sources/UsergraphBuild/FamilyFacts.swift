import Foundation
import UsergraphCore
import UsergraphFeeds
import UsergraphPages
import UsergraphStats
import UsergraphStore

/// What the pages outside the users directory show of it: the visitor statistics and the top
/// visitors' records. A rebuild whose users, visits, stored files and directory templates are
/// the last build's (a new workout, a meal, a repository: the everyday nightly run) takes these
/// from the last build and keeps the directory whole (`KeptFamily.directory`): it decodes
/// neither users.json nor statistics.json.
package struct DirectoryFacts: Codable, Sendable {
    var usersFetchedAt: String
    /// Nil when the store had no visits.
    var statisticsFetchedAt: String?
    package var users: UserSummary
    package var ageBySex: [AgeBucketBySex]
    package var viewerAgeBySex: [String: [AgeBucketBySex]]
    package var skippedEventDates: Int
    package var exampleBadEventDate: Int?
    /// The records of the top visitors, the only users a page outside the directory names.
    package var shown: [DirectoryUser]

    /// What, besides `inputs`, the directory's pages and the stored files are made from: the
    /// templates and shell, the stored files' folder, and the owner's and GitHub avatars
    /// (stored files the site carries beside the users').
    static func pagesKey(inputs: String, seeds: PageSeeds, shell: PageFingerprint, storedFiles: String?, snapshot: Snapshot) -> String? {
        guard let storedFiles else { return nil }
        var key = FamilyInputs()
        key.add(inputs)
        key.add(templates: [UsersPages.listTemplate, UsersPages.userTemplate], seeds: seeds, shell: shell)
        key.add(storedFiles)
        key.add(snapshot.owner?.avatar ?? "")
        key.add(snapshot.profile?.value.avatarURL ?? "")
        return key.hex
    }

    /// The facts of a build that read the users (nil when it had none).
    package init?(snapshot: Snapshot, statistics: StatisticsResult) {
        guard let users = snapshot.users else { return nil }
        let report = statistics.report.users
        let visitors = Set(report.topVisitors.map(\.userId))
        var shown: [DirectoryUser] = []
        var seen = Set<Int>()
        // The first record of each, as the statistics page takes it.
        for user in users.value where visitors.contains(user.id) && seen.insert(user.id).inserted { shown.append(user) }
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
    package func apply(to snapshot: inout Snapshot) {
        snapshot.users = Cached(shown, fetchedAt: usersFetchedAt)
        snapshot.statistics = statisticsFetchedAt.map { Cached([], fetchedAt: $0) }
    }

    /// The visitor statistics as they were counted. Each user's activity is left out: only
    /// the directory's own pages show it.
    package func apply(to statistics: inout StatisticsResult) {
        statistics.report.users = users
        statistics.details.ageBySex = ageBySex
        statistics.details.viewerAgeBySex = viewerAgeBySex
        statistics.details.activityByUser = [:]
        statistics.details.skippedEventDates = skippedEventDates
        statistics.details.exampleBadEventDate = exampleBadEventDate
    }
}

/// What the feed shows of the starred repositories: the newest it can show. A rebuild whose
/// starred repositories, language colours and starred templates are the last build's takes
/// these from the last build and keeps the starred pages whole (`KeptFamily.starred`): it
/// does not decode starred.json, the largest file of a GitHub store.
package struct StarredFacts: Codable, Sendable {
    package var fetchedAt: String
    package var newest: [StarredItem]

    /// What, besides `inputs`, the starred pages are made from: the templates and shell, and
    /// the files the language colours (the pinned repositories, the languages) and the login
    /// (the profile) come from.
    static func pagesKey(inputs: String, layout: StoreLayout, seeds: PageSeeds, shell: PageFingerprint) -> String {
        var key = FamilyInputs()
        key.add(inputs)
        key.add(templates: [RepositoryPages.starredTemplate], seeds: seeds, shell: shell)
        key.add(files: [layout.pinned, layout.languages, layout.profile])
        return key.hex
    }

    package init?(snapshot: Snapshot, asOf: Day, timeZone: TimeZone) {
        guard let starred = snapshot.starred else { return nil }
        fetchedAt = starred.fetchedAt
        newest = SiteFeed.newestStars(starred.value, asOf: asOf, timeZone: timeZone)
    }

    /// The starred repositories as the pages outside the family see them: the newest only.
    package func apply(to snapshot: inout Snapshot) {
        snapshot.starred = Cached(newest, fetchedAt: fetchedAt)
    }
}
