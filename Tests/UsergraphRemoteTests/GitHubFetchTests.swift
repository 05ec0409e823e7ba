import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
@testable import UsergraphRemote
@testable import UsergraphBuild
import UsergraphTestSupport

/// The GitHub client and the loader against a local server replaying recorded answers.
@Suite(.scratch) struct GitHubFetchTests {
    @Test func buildFetchesAll169RepositoriesAcrossSixPagesFollowingLinks() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let loader = Loader(config: try FetchSite.config(root), token: nil, options: FetchSite.quick)

        let report = try await loader.load(.build(refresh: false))

        #expect(report.failures.isEmpty)
        #expect(report.outcomes[.repos] == .saved(items: 169))
        let snapshot = try StoreReader.read(StoreLayout(root: root + "/Store"))
        let repos = try #require(snapshot.repositories?.value)
        #expect(repos.count == 169)
        #expect(Set(repos.compactMap(\.id)).count == 169)
        #expect(snapshot.profile?.value.publicRepos == 169)

        // The first page asked with per_page=100, then each rel="next" exactly as given.
        let repoTargets = apis.log.all.map(\.target).filter { $0.contains("/repos") }
        let linked = apis.repositoryPageKeys
        #expect(linked.count == 6)
        #expect(repoTargets == ["/users/bitwiseman/repos?per_page=100"] + linked.dropFirst())
        // Repositories in page order: the first of page 1 and the last of page 6 bracket the list.
        let first =
            try JSONSerialization.jsonObject(
                with: try Data(contentsOf: URL(fileURLWithPath: FakeAPIs.fixtures + "/hub4j-bitwiseman-repos/__files/5-u_b_repos.json"))) as? [[String: Any]]
        #expect(repos.first?.id == first?.first?["id"] as? Int)

        // Every page's validators are kept, with the chain of next links.
        let envelope = try #require(try EnvelopeFile.read(root + "/Store/github/repos.json"))
        #expect(envelope.validators.count == 6)
        #expect(envelope.source == apis.base + "/users/bitwiseman/repos?per_page=100")
        let firstPage = try #require(envelope.validators[apis.base + "/users/bitwiseman/repos?per_page=100"])
        #expect(firstPage["etag"] == "W/\"ce2fe41fb7c2c62f68beb3d08dc52aa8\"")
        #expect(firstPage["next"] == apis.base + linked[1])
        await apis.stop()
    }

    @Test func everyRequestCarriesTheGitHubHeaders() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        _ = try await Loader(config: try FetchSite.config(root), token: "ghp_headerTest", options: FetchSite.quick).load(.build(refresh: false))

        let requests = apis.gitHubRequests
        #expect(requests.count == 8, "\(requests.map(\.target))")  // profile, 6 repos pages, starred
        for request in requests {
            #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
            #expect(request.header("User-Agent")?.hasPrefix("usergraph/") == true)
            #expect(request.header("Authorization") == "Bearer ghp_headerTest")
            let expected = request.path.hasSuffix("/starred") ? "application/vnd.github.star+json" : "application/vnd.github+json"
            #expect(request.header("Accept") == expected)
        }
        #expect(requests.filter { $0.target.contains("per_page=100") }.count == 2)
        await apis.stop()
    }

    @Test func starredItemsKeepTheirDates() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        _ = try await Loader(config: try FetchSite.config(root), token: nil, options: FetchSite.quick).load(.build(refresh: false))

        let starred = try #require(try StoreReader.read(StoreLayout(root: root + "/Store")).starred?.value)
        #expect(starred.count == 16)
        #expect(starred.allSatisfy { $0.starredAt.flatMap(Timestamp.parse) != nil })
        #expect(starred.first?.starredAt == "2010-04-10T04:07:32Z")
        #expect(starred.first?.repo.fullName == "MarkLodato/patch-converter")
        await apis.stop()
    }

    @Test func aSecondBuildSendsNoRequestAtAll() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let config = try FetchSite.config(root)
        _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        let afterFirst = apis.log.count
        #expect(afterFirst == 8)

        let second = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        #expect(apis.log.count == afterFirst)
        #expect(second.outcomes[.repos] == .cached)
        #expect(second.outcomes[.users] == .notConfigured)
        await apis.stop()
    }

    /// A build that finds the cache fresh reads only each file's header; the data is read once,
    /// by the site build, which names a broken file with its line and column.
    @Test func aFreshCacheIsNotScannedTwiceAndBrokenDataIsReportedByTheSiteBuild() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let config = try FetchSite.config(root)
        _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        let requests = apis.log.count
        let path = root + "/Store/github/repos.json"
        let text = try TestPaths.read(path)
        let header = try #require(EnvelopeFile.readHeader(path))
        #expect(header.source == apis.base + "/users/bitwiseman/repos?per_page=100")
        // Break the data, far past the header: the loader still finds the cache fresh.
        try TestPaths.write(String(text.dropLast(4)) + "}\n", to: path)
        let report = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        #expect(report.outcomes[.repos] == .cached && apis.log.count == requests)
        #expect(throws: UsergraphError.self) { try SiteBuild.run(config: config) }
        do {
            _ = try SiteBuild.run(config: config)
        } catch let error as UsergraphError {
            #expect(error.message.hasPrefix(path + ": line "), "\(error.message)")
        }
        // A file whose data comes first (written by hand) is read whole, as before.
        let dataFirst = #"{"data": [], "source": "\#(header.source)", "fetchedAt": "\#(header.fetchedAt)", "validators": {}}"#
        try TestPaths.write(dataFirst, to: path)
        #expect(EnvelopeFile.readHeader(path) == nil)
        #expect(try EnvelopeFile.read(path)?.source == header.source)
        await apis.stop()
    }

    @Test func updateSendsTheValidatorsAndA304KeepsTheDataByteForByte() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let config = try FetchSite.config(root)
        _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        let before = try #require(try EnvelopeFile.read(root + "/Store/github/repos.json"))
        let profileBefore = try #require(try EnvelopeFile.read(root + "/Store/github/profile.json"))
        let count = apis.log.count

        let report = try await Loader(
            config: config, token: nil, options: FetchSite.quick,
            now: { Date().addingTimeInterval(3600) }
        ).load(.update(only: nil))

        #expect(report.failures.isEmpty)
        #expect(report.outcomes[.repos] == .unchanged(items: 169))
        #expect(report.outcomes[.profile] == .unchanged(items: 1))
        #expect(report.outcomes[.starred] == .unchanged(items: 16))
        let update = Array(apis.log.all.dropFirst(count))
        // The same chain walked again, each page with its ETag, though a 304 carries no Link.
        #expect(update.count == 8)
        #expect(update.allSatisfy { $0.header("If-None-Match")?.hasPrefix("W/\"") == true })
        #expect(update.map(\.path) == apis.gitHubRequests.prefix(count).map(\.path))
        #expect(update.first { $0.path == "/users/bitwiseman" }?.header("If-Modified-Since") == "Tue, 24 Sep 2019 19:32:29 GMT")
        let after = try #require(try EnvelopeFile.read(root + "/Store/github/repos.json"))
        #expect(after.data == before.data)
        #expect(after.validators == before.validators)
        #expect(after.fetchedAt != before.fetchedAt)  // revalidated now, so fresh again
        #expect(try EnvelopeFile.read(root + "/Store/github/profile.json")?.data == profileBefore.data)
        await apis.stop()
    }

    @Test func aChangedPageAfterUnchangedOnesRefetchesTheWholeListConsistently() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let config = try FetchSite.config(root)
        _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        let third = apis.repositoryPageKeys[2]
        apis.change(third) {
            $0.replacingOccurrences(
                of: #""description": null"#, with: #""description": "Changed upstream""#, options: [], range: $0.range(of: #""description": null"#))
        }
        let count = apis.log.count

        let report = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.update(only: [.repos]))

        #expect(report.outcomes[.repos] == .saved(items: 169))
        #expect(report.outcomes[.profile] == .notConfigured)
        let requests = Array(apis.log.all.dropFirst(count))
        // Pages 1 and 2 answer 304, page 3 changed: the walk starts again without validators.
        #expect(requests.count == 3 + 6)
        #expect(requests.suffix(6).allSatisfy { $0.header("If-None-Match") == nil })
        let repos = try #require(try StoreReader.read(StoreLayout(root: root + "/Store")).repositories?.value)
        #expect(repos.count == 169)
        #expect(repos.filter { $0.description == "Changed upstream" }.count == 1)
        await apis.stop()
    }

    @Test func cacheMaxAgeMakesAnOldCollectionStaleAndRefreshFetchesEverything() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis, maxAge: 600)
        let config = try FetchSite.config(root)
        _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        var count = apis.log.count

        let fresh = try await Loader(config: config, token: nil, options: FetchSite.quick, now: { Date().addingTimeInterval(300) }).load(.build(refresh: false))
        #expect(apis.log.count == count)
        #expect(fresh.outcomes[.profile] == .cached)

        let stale = try await Loader(config: config, token: nil, options: FetchSite.quick, now: { Date().addingTimeInterval(900) }).load(.build(refresh: false))
        #expect(apis.log.count == count + 8)
        #expect(stale.outcomes[.profile] == .unchanged(items: 1))
        count = apis.log.count

        var noAge = config
        noAge.cacheMaxAge = 0
        let refreshed = try await Loader(config: noAge, token: nil, options: FetchSite.quick).load(.build(refresh: true))
        #expect(apis.log.count == count + 8)
        #expect(refreshed.outcomes[.repos] == .unchanged(items: 169))
        await apis.stop()
    }

    @Test func aCacheOfAnotherLoginIsNotUsed() async throws {
        let apis = try await FakeAPIs.start()
        // The store holds bitwiseman from api.github.com; this site asks the local server.
        let root = try FetchSite.make(apis: apis, demoStore: true)
        for name in ["profile", "repos", "starred"] {
            let path = root + "/Store/github/\(name).json"
            try TestPaths.write(try TestPaths.read(path).replacingOccurrences(of: apis.base, with: FakeAPIs.recordedAPI), to: path)
        }
        let report = try await Loader(config: try FetchSite.config(root), token: nil, options: FetchSite.quick).load(.build(refresh: false))
        #expect(report.outcomes[.repos] == .saved(items: 169))
        #expect(apis.gitHubRequests.allSatisfy { $0.header("If-None-Match") == nil })
        await apis.stop()
    }

    @Test func theTokenGoesOnlyToTheAPIsOrigin() async throws {
        let apis = try await FakeAPIs.start()
        let other = try await FakeAPIs.start()
        // Page 1's next link points at another host: it is followed, without the token.
        apis.changeHeaders("/users/bitwiseman/repos") { headers in
            headers["Link"] = headers["Link"]?.replacingOccurrences(of: apis.base, with: other.base)
        }
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: "ghp_originTest", options: FetchSite.quick)
            .load(.update(only: [.repos]))
        #expect(report.outcomes[.repos] == .saved(items: 169))
        #expect(apis.log.count == 1)
        #expect(apis.log.all.allSatisfy { $0.header("Authorization") == "Bearer ghp_originTest" })
        #expect(other.log.count == 5)
        #expect(other.log.all.allSatisfy { $0.header("Authorization") == nil })
        await apis.stop()
        await other.stop()
    }

    @Test func aRedirectToAnotherHostIsFollowedWithoutTheToken() async throws {
        let apis = try await FakeAPIs.start()
        let other = try await FakeAPIs.start()
        apis.failure = .movedTo(other.base)
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: "ghp_redirectTest", options: FetchSite.quick)
            .load(.update(only: [.profile]))
        #expect(report.outcomes[.profile] == .saved(items: 1))
        #expect(apis.log.all.map { $0.header("Authorization") } == ["Bearer ghp_redirectTest"])
        #expect(other.log.count == 1)
        #expect(other.log.all.allSatisfy { $0.header("Authorization") == nil })
        await apis.stop()
        await other.stop()
    }

    /// The other host asks for credentials: the sentence says a redirect led there, not that
    /// GitHub refused the token (it never saw it refused).
    @Test func aRedirectToAHostThatAsksForCredentialsSaysSo() async throws {
        let apis = try await FakeAPIs.start()
        let other = try await FakeAPIs.start()
        apis.failure = .movedTo(other.base)
        other.failure = .badCredentials
        let root = try FetchSite.make(apis: apis)
        let report = try await Loader(config: try FetchSite.config(root), token: "ghp_redirectTest", options: FetchSite.quick)
            .load(.update(only: [.profile]))
        guard case .failed(let message)? = report.outcomes[.profile] else {
            Issue.record("not failed: \(String(describing: report.outcomes[.profile]))")
            return
        }
        let sentence = message.description
        #expect(sentence.contains("redirected \(apis.base)/users/bitwiseman to another host, \(other.base)/users/bitwiseman"), "\(sentence)")
        #expect(sentence.contains("never sends the token to another host"))
        #expect(!sentence.contains("refused the token"))
        #expect(other.log.all.allSatisfy { $0.header("Authorization") == nil })
        await apis.stop()
        await other.stop()
    }

    @Test func aWrongShapeIsReportedWithItsPlaceAndSavesNothing() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        apis.change(apis.repositoryPageKeys[1]) {
            $0.replacingOccurrences(of: #""name":"#, with: #""name":1,"x":"#, options: [], range: $0.range(of: #""name":"#))
        }
        let report = try await Loader(config: try FetchSite.config(root), token: nil, options: FetchSite.quick).load(.update(only: [.repos, .starred]))
        #expect(report.failed == [.repos])
        #expect(report.outcomes[.starred] == .saved(items: 16))
        let message = try #require(report.failures.first).description
        #expect(message.contains("is not the JSON usergraph expects"))
        #expect(message.contains("at [0].name: expected a string"))
        #expect(message.contains(apis.base + apis.repositoryPageKeys[1]))
        #expect(!FileManager.default.fileExists(atPath: root + "/Store/github/repos.json"))
        await apis.stop()
    }
}

/// A cached file that does not parse is reported where it breaks and never overwritten.
@Suite(.scratch) struct BrokenCacheTests {
    @Test func buildStopsBeforeAnyRequestAndUpdateLeavesTheFileAlone() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let broken = "{\n  \"source\": \"\(apis.base)/users/bitwiseman/repos?per_page=100\",\n  \"fetchedAt\": \"2026-11-20T06:00:00Z\"\n  \"data\": []\n}\n"
        try TestPaths.write(broken, to: root + "/Store/github/repos.json")
        let config = try FetchSite.config(root)

        await #expect(throws: UsergraphError.self) {
            _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        }
        do {
            _ = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.build(refresh: false))
        } catch let error as UsergraphError {
            #expect(error.message == root + "/Store/github/repos.json: line 4, column 3: expected ',' or '}'; the file is not valid JSON.")
        }
        #expect(apis.log.count == 0)

        let report = try await Loader(config: config, token: nil, options: FetchSite.quick).load(.update(only: nil))
        #expect(report.failed == [.repos])
        #expect(report.outcomes[.profile] == .saved(items: 1))
        #expect(report.failures.first?.description.hasSuffix("It is left as it is.") == true)
        #expect(try TestPaths.read(root + "/Store/github/repos.json") == broken)
        #expect(!apis.log.all.contains { $0.target.contains("/repos") })
        await apis.stop()
    }
}
