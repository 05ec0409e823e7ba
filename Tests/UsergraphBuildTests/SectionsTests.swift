import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphBuild
import UsergraphTestSupport

/// `sections:` turns parts of a site off; a part without data is absent from a published site
/// and says how to fill it only in a preview.
@Suite(.scratch) struct SectionsTests {
    static let allButWorkouts = "sections:\n  github: false\n  users: false\n  visitors: false\n  nutrition: false\n  steps: false\n  weight: false\n"

    /// The demo (every section has data) with `extra` added to its config and a base URL, so
    /// that it has a sitemap.
    static func demo(_ extra: String) throws -> String {
        let root = try TestPaths.scratch("sections")
        for item in ["usergraph.yml", "Store"] {
            try FileManager.default.copyItem(atPath: TestPaths.repository + "/" + item, toPath: root + "/" + item)
        }
        let config = root + "/usergraph.yml"
        try TestPaths.write(try TestPaths.read(config) + "baseURL: https://anna.example.org/\n" + extra, to: config)
        return root
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func withEverySectionOffButWorkoutsNothingOfTheOthersIsPublished() async throws {
        let root = try Self.demo(Self.allButWorkouts)
        let built = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(built.status == 0, "\(built.stderr)")
        let site = root + "/_site"
        for gone in ["users", "repositories", "starred", "meals"] {
            #expect(!Self.exists(site + "/" + gone), "\(gone)/ is published")
        }
        for kept in ["index.html", "statistics/index.html", "cards/index.html", "feed.xml", "feed.json", "404.html"] {
            #expect(Self.exists(site + "/" + kept), "\(kept) is missing")
        }
        // The navigation, the profile and the statistics page.
        let profile = try TestPaths.read(site + "/index.html")
        for link in ["href=\"users/index.html\"", "href=\"repositories/index.html\"", "href=\"meals/index.html\""] {
            #expect(!profile.contains(link), "\(link)")
        }
        #expect(profile.contains("href=\"statistics/index.html\""))
        #expect(!profile.contains("github-heading") && !profile.contains("contributions-heading") && !profile.contains("pinned-heading"))
        #expect(!profile.contains("Eaten") && profile.contains("week-heading"))
        let statistics = try TestPaths.read(site + "/statistics/index.html")
        for id in ["weekly-heading", "types-heading"] { #expect(statistics.contains(id), "\(id)") }
        for id in ["views-heading", "languages-heading", "intake-heading", "steps-heading", "weight-heading"] {
            #expect(!statistics.contains(id), "\(id) is on the statistics page")
        }
        #expect(!(try TestPaths.read(site + "/404.html")).contains("/users/"))
        // The sitemap, the feeds and the cards.
        let sitemap = try TestPaths.read(site + "/sitemap.xml")
        for path in ["/users/", "/repositories/", "/starred/", "/meals/"] { #expect(!sitemap.contains(path), "\(path) in the sitemap") }
        #expect(sitemap.contains("/statistics/") && sitemap.contains("/cards/"))
        let feed = try TestPaths.read(site + "/feed.xml")
        #expect(feed.contains("urn:usergraph:workout:") && !feed.contains("github.com"), "the feed has stars")
        let cards = try FileManager.default.contentsOfDirectory(atPath: site + "/cards")
        #expect(cards.contains("streak.svg") && !cards.contains { $0.hasPrefix("languages") || $0.hasPrefix("pinned") }, "\(cards)")
        // `stats` reports the workouts alone.
        let stats = await UsergraphCLI.run(["stats"], in: root)
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("Workouts"))
        for heading in ["Weight", "Users", "Repositories", "Nutrition and activity"] {
            #expect(!stats.stdout.contains(heading), "stats reports \(heading)")
        }
    }

    @Test func cardsAndFeedsOffLeaveNoFileNorLink() async throws {
        let root = try Self.demo("sections:\n  cards: false\n  feeds: false\n")
        #expect(await UsergraphCLI.run(["build", "--offline"], in: root).status == 0)
        let site = root + "/_site"
        #expect(!Self.exists(site + "/cards") && !Self.exists(site + "/feed.xml") && !Self.exists(site + "/feed.json"))
        let page = try TestPaths.read(site + "/statistics/index.html")
        #expect(!page.contains("feed.xml") && !page.contains("href=\"../cards/index.html\""))
        #expect(page.contains("href=\"../users/index.html\""), "the other sections stay")
    }

    @Test func anUnknownSectionIsNamedWithTheRightOne() async throws {
        let root = try Self.demo("sections:\n  workout: false\n")
        let run = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(run.status == 64)
        #expect(run.stderr.contains("`sections.workout`") && run.stderr.contains("`sections.workouts`"), "\(run.stderr)")
    }

    /// An empty store: the published site is the profile alone, without a word of set-up; a
    /// preview shows every section with how to fill it.
    @Test func anEmptySectionIsAbsentWhenPublishedAndAHintInAPreview() async throws {
        let root = try TestPaths.scratch("empty")
        try FileManager.default.createDirectory(atPath: root + "/Store", withIntermediateDirectories: true)
        try TestPaths.write("title: Empty\nasOf: 2026-11-20\n", to: root + "/usergraph.yml")
        var config = try ConfigLoader.load(path: root + "/usergraph.yml")
        _ = try SiteBuild.run(config: config)
        let published = try TestPaths.read(root + "/_site/index.html")
        #expect(!published.contains("usergraph owner set") && !published.contains("<code>"), "a set-up hint is published")
        #expect(!published.contains("href=\"users/index.html\"") && !published.contains("href=\"statistics/index.html\""))
        #expect(!Self.exists(root + "/_site/users") && !Self.exists(root + "/_site/statistics") && !Self.exists(root + "/_site/cards"))
        config.preview = true
        _ = try SiteBuild.run(config: config, options: BuildOptions(output: root + "/preview"))
        let preview = try TestPaths.read(root + "/preview/index.html")
        #expect(preview.contains("usergraph owner set") && preview.contains("href=\"users/index.html\""))
        #expect(Self.exists(root + "/preview/statistics/index.html"))
        // `stats` leaves out the sections without data: here, all of them.
        let stats = await UsergraphCLI.run(["stats"], in: root)
        #expect(stats.status == 0)
        for heading in ["Workouts", "Weight", "Users", "Repositories", "Nutrition and activity"] {
            #expect(!stats.stdout.contains(heading), "stats reports \(heading)")
        }
    }
}
