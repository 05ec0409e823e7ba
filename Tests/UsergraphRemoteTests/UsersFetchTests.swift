import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
@testable import UsergraphRemote
@testable import UsergraphBuild
@testable import UsergraphCommands
import UsergraphTestSupport

/// The users and statistics APIs, and the images they point at.
@Suite(.scratch) struct UsersFetchTests {
    static let asOf = Day(year: 2026, month: 11, day: 20) ?? Day(number: 0)

    /// Serves `directory`, with a PNG for every image URL of it but those under `/img/missing`.
    static func serve(_ directory: GeneratedDirectory, on apis: FakeAPIs) {
        apis.serveDirectory(users: directory.usersJSON, statistics: directory.statisticsJSON)
        for user in directory.users {
            for file in user.files ?? [] where file.url.hasPrefix(apis.base) && !file.url.contains("/img/missing") {
                apis.serveImage(String(file.url.dropFirst(apis.base.count)), type: "image/png", body: FakeAPIs.png)
            }
        }
    }

    @Test func twoThousandUsersAndFiftyThousandEventsUpdateThenBuildAndTheStatisticsAgree() async throws {
        let apis = try await FakeAPIs.start()
        var directory = GeneratedDirectory.make(users: 2000, events: 50_000, avatars: 40, imageBase: apis.base)
        // Four users whose images fail: too big, not an image, missing, and lying about its type.
        let broken = ["/img/big.png", "/img/page.html", "/img/missing.png", "/img/fake.png"]
        for (offset, path) in broken.enumerated() {
            directory.users[100 + offset].files = [UserFile(id: 90_000 + offset, url: apis.base + path, type: "avatar")]
        }
        Self.serve(directory, on: apis)
        apis.serveImage("/img/big.png", type: "image/png", body: FakeAPIs.png + Data(count: 100 << 10))
        apis.serveImage("/img/page.html", type: "text/html", body: Data("<html></html>".utf8))
        apis.serveImage("/img/fake.png", type: "image/png", body: Data("<html></html>".utf8))
        #expect(directory.users.count == 2000)
        #expect(directory.eventCount == 50_000)

        let root = try FetchSite.make(apis: apis, github: false, users: true)
        let config = try FetchSite.config(root)
        let report = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.update(only: nil))

        #expect(report.failures.isEmpty)
        #expect(report.outcomes[.users] == .saved(items: 2000))
        #expect(report.outcomes[.statistics] == .saved(items: 50_000))
        #expect(report.outcomes[.profile] == .notConfigured)
        // Dates that are not real days are counted, with an example, and skipped.
        #expect(report.skippedEventDates == directory.badDates.count)
        #expect(report.exampleBadEventDate == directory.badDates.first)
        // Images: downloaded and named by the SHA-256 of their URL; failures are one warning.
        #expect(report.filesSaved == 40)
        let stored = StoredFiles(folder: root + "/Store/files")
        #expect(stored.file(forURL: apis.base + "/img/7.png") == SHA256.hex(apis.base + "/img/7.png") + ".png")
        #expect(stored.allNames.count == 40)
        #expect(
            report.warnings.map(\.description) == [
                "Could not download 4 of 44 user images (for example \(apis.base)/img/big.png: it is larger than 64 KB); their pages show a placeholder."
            ])

        let site = try await OwnThread.run { try SiteBuild.run(config: config) }
        #expect(site.pages > 2000)
        let users = try await OwnThread.run {
            Statistics.compute(try StoreReader.read(StoreLayout(root: config.store)), asOf: Self.asOf, timeZone: config.timeZone).report.users
        }
        let events = directory.events
        #expect(users.count == 2000)
        #expect(users.online == directory.users.filter(\.isOnline).count)
        #expect(users.sex.men == directory.users.filter { $0.sex == "M" }.count)
        #expect(users.sex.women == directory.users.filter { $0.sex == "W" }.count)
        #expect(users.sex.other == directory.users.filter { $0.sex == "X" }.count)
        #expect(users.views.daily == GeneratedDirectory.daily(events, asOf: Self.asOf))
        #expect(users.views.daily.reduce(0) { $0 + $1.views } > 1000)
        #expect(users.topVisitors == GeneratedDirectory.topVisitors(events, asOf: Self.asOf))
        #expect(users.subscriptions == GeneratedDirectory.count(events, "subscription", inMonthOf: Self.asOf))
        #expect(users.unsubscriptions == GeneratedDirectory.count(events, "unsubscription", inMonthOf: Self.asOf))
        #expect(users.subscriptions > 0)

        // The pages link the downloaded images locally; the broken ones show initials.
        let seventh = try TestPaths.read(config.output + "/users/7/index.html")
        #expect(seventh.contains("src=\"../../files/\(SHA256.hex(apis.base + "/img/7.png")).png\""))
        #expect(FileManager.default.fileExists(atPath: config.output + "/files/\(SHA256.hex(apis.base + "/img/7.png")).png"))
        let brokenPage = try TestPaths.read(config.output + "/users/101/index.html")
        #expect(brokenPage.contains("avatar-placeholder"))

        // Again: a 304 for both APIs, and only the images that failed are asked for again.
        let count = apis.log.count
        let again = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.update(only: nil))
        #expect(again.outcomes[.users] == .unchanged(items: 2000))
        #expect(again.outcomes[.statistics] == .unchanged(items: 50_000))
        let requests = apis.log.all.dropFirst(count)
        #expect(requests.filter { $0.path.hasPrefix("/img/") }.map(\.path).sorted() == broken.sorted())
        #expect(requests.filter { $0.path.hasPrefix("/api/") }.allSatisfy { $0.header("If-None-Match") != nil })
        await apis.stop()
    }
}

/// `update` keeps the old data of a source that fails and saves the others.
@Suite(.scratch) struct PartialUpdateTests {
    @Test func aFailingSourceKeepsItsDataAndTheOthersAreSaved() async throws {
        let apis = try await FakeAPIs.start()
        let directory = GeneratedDirectory.make(users: 30, events: 200, avatars: 0, imageBase: apis.base)
        // The statistics API answers with a user id that is not a number.
        apis.serveDirectory(users: directory.usersJSON, statistics: Data(#"{"statistics": [{"user_id": "7", "type": "view", "dates": [1092026]}]}"#.utf8))
        let root = try FetchSite.make(apis: apis, users: true, demoStore: true)
        let before = FetchSite.store(root)

        let run = await UsergraphCLI.run(["update"], in: root)

        #expect(run.status == 1)
        #expect(
            run.stderr == """
                usergraph: The answer from the statistics API at \(apis.statisticsURL) is not the JSON usergraph expects: at statistics[0].user_id: expected a number.
                usergraph: Not updated: statistics; the store keeps what it had of them. Updated and saved: profile, repos, starred, users.

                """)
        let after = FetchSite.store(root)
        #expect(after["statistics.json"] == before["statistics.json"])
        #expect(after["github/repos.json"] != before["github/repos.json"])
        let snapshot = try StoreReader.read(StoreLayout(root: root + "/Store"))
        #expect(snapshot.users?.value.count == 30)
        #expect(snapshot.repositories?.value.count == 169)
        let demoStatistics = try JSONFile.read(Envelope<StatisticsResponse>.self, at: TestPaths.repository + "/Store/statistics.json")
        #expect(snapshot.statistics?.value == demoStatistics?.data.statistics)
        // Only the named sources with --only: the failing one alone.
        let count = apis.log.count
        let only = await UsergraphCLI.run(["update", "--only", "users"], in: root)
        #expect(only.status == 0, "\(only.stderr)")
        #expect(apis.log.all.dropFirst(count).map(\.target) == ["/api/users/"])
        await apis.stop()
    }

    @Test func theDemoStoreAnswersEverythingWithoutTheNetwork() async throws {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        // api.github.com is never asked: the store holds every configured collection.
        let loader = Loader(config: config, token: nil, options: FetchSite.quick)
        let report = try await loader.load(.build(refresh: false))
        #expect(loader.configured.count == 5)
        #expect(loader.configured.allSatisfy { report.outcomes[$0] == .cached })
        // Without a token the GraphQL sources are not configured, so not asked either.
        #expect(RemoteSource.allCases.filter(\.needsToken).allSatisfy { report.outcomes[$0] == .notConfigured })
    }
}
