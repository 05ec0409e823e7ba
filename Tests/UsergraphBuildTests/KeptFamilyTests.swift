import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphBuild
@testable import UsergraphFeeds
import UsergraphStore
import UsergraphTestSupport

/// A rebuild whose users, visits, stored files and directory templates are the last build's
/// keeps the directory whole, and one whose starred repositories are, the starred pages
/// (`KeptFamily`): it must neither read those files nor publish anything but what a forced
/// full build of the same inputs does.
@Suite(.scratch) struct KeptFamilyTests {
    static let asOf = Day(iso: "2026-11-20")

    /// Overwrites the file at `path` with as many bytes of nonsense and puts its times back, so
    /// that only a reader of its bytes can tell; returns the bytes it had.
    static func scribble(over path: String) throws -> Data {
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var info = stat()
        #expect(stat(path, &info) == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: original.count))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        return original
    }

    static func addWorkout(_ root: String, _ number: Int) throws {
        try IncrementalBuildTests.editList(root + "/Store/workouts.json") { workouts in
            workouts.append([
                "id": "00000000-0000-4000-8000-\(String(format: "%012d", 900 + number))", "type": "running",
                "start": "2026-11-19T07:00:00+03:00", "duration": 1800 + number, "calories": 250,
            ])
        }
    }

    @Test func aNewWorkoutReadsNoUserNorStarAndPublishesWhatAFullBuildDoes() throws {
        let root = try IncrementalBuildTests.smallSite()
        // User pages in the sitemap too, so the kept pages' entries are checked where they go.
        try IncrementalBuildTests.editText(root + "/usergraph.yml") { $0.replacingOccurrences(of: "indexUsers: false", with: "indexUsers: true") }
        // A star among the feed's newest entries, which the feed must show from the summary.
        try IncrementalBuildTests.editJSON(root + "/Store/github/starred.json") { envelope in
            var starred = envelope["data"] as? [[String: Any]] ?? []
            if !starred.isEmpty { starred[0]["starred_at"] = "2026-11-19T10:00:00Z" }
            envelope["data"] = starred
        }
        let base = "https://example.org/"
        let output = root + "/site"
        try DemoSite.buildSite(root, output: output, baseURL: base, asOf: Self.asOf)
        try Self.addWorkout(root, 1)
        try DemoSite.buildSite(root, output: output, baseURL: base, asOf: Self.asOf)
        // Then with the users, visits and stars unreadable to a reader that looked.
        try Self.addWorkout(root, 2)
        let unread = ["users.json", "statistics.json", "github/starred.json"].map { root + "/Store/" + $0 }
        let bytes = try unread.map { try Self.scribble(over: $0) }
        let kept = try DemoSite.buildSite(root, output: output, baseURL: base, asOf: Self.asOf)
        for (path, data) in zip(unread, bytes) { try data.write(to: URL(fileURLWithPath: path)) }

        let full = root + "/full"
        let made = try DemoSite.buildSite(root, output: full, baseURL: base, asOf: Self.asOf, force: true)
        #expect(IncrementalBuildTests.differences(output, full).isEmpty)
        #expect((kept.pages, kept.files, kept.missing) == (made.pages, made.files, made.missing))
        #expect(try TestPaths.read(output + "/sitemap.xml").contains("<loc>" + base + "users/"))
        // The statistics page still names the top visitors, and the feed the newest stars, from
        // the summaries.
        #expect(try TestPaths.read(output + "/statistics/index.html").contains("users/"))
        #expect(try TestPaths.read(output + "/feed.xml").contains("urn:usergraph:star:"))
    }

    @Test func aDirectoryPageGoneFromThePublishedSiteIsMadeAgain() throws {
        let root = try IncrementalBuildTests.smallSite()
        let output = root + "/site"
        try DemoSite.buildSite(root, output: output, asOf: Self.asOf)
        try FileManager.default.removeItem(atPath: output + "/users/3/index.html")
        try Self.addWorkout(root, 3)
        try DemoSite.buildSite(root, output: output, asOf: Self.asOf)
        let full = root + "/full"
        try DemoSite.buildSite(root, output: full, asOf: Self.asOf, force: true)
        #expect(FileManager.default.fileExists(atPath: output + "/users/3/index.html"))
        #expect(IncrementalBuildTests.differences(output, full).isEmpty)
    }

    @Test func aSummaryIsTrustedOnlyForItsInputsAndFolder() throws {
        let root = try IncrementalBuildTests.smallSite()
        let output = root + "/site"
        try DemoSite.buildSite(root, output: output, asOf: Self.asOf)
        let config = try ConfigLoader.load(path: root + "/usergraph.yml")
        let layout = StoreLayout(root: config.store)
        let day = try #require(Self.asOf)
        func summaries(_ day: Day) -> FamilySummaries {
            FamilySummaries(layout, asOf: day, timeZone: config.timeZone, output: output, trusted: true)
        }
        let inputs = try #require(summaries(day).directoryInputs)
        let summary = try #require(FamilySummary<DirectoryFacts>.load(.directory, output: output, inputs: inputs))
        let visitors = Set(summary.facts.users.topVisitors.map(\.userId))
        #expect(!summary.facts.shown.isEmpty && summary.facts.shown.allSatisfy { visitors.contains($0.id) })
        let starredInputs = try #require(summaries(day).starredInputs)
        let starred = try #require(FamilySummary<StarredFacts>.load(.starred, output: output, inputs: starredInputs))
        #expect(!starred.facts.newest.isEmpty && starred.facts.newest.count <= SiteFeed.limit)
        // Another day, another visit, or another folder: not these summaries.
        #expect(summaries(day.adding(days: 1)).directoryInputs != inputs)
        #expect(summaries(day.adding(days: 1)).starredInputs != starredInputs)
        try IncrementalBuildTests.editText(root + "/Store/statistics.json") { $0 + " " }
        #expect(summaries(day).directoryInputs != inputs)
        try FileManager.default.moveItem(atPath: output, toPath: root + "/moved")
        try FileManager.default.copyItem(atPath: root + "/moved", toPath: output)
        #expect(FamilySummary<DirectoryFacts>.load(.directory, output: output, inputs: inputs) == nil)
        #expect(FamilySummary<StarredFacts>.load(.starred, output: output, inputs: starredInputs) == nil)
        // A forced build reads everything whatever the summaries say, and leaves them for what it read.
        try DemoSite.buildSite(root, output: output, asOf: Self.asOf, force: true)
        let now = try #require(summaries(day).directoryInputs)
        #expect(FamilySummary<DirectoryFacts>.load(.directory, output: output, inputs: now) != nil)
        #expect(FamilySummary<StarredFacts>.load(.starred, output: output, inputs: starredInputs) != nil)
    }
}
