import Foundation
import Testing
@testable import UsergraphStore
@testable import UsergraphCore
@testable import UsergraphBuild
@testable import UsergraphPages
@testable import UsergraphPublish
import UsergraphTestSupport

@Suite(.scratch) struct SiteBuildTests {
    @Test func demoBuildsEveryPageOfTheDesign() throws {
        let (report, output) = try DemoSite.build()
        let fm = FileManager.default
        for page in [
            "index.html", "users/index.html", "users/page/2/index.html", "users/page/3/index.html", "users/1/index.html",
            "users/240/index.html", "repositories/index.html", "starred/index.html", "statistics/index.html", "meals/index.html",
            "meals/page/3/index.html", "404.html",
        ] {
            #expect(fm.fileExists(atPath: output + "/" + page), "missing \(page)")
        }
        #expect(!fm.fileExists(atPath: output + "/users/page/4/index.html"))
        let assets = try fm.contentsOfDirectory(atPath: output + "/assets").sorted()
        #expect(
            assets.count == 2 && assets.allSatisfy { $0.range(of: #"^(icon|style)\.[0-9a-f]{10}\.(svg|css)$"#, options: .regularExpression) != nil },
            "assets carry a content hash: \(assets)")
        #expect(!fm.fileExists(atPath: output + "/sitemap.xml"), "a sitemap needs a base URL")
        #expect(report.missing.isEmpty)
        // profile, 3 users pages, 240 users, the sources in 3 orders, the 161 forks in 3 orders
        // on 6 pages each (30 a page), starred, statistics, 5 meals pages (29 days with meals,
        // 7 a page), cards, 404; then the 47 filtered user lists (those of the 122 women and of
        // the 118 men take two pages) and the search page; then the 223 workouts' pages and
        // their lists, 50 a page: all (5 pages), by type (running 68 on 2 pages, the 5 other
        // types on 1 each) and by year (2026's 196 on 4 pages, 2025's 27 on 1); and the history:
        // all the years, and a page for each, 2025 and 2026.
        #expect(report.pages == 1 + 3 + 240 + 3 + 18 + 1 + 1 + 5 + 1 + 1 + 47 + 2 + 1 + 223 + 5 + 2 + 5 + 4 + 1 + 3)
        let users = try TestPaths.read(output + "/users/index.html")
        #expect(users.components(separatedBy: "class=\"user-card\"").count - 1 == 100)
        let repos = try TestPaths.read(output + "/repositories/index.html")
        #expect(repos.components(separatedBy: "class=\"repo-card\"").count - 1 == 8)
    }

    @Test func everyRelativeLinkResolvesToAFile() throws {
        let (_, output) = try DemoSite.build()
        let pattern = try NSRegularExpression(pattern: "(?:href|src)=\"([^\"]*)\"")
        var checked = 0
        // 404.html is served at any depth, so its links are root-relative (tested below).
        for file in PageText.htmlFiles(in: output) where file != "404.html" {
            let html = try TestPaths.read(output + "/" + file)
            let folder = URL(fileURLWithPath: output + "/" + file).deletingLastPathComponent()
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                let link = PageText.decodeEntities(String(html[range]))
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") || link.hasPrefix("#") { continue }
                #expect(!link.hasPrefix("/"), "\(file): root-relative link \(link) breaks when opened from disk")
                #expect(!link.hasSuffix("/"), "\(file): folder link \(link) does not open from disk")
                let target = folder.appendingPathComponent(link).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "\(file): \(link) points at nothing")
                #expect(target.hasPrefix(output), "\(file): \(link) leaves the site")
                checked += 1
            }
        }
        #expect(checked > 3000)
    }

    @Test func theNotFoundPageLinksFromTheRootWithoutABaseURL() throws {
        let (_, output) = try DemoSite.build()
        let html = try TestPaths.read(output + "/404.html")
        let pattern = try NSRegularExpression(pattern: "(?:href|src|content)=\"(/[^\"]*)\"")
        let links = pattern.matches(in: html, range: NSRange(html.startIndex..., in: html))
            .compactMap { Range($0.range(at: 1), in: html).map { String(html[$0]) } }
        #expect(links.contains { $0.hasPrefix("/assets/style.") })
        #expect(links.contains("/users/") && links.contains("/"))
        for link in links {
            let path = output + (link.hasSuffix("/") ? link + "index.html" : link)
            #expect(FileManager.default.fileExists(atPath: path), "404.html: \(link) points at nothing at the site's root")
        }
        #expect(!html.contains("href=\"index.html\"") && !html.contains("href=\"assets/"))
    }

    @Test func everyPageHasTheSharingTagsAndThePicturesExist() throws {
        let (_, output) = try DemoSite.build(baseURL: "https://anna.example.org/")
        for file in PageText.htmlFiles(in: output) {
            let html = try TestPaths.read(output + "/" + file)
            for tag in ["og:title", "og:description", "og:image", "og:image:alt", "twitter:card\" content=\"summary_large_image"] {
                #expect(html.contains(tag), "\(file) has no \(tag)")
            }
            #expect(html.contains("<meta property=\"og:image\" content=\"https://anna.example.org/social.png\">"), "\(file)")
            #expect(html.contains("<meta name=\"theme-color\""), "\(file)")
            #expect(html.contains("rel=\"apple-touch-icon\""), "\(file)")
            if file != "404.html" { #expect(html.contains("<meta property=\"og:url\" content=\"https://anna.example.org/"), "\(file)") }
        }
        for (file, size) in [("social.png", (1200, 630)), ("favicon-32.png", (32, 32)), ("icon-192.png", (192, 192)), ("apple-touch-icon.png", (180, 180))] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output + "/" + file)))
            #expect(ImageSize.parse(bytes) == ImageSize(width: size.0, height: size.1), "\(file)")
        }
    }

    @Test func userPagesAreNoindexAndOutOfTheSitemapUnlessTheConfigSaysSo() throws {
        let (_, hidden) = try DemoSite.build(baseURL: "https://anna.example.org/")
        #expect(try TestPaths.read(hidden + "/users/7/index.html").contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(try TestPaths.read(hidden + "/users/index.html").contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!(try TestPaths.read(hidden + "/statistics/index.html").contains("noindex")))
        #expect(!(try TestPaths.read(hidden + "/sitemap.xml").contains("/users/")))
        let (_, shown) = try DemoSite.build(baseURL: "https://anna.example.org/", privacy: .init(indexUsers: true))
        #expect(!(try TestPaths.read(shown + "/users/7/index.html").contains("noindex")))
        #expect(try TestPaths.read(shown + "/sitemap.xml").contains("<loc>https://anna.example.org/users/7/</loc>"))
    }

    @Test func visitorsAsCountsShowsNoVisitorsNameOrFace() throws {
        let (_, plain) = try DemoSite.build()
        #expect(try TestPaths.read(plain + "/statistics/index.html").contains("class=\"visitor-list\""))
        let (_, counted) = try DemoSite.build(privacy: .init(visitorsAsCounts: true))
        let html = try TestPaths.read(counted + "/statistics/index.html")
        #expect(!html.contains("class=\"visitor-list\""))
        #expect(!html.contains("ivanova&#95;irina"))
        #expect(html.contains("This site shows its visitors only as counts."))
    }

    @Test func theNavigationMarksTheCurrentPage() throws {
        let (_, output) = try DemoSite.build()
        let stats = try TestPaths.read(output + "/statistics/index.html")
        #expect(stats.contains("<a href=\"../statistics/index.html\" aria-current=\"page\">"))
        #expect(stats.components(separatedBy: "aria-current=\"page\"").count - 1 == 1)
        let starred = try TestPaths.read(output + "/starred/index.html")
        #expect(starred.contains("<a href=\"../repositories/index.html\" aria-current=\"page\">"))
        #expect(starred.contains("lang=\"en\""))
    }

    @Test func hostileDataShowsAsTextAndNeverAsMarkup() throws {
        let repo = """
            [{"id": 1, "name": "evil", "full_name": "x/evil", "html_url": "javascript:alert(1)",
              "description": "<script>alert('x')</script> [click](javascript:alert(1)) <img src=x onerror=alert(1)>",
              "language": "<b>Swift</b>", "stargazers_count": 3, "forks_count": 1}]
            """
        let users = """
            {"users": [{"id": 7, "sex": "W", "username": "<i>eve</i>\\n# heading", "isOnline": true, "age": 30,
              "files": [{"id": 1, "url": "javascript:alert(1)", "type": "avatar"}]}]}
            """
        let site = try TestPaths.site(store: [
            "github/repos.json": "{\"source\": \"x\", \"fetchedAt\": \"2026-11-20T06:00:00Z\", \"data\": \(repo)}",
            "users.json": "{\"source\": \"x\", \"fetchedAt\": \"2026-11-20T06:00:00Z\", \"data\": \(users)}",
        ])
        _ = try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml"))
        let repos = try TestPaths.read(site + "/_site/repositories/index.html")
        #expect(!repos.contains("<script>"))
        #expect(!repos.contains("<img src=x"))
        #expect(!repos.contains("<b>Swift"))
        #expect(!repos.contains("href=\"javascript"))
        #expect(!repos.contains("href=\"javascript&#58;"))
        #expect(repos.contains("&lt;script&gt;alert"))
        let user = try TestPaths.read(site + "/_site/users/7/index.html")
        #expect(!user.contains("<i>eve"))
        #expect(!user.contains("<h1># heading") && !user.contains("<h1>heading"))
        #expect(!user.contains("javascript"))
    }

    /// In a preview (`serve --watch`); a published site leaves such sections out (`SectionsTests`).
    @Test func missingCollectionsRenderAnHonestEmptyStateInAPreview() throws {
        let site = try TestPaths.site(store: [:])
        var config = try ConfigLoader.load(path: site + "/usergraph.yml")
        config.preview = true
        let report = try SiteBuild.run(config: config)
        #expect(report.missing.count == 5)
        let users = try TestPaths.read(site + "/_site/users/index.html")
        #expect(users.contains("The store has no users yet"))
        let repos = try TestPaths.read(site + "/_site/repositories/index.html")
        #expect(repos.contains("The store has no repositories yet"))
        let home = try TestPaths.read(site + "/_site/index.html")
        #expect(home.contains("No GitHub profile in the store yet"))
        #expect(home.contains("There is no owner profile in the store yet"))
    }

    @Test func aBaseURLAddsCanonicalLinksSitemapAndRobots() throws {
        let (_, output) = try DemoSite.build(baseURL: "https://anna.example.org/dashboard")
        let sitemap = try TestPaths.read(output + "/sitemap.xml")
        #expect(sitemap.contains("<loc>https://anna.example.org/dashboard/</loc>"))
        #expect(!sitemap.contains("404"))
        // Every page but the 404 and the users directory's 243 (privacy.indexUsers is off).
        #expect(sitemap.components(separatedBy: "<url>").count - 1 == 516 - 243)
        let robots = try TestPaths.read(output + "/robots.txt")
        #expect(robots.contains("Sitemap: https://anna.example.org/dashboard/sitemap.xml"))
        let user = try TestPaths.read(output + "/users/7/index.html")
        #expect(user.contains("<link rel=\"canonical\" href=\"https://anna.example.org/dashboard/users/7/\">"))
        let notFound = try TestPaths.read(output + "/404.html")
        #expect(notFound.range(of: #"href="https://anna\.example\.org/dashboard/assets/style\.[0-9a-f]{10}\.css""#, options: .regularExpression) != nil)
    }

    @Test func aBrokenTemplateNamesFileLineAndTagAndPublishesNothing() throws {
        let site = try TestPaths.site(store: [:])
        try TestPaths.write("---\ntitle: Users\n---\n# Users\n\n{{#users}}\n{{username}}\n{{/user}}\n", to: site + "/Templates/users.md")
        let error = #expect(throws: UsergraphError.self) { try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml")) }
        #expect(error?.message.hasPrefix(site + "/Templates/users.md:8:") == true)
        #expect(error?.message.contains("{{/user}}") == true)
        #expect(!FileManager.default.fileExists(atPath: site + "/_site"))
    }

    @Test func aFailedBuildLeavesThePublishedSiteAsItWas() throws {
        let site = try TestPaths.site(store: [:])
        _ = try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml"))
        let before = try TestPaths.read(site + "/_site/index.html")
        try TestPaths.write("{ not json", to: site + "/Store/owner.json")
        #expect(throws: UsergraphError.self) { try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml")) }
        #expect(try TestPaths.read(site + "/_site/index.html") == before)
        let leftovers = try TestPaths.buildLeftovers(site)
        #expect(leftovers.isEmpty)
    }

    @Test func theSameInputsGiveTheSameBytes() throws {
        let (_, first) = try DemoSite.build()
        let (_, second) = try DemoSite.build()
        for file in PageText.htmlFiles(in: first) {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: first + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: second + "/" + file)), "\(file) differs"
            )
        }
    }
}

@Suite(.scratch) struct StatisticsPageTests {
    @Test func everyChartHasItsAccessibleNameAndUniqueIds() throws {
        let (_, output) = try DemoSite.build()
        let html = try TestPaths.read(output + "/statistics/index.html")
        // 21 charts: the calendar once, the others drawn at 460 and 320 units, those across the
        // page also at 720 (the stylesheet shows one of each): weekly, types, intake, macros and
        // the viewers' sex and age for 4 periods at two widths; steps, weight, languages and
        // views by day, week and month at three.
        #expect(html.components(separatedBy: "<svg").count - 1 == 1 + 12 * 2 + 6 * 3)
        // Each a picture but the calendar, whose days are links: a graphics document, SVG's own role.
        #expect(html.components(separatedBy: "role=\"img\"").count - 1 == 42)
        let calendar = try #require(html.range(of: "aria-labelledby=\"chart-heatmap-title"))
        let tag = try #require(html[..<calendar.lowerBound].range(of: "<svg", options: .backwards))
        #expect(!html[tag.lowerBound..<calendar.lowerBound].contains("role="))
        #expect(!html.contains("<script"))
        let ids = try NSRegularExpression(pattern: " id=\"([^\"]+)\"")
            .matches(in: html, range: NSRange(html.startIndex..., in: html))
            .compactMap { Range($0.range(at: 1), in: html).map { String(html[$0]) } }
        #expect(Set(ids).count == ids.count, "duplicate ids on the statistics page")
        #expect(ids.contains("chart-heatmap-title"))
        #expect(html.contains("<title id=\"chart-weekly-title\">Workouts per week</title>"))
    }

    /// A language of the site's own (the built-in theme has no `de.yml` to fill its gaps).
    @Test func aMissingChartWordIsAnErrorNamingKeyAndFile() throws {
        let site = try TestPaths.site(store: [:], config: "language: de\n")
        let path = site + "/Templates/strings/de.yml"
        let kept = try TestPaths.read(site + "/Templates/strings/en.yml").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("    unique: Visitors") }
        try TestPaths.write(kept.joined(separator: "\n"), to: path)
        let error = #expect(throws: UsergraphError.self) { try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml")) }
        #expect(error?.message == "\(path) has no `chart.views.unique`; add it (see the default theme's strings/en.yml).")
        #expect(!FileManager.default.fileExists(atPath: site + "/_site"))
    }
}

@Suite(.scratch) struct UsersPaginationTests {
    @Test(arguments: [
        (1, 1, [1]), (1, 3, [1, 2, 3]), (2, 3, [1, 2, 3]),
        (1, 10, [1, 2, 3, 10]), (4, 10, [1, 2, 3, 4, 5, 6, 10]),
        (5, 10, [1, 2, 3, 4, 5, 6, 7, 10]), (6, 10, [1, 4, 5, 6, 7, 8, 9, 10]), (10, 10, [1, 8, 9, 10]),
        (500, 1000, [1, 498, 499, 500, 501, 502, 1000]),
    ])
    func theListLinksToTheEndsAndTheNeighbours(current: Int, total: Int, expected: [Int]) {
        #expect(Pagination.pageWindow(current: current, total: total) == expected)
    }

    @Test func everyWindowIsShortOrderedAndLeavesOutTwoOrMoreNumbersAtAGap() {
        for total in 1...40 {
            for current in 1...total {
                let window = Pagination.pageWindow(current: current, total: total)
                #expect(window.first == 1 && window.last == total && window.contains(current))
                #expect(window.count <= 9, "\(current) of \(total): \(window)")
                #expect(zip(window, window.dropFirst()).allSatisfy { $1 == $0 + 1 || $1 >= $0 + 3 }, "\(window)")
                #expect(window.contains { abs($0 - current) <= 2 } && (max(1, current - 2)...min(total, current + 2)).allSatisfy(window.contains))
            }
        }
    }

    @Test func aLongListShowsAWindowOfPageLinks() throws {
        let users = (1...1_250).map { #"{"id":\#($0),"username":"u\#($0)","sex":"M","age":30,"isOnline":false,"files":[]}"# }
        let root = try TestPaths.site(store: [
            "users.json": #"{"source":"x","fetchedAt":"2026-11-20T06:00:00Z","data":{"users":[\#(users.joined(separator: ","))]}}"#
        ])
        _ = try SiteBuild.run(config: try ConfigLoader.load(path: root + "/usergraph.yml"))
        let html = try TestPaths.read(root + "/_site/users/page/7/index.html")
        let nav = try #require(html.range(of: #"<nav class="pagination"[\s\S]*?</nav>"#, options: .regularExpression).map { String(html[$0]) })
        let links = nav.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        // Without a base URL, links name the file, so the site opens from disk.
        #expect(links == [6, 1, 5, 6, 8, 9, 13, 8].map { $0 == 1 ? "../../../users/index.html" : "../../../users/page/\($0)/index.html" })
        #expect(nav.contains(#"<span aria-current="page">7</span>"#))
        #expect(nav.components(separatedBy: "class=\"gap\"").count - 1 == 2, "one gap after 1, one before 13")
    }
}

@Suite(.scratch) struct DirectoryFilterTests {
    @Test func onlineWomenAgedTwentySixToThirtyListExactlyThose() throws {
        let (_, output) = try DemoSite.build()
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let users = try StoreReader.read(StoreLayout(root: config.store)).users?.value ?? []
        let expected = Set(users.filter { $0.sex == "W" && $0.isOnline && (26...30).contains($0.age) }.map(\.id))
        #expect(expected.count == 9)
        let html = try TestPaths.read(output + "/users/online/women/26-30/index.html")
        let listed = try NSRegularExpression(pattern: #"<li class="user-card">\s*<a href="\.\./\.\./\.\./\.\./users/([0-9]+)/index\.html""#)
            .matches(in: html, range: NSRange(html.startIndex..., in: html))
            .compactMap { Range($0.range(at: 1), in: html).flatMap { Int(html[$0]) } }
        #expect(Set(listed) == expected && listed.count == expected.count)
        #expect(html.contains("aria-current=\"page\">26-30</a>") && html.contains("aria-current=\"page\">Women</a>"))
        // Every combination exists, and every user is on exactly one page of the unfiltered list.
        #expect(FileManager.default.fileExists(atPath: output + "/users/all/men/51-plus/index.html"))
        #expect(FileManager.default.fileExists(atPath: output + "/users/online/all/all/index.html"))
    }

    @Test func theSearchIndexHoldsEveryUserWhateverListPageTheyAreOn() throws {
        let (_, output) = try DemoSite.build()
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let users = try StoreReader.read(StoreLayout(root: config.store)).users?.value ?? []
        let html = try TestPaths.read(output + "/users/search/index.html")
        // The page loads the index script, which holds every user as [name, link, about].
        #expect(html.contains("<script src=\"../../users/search/users-1.js\"></script>"))
        #expect(!FileManager.default.fileExists(atPath: output + "/users/search/users-2.js"))
        let rows = try DirectoryFilterTests.searchIndexRows(try TestPaths.read(output + "/users/search/users-1.js"))
        #expect(rows.map { $0[1] } == users.sorted { $0.id < $1.id }.map { "../../users/\($0.id)/index.html" })
        // The last user sits on page 3 of the list and is in the index by name.
        let last = try #require(users.max { $0.id < $1.id })
        #expect(try TestPaths.read(output + "/users/page/3/index.html").contains("../../../users/\(last.id)/index.html"))
        #expect(rows.last?[0] == last.username)
        #expect(rows.last?[2].hasPrefix("\(last.age) years · ") == true)
        #expect(html.contains("<script>") && html.contains("id=\"user-search\""))
        #expect(!(try TestPaths.read(output + "/users/index.html")).contains("<script"), "only the search page has a script")
        // Index scripts are files, not pages: not in the sitemap.
        if let sitemap = try? TestPaths.read(output + "/sitemap.xml") { #expect(!sitemap.contains(".js<")) }
    }

    @Test func anIndexScriptKeepsHostileNamesInsideItsStrings() throws {
        let names = ["a\"b", "back\\slash", "</script><script>alert(1)</script>", "line\u{2028}break\u{2029}", "tab\tnew\nline\u{1}", "Вера 🏃"]
        var bytes: [UInt8] = []
        for name in names {
            JavaScript.appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        let script = String(decoding: bytes, as: UTF8.self)
        #expect(!script.contains("<") && !script.contains("\u{2028}") && !script.contains("\n"))
        let decoded = try JSONSerialization.jsonObject(with: Data(("[" + script.dropLast() + "]").utf8)) as? [String]
        #expect(decoded == names)
    }

    /// The rows of an index script, read as JSON (which its literals are).
    static func searchIndexRows(_ script: String) throws -> [[String]] {
        let start = try #require(script.range(of: "push(\n")), end = try #require(script.range(of: "\n);\n", options: .backwards))
        let json = "[" + script[start.upperBound..<end.lowerBound] + "]"
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String]])
    }
}
