import Foundation
import Testing
@testable import UsergraphCore
import UsergraphTestSupport

/// The GitHub side of the demo site: the repositories lists, the pinned cards and the
/// contribution calendar on the profile, with and without the GraphQL answers in the store.
@Suite(.scratch) struct GitHubPagesTests {
    /// The store's own repositories by name, as the demo's repos.json holds them.
    static func storedRepositories() throws -> [String: [String: Any]] {
        let envelope = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Store/github/repos.json"))) as? [String: Any])
        let repos = try #require(envelope["data"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: repos.compactMap { repo in (repo["name"] as? String).map { ($0, repo) } })
    }

    /// The repository names of a list page's cards, in page order (attributes as a browser reads them).
    static func cardNames(_ page: String) throws -> [String] {
        let html = PageText.decodeEntities(page)
        let pattern = try NSRegularExpression(pattern: #"<h2 class="repo-name"><a href="https://github\.com/[^/"]+/([^"]+)">"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// A list across all its pages, following each page's `rel="next"` link.
    static func walk(_ output: String, from first: String) throws -> [String] {
        var names: [String] = []
        var file: String? = first
        var pages = 0
        while let current = file {
            pages += 1
            #expect(pages <= 6, "a list of 161 takes 6 pages")
            let html = try TestPaths.read(output + "/" + current)
            names += try cardNames(html)
            let next = try NSRegularExpression(pattern: #"<a href="([^"]+)" rel="next">"#)
            file = next.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)).flatMap { Range($0.range(at: 1), in: html) }.map {
                (URL(fileURLWithPath: output + "/" + current).deletingLastPathComponent().appendingPathComponent(String(html[$0])).standardizedFileURL.path)
                    .replacingOccurrences(of: URL(fileURLWithPath: output).standardizedFileURL.path + "/", with: "")
            }
        }
        return names
    }

    @Test func everyListHoldsEachRepositoryOnceInItsOrder() throws {
        let (_, output) = try DemoSite.build()
        let stored = try Self.storedRepositories()
        let forks = Set(stored.filter { $0.value["fork"] as? Bool == true }.keys)
        let sources = Set(stored.keys).subtracting(forks)
        #expect(sources.count == 8 && forks.count == 161)
        for (folder, expected) in [("repositories/", sources), ("repositories/forks/", forks)] {
            for order in ["", "stars/", "name/"] {
                let names = try Self.walk(output, from: folder + order + "index.html")
                #expect(names.count == expected.count, "\(folder)\(order)")
                #expect(Set(names) == expected, "\(folder)\(order)")
                let pushed = names.map { stored[$0]?["pushed_at"] as? String ?? stored[$0]?["updated_at"] as? String ?? "" }
                let stars = names.map { stored[$0]?["stargazers_count"] as? Int ?? 0 }
                switch order {
                case "": #expect(pushed == pushed.sorted(by: >), "\(folder) newest push first")
                case "stars/": #expect(stars == stars.sorted(by: >), "\(folder) most stars first")
                default: #expect(names.map { $0.lowercased() } == names.map { $0.lowercased() }.sorted(), "\(folder) by name")
                }
            }
        }
        // 30 a page: the forks take six, and page 1 links to page 2.
        let forksPage1 = try TestPaths.read(output + "/repositories/forks/stars/index.html")
        #expect(try Self.cardNames(forksPage1).count == 30)
        #expect(forksPage1.contains(#"<a href="../../../repositories/forks/stars/page/2/index.html" rel="next">"#))
        #expect(forksPage1.contains("Showing 1–30 of 161."))
        #expect(FileManager.default.fileExists(atPath: output + "/repositories/forks/stars/page/6/index.html"))
    }

    @Test func theHeaderSaysWhatItCountsAndTheTabsLinkEachOther() throws {
        let (_, output) = try DemoSite.build()
        let sources = try TestPaths.read(output + "/repositories/index.html")
        #expect(sources.contains("169 repositories: 8 sources, 161 forks; forked 90 times · 33 stars"))
        #expect(
            sources.contains(
                #"<a href="../repositories/index.html" aria-current="page">Sources <span class="count">8</span></a><a href="../repositories/forks/index.html">Forks <span class="count">161</span></a>"#
            ))
        #expect(sources.contains(#"<a href="../repositories/stars/index.html">Most stars</a>"#))
        // A tab keeps the order chosen; the order links keep the tab.
        let byName = try TestPaths.read(output + "/repositories/forks/name/index.html")
        #expect(byName.contains("<title>Repositories · Forks · Name · page 1 of 6"))
        #expect(byName.contains(#"<a href="../../../repositories/name/index.html">Sources <span class="count">8</span></a>"#))
        #expect(byName.contains(#"<a href="../../../repositories/forks/stars/index.html">Most stars</a>"#))
        // The fork mark is an inline icon, not U+2442, which common fonts lack.
        for page in ["repositories/index.html", "repositories/forks/index.html", "starred/index.html", "index.html"] {
            let html = try TestPaths.read(output + "/" + page)
            #expect(!html.contains("\u{2442}"), "\(page)")
            #expect(html.contains(#"<svg class="icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16""#), "\(page)")
        }
    }

    @Test func theProfileShowsGitHubsPinsAndTheCalendarFromTheStore() throws {
        let (_, output) = try DemoSite.build()
        let home = PageText.decodeEntities(try TestPaths.read(output + "/index.html"))
        #expect(home.contains(#"<h2 id="pinned-heading">Pinned</h2>"#))
        let pinned = try #require(home.components(separatedBy: #"class="repo-list pinned-list""#).last)
        #expect(pinned.components(separatedBy: #"<li class="repo-card">"#).count - 1 == 6)
        // An organisation's repository keeps its owner; the emoji shortcode is drawn; GitHub's colour is kept.
        #expect(pinned.contains(#"<a href="https://github.com/hub4j/github-api">hub4j/github-api</a>"#))
        #expect(pinned.contains("☕ Java API for GitHub"))
        #expect(pinned.contains(#"style="background:#b07219""#))
        #expect(pinned.contains(#"<a href="https://github.com/bitwiseman/jenkins-pipeline-shared">jenkins-pipeline-shared</a>"#))
        // The demo's calendar: 12 days in a row up to the as-of day, 31 at most.
        #expect(home.contains("contributions in the last 365 days · Current streak: 12 days · Longest streak: 31 days"))
        #expect(home.contains(#"id="chart-contributions-title">Contribution calendar</title>"#))
        #expect(!home.contains("needs a token"))
    }

    @Test func withoutGraphQLAnswersThePopularSourcesAndTheCalendarsWayIn() throws {
        let root = try DemoSite.copy()
        for file in ["pinned", "contributions", "languages"] { try FileManager.default.removeItem(atPath: root + "/Store/github/\(file).json") }
        try DemoSite.buildSite(root)
        let home = try TestPaths.read(root + "/_site/index.html")
        #expect(home.contains(#"<h2 id="pinned-heading">Popular repositories</h2>"#))
        let pinned = try #require(home.components(separatedBy: #"class="repo-list pinned-list""#).last?.components(separatedBy: "</ul>").first)
        let names = try Self.cardNames(pinned)
        // The six sources with the most stars, then the latest push: jenkins-pipeline-shared has 20.
        #expect(names.count == 6 && names.first == "jenkins-pipeline-shared")
        let stored = try Self.storedRepositories()
        #expect(names.allSatisfy { stored[$0]?["fork"] as? Bool == false })
        #expect(!home.contains("needs a token"), "a set-up hint, for a preview only")
        let statistics = try TestPaths.read(root + "/_site/statistics/index.html")
        #expect(statistics.contains(#"<h3 id="languages-heading">Primary languages of the sources</h3>"#))
    }

    @Test func githubPinnedInTheConfigChoosesTheCardsAndNamesTheUnknown() throws {
        let root = try DemoSite.copy()
        let config = try TestPaths.read(root + "/usergraph.yml")
            .replacingOccurrences(
                of: "  apiURL: https://api.github.com\n",
                with: "  apiURL: https://api.github.com\n  pinned: [yinyango, no-such-repo, Jenkins-Pipeline-Shared]\n")
        try TestPaths.write(config, to: root + "/usergraph.yml")
        let report = try DemoSite.buildSite(root)
        #expect(
            report.warnings.map(\.description) == [
                "`github.pinned` in usergraph.yml names no-such-repo, which the store’s repositories of bitwiseman do not include; the profile leaves them out."
            ])
        let home = try TestPaths.read(root + "/_site/index.html")
        #expect(home.contains(#"<h2 id="pinned-heading">Pinned</h2>"#))
        let pinned = try #require(home.components(separatedBy: #"class="repo-list pinned-list""#).last?.components(separatedBy: "</ul>").first)
        #expect(try Self.cardNames(pinned) == ["yinyango", "jenkins-pipeline-shared"])
    }

    /// After `github.login` changes, an offline build shows none of the previous account's
    /// profile, repositories, pins or calendar under the new name, and says why.
    @Test func anotherLoginsCachedAnswersAreNotShown() async throws {
        var store: [String: String] = [:]
        for name in ["profile", "repos", "starred", "pinned", "contributions", "languages"] {
            store["github/\(name).json"] = try TestPaths.read(TestPaths.repository + "/Store/github/\(name).json")
        }
        let root = try TestPaths.site(store: store, config: "github:\n  login: bitwiseman\n")
        let first = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try TestPaths.read(root + "/_site/index.html").contains("github.com/bitwiseman"))
        let config = try TestPaths.read(root + "/usergraph.yml")
        try TestPaths.write(config.replacingOccurrences(of: "login: bitwiseman", with: "login: octocat"), to: root + "/usergraph.yml")
        let second = await UsergraphCLI.run(["build", "--offline", "--quiet"], in: root)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stderr.contains("Not shown: profile, repos, starred, pinned, contributions, languages; the store holds them for another account"),
            "\(second.stderr)")
        let files = try #require(FileManager.default.enumerator(atPath: root + "/_site")?.allObjects as? [String])
        for file in files where file.hasSuffix(".html") || file.hasSuffix(".xml") || file.hasSuffix(".svg") || file.hasSuffix(".json") {
            #expect(!(try TestPaths.read(root + "/_site/" + file)).contains("bitwiseman"), "\(file)")
        }
        // The store is as it was: nothing was deleted or rewritten.
        for (path, text) in store { #expect(try TestPaths.read(root + "/Store/" + path) == text) }
    }
}
