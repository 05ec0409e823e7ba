import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphBuild
@testable import UsergraphRender
import UsergraphTestSupport

/// The demo site in each language: every page in that language, golden pages, and what a
/// missing word does.
@Suite(.scratch) struct LocalizedSiteTests {
    static func buildDemo(_ language: String) throws -> String {
        let output = try TestPaths.scratch("demo-\(language)") + "/site"
        var config = try ConfigLoader.load(path: TestPaths.demoConfig)
        config.language = language
        _ = try SiteBuild.run(config: config, options: BuildOptions(output: output))
        return output
    }

    /// The part of a page that is the page's own (the shell is checked by the lang test).
    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return html }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test(arguments: ["en", "ru"])
    func everyPageCarriesItsLanguage(language: String) throws {
        let output = try Self.buildDemo(language)
        let files = PageText.htmlFiles(in: output)
        #expect(files.count == 567)
        for file in files {
            let html = try TestPaths.read(output + "/" + file)
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(language)\">"), "\(file)")
            #expect(!html.contains("⟦"), "\(file) shows a key the code did not require")
        }
    }

    @Test func theRussianSiteHasNoEnglishWordsLeft() throws {
        let output = try Self.buildDemo("ru")
        let english = [
            "Workouts", "Statistics", "Profile", "Users", "Fetched on", "Show as table", "workouts", " days",
            "Men", "Women", "Level", "January", "November", "Nov ", "Mon", "Less", "More", "No data", "years",
            "Skip to content", "Online", "page ", "Previous", "Next", "Built by",
        ]
        for page in [
            "index.html", "statistics/index.html", "users/index.html", "users/page/2/index.html", "users/7/index.html",
            "repositories/index.html", "starred/index.html", "404.html",
        ] {
            var html = try TestPaths.read(output + "/" + page)
            // Data (names, repository descriptions, languages, avatars' hashes) may be English.
            for data in ["GitHub", "GitHubSince"] { html = html.replacingOccurrences(of: data, with: "") }
            let text = Self.visibleText(html)
            for word in english where text.contains(word) {
                let index = text.range(of: word).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
                let context = String(text.dropFirst(max(0, index - 40)).prefix(80))
                Issue.record("\(page) still says `\(word)`: …\(context)…")
            }
        }
    }

    /// Text a reader sees or hears: element text, titles and labels, not markup or URLs.
    static func visibleText(_ html: String) -> String {
        var text = html
        // Repository names and descriptions come from GitHub as they are: data, not our words.
        text = text.replacingOccurrences(of: #"<p class="repo-description">[^<]*</p>"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #"<h2 class="repo-name">.*?</h2>"#, with: " ", options: .regularExpression)
        // Attributes read aloud or shown as tooltips stay; everything else in tags goes.
        text = text.replacingOccurrences(of: #"(?:aria-label|title|alt)="([^"]*)""#, with: " $1 ", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        return text
    }

    @Test func theRussianStatisticsSpeakRussianInTheirCharts() throws {
        let output = try Self.buildDemo("ru")
        let html = try TestPaths.read(output + "/statistics/index.html")
        #expect(html.contains("<title id=\"chart-weekly-title\">Тренировки по неделям</title>"))
        #expect(html.contains(">Пн</text>") && html.contains(">Ср</text>"))
        #expect(html.contains(">май</text>") && html.contains(">ноя</text>"))
        #expect(html.contains("<title>20 ноября 2026\u{00A0}г.: 1 тренировка</title>"))
        // Weight ticks every 2 kg; a value, in a dot's tooltip, is written with a comma.
        #expect(html.contains(">72</text>") && html.contains(">78</text>") && html.contains("72,4</title>"))
        #expect(html.contains("<td><time datetime=\"2026-11\">Ноябрь 2026</time></td>"))
        #expect(html.contains("<p class=\"big\">82\u{00A0}727<span class=\"unit\"> ккал</span></p>"))
        let users = try TestPaths.read(output + "/users/page/2/index.html")
        #expect(
            users.contains("<title>Пользователи · страница 2 из 3 · Anna&#39;s dashboard</title>")
                || users.contains("<title>Пользователи · страница 2 из 3 · Anna&#x27;s dashboard</title>")
                || users.contains("<title>Пользователи · страница 2 из 3 · Anna's dashboard</title>"))
        #expect(users.contains("240 пользователей"))
    }

    @Test(arguments: ["en", "ru"])
    func theProfileAndStatisticsPagesAreGolden(language: String) throws {
        let output = try Self.buildDemo(language)
        // Asset names carry a hash of the CSS, which other work changes; the words do not.
        func page(_ path: String) throws -> String {
            try TestPaths.read(output + "/" + path)
                .replacingOccurrences(of: #"(assets/[A-Za-z0-9_-]+)\.[0-9a-f]{10}\."#, with: "$1.", options: .regularExpression)
        }
        try expectGolden("profile-\(language).html", try page("index.html"))
        // The charts have goldens of their own (UsergraphChartsTests); here only their words.
        let statistics = try page("statistics/index.html")
            .replacingOccurrences(
                of: #"(<svg[^>]*>\n<title[^>]*>[^<]*</title>\n<desc[^>]*>[^<]*</desc>)[\s\S]*?</svg>"#,
                with: "$1…</svg>", options: .regularExpression)
        try expectGolden("statistics-\(language).html", statistics)
    }

    @Test func switchingTheLanguageRebuildsAnUpToDateSite() throws {
        let output = try TestPaths.scratch("switch") + "/site"
        var config = try ConfigLoader.load(path: TestPaths.demoConfig)
        _ = try SiteBuild.run(config: config, options: BuildOptions(output: output))
        config.language = "ru"
        let report = try SiteBuild.run(config: config, options: BuildOptions(output: output))
        #expect(!report.upToDate)
        #expect(try TestPaths.read(output + "/index.html").contains("<html lang=\"ru\">"))
    }

    @Test func aWordMissingFromALanguageStopsTheBuildNamingKeyFileAndTemplateLine() throws {
        // A language of the site's own: the built-in theme has no `uk.yml` to fill its gaps.
        let site = try TestPaths.site(store: [:], config: "language: uk\n")
        let path = site + "/Templates/strings/uk.yml"
        let kept = try TestPaths.read(site + "/Templates/strings/ru.yml").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  toUsers: ") }
        try TestPaths.write(kept.joined(separator: "\n"), to: path)
        let error = #expect(throws: UsergraphError.self) { try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml")) }
        #expect(error?.message == "\(site)/Templates/404.md:8: `t.notFound.toUsers` is not in \(path); add it there.")
        #expect(!FileManager.default.fileExists(atPath: site + "/_site"), "nothing is published, not even with an empty label")
    }

    @Test func aCountedPhraseUsedAsTextIsNamed() throws {
        let site = try TestPaths.site(store: [:])
        try TestPaths.write("---\ntitle: x\n---\n{{t.count.workouts}}\n", to: site + "/Templates/404.md")
        let error = #expect(throws: UsergraphError.self) { try SiteBuild.run(config: try ConfigLoader.load(path: site + "/usergraph.yml")) }
        #expect(error?.message.hasPrefix("\(site)/Templates/404.md:4: `t.count.workouts` is a counted phrase") == true)
    }

    @Test func templateKeysAreFoundWithTheirLines() {
        let uses = TemplateKeys.uses(in: "a {{t.x.y}}\n{{#t.g}}{{{t.html}}}{{/t.g}}\n\n{{t.count.days(streak.n)}} {{plain}} {{! t.comment}}")
        #expect(
            uses == [
                .init(key: "x.y", counted: false, line: 1, section: false),
                .init(key: "g", counted: false, line: 2, section: true),
                .init(key: "html", counted: false, line: 2, section: false),
                .init(key: "count.days", counted: true, line: 4, section: false),
            ])
    }
}

@Suite(.scratch) struct GenderTests {
    /// Russian verbs and adjectives agree with the user's sex: no masculine form on a woman's
    /// page and no feminine one on a man's, on every user page of the demo.
    @Test func everyUserPageSpeaksOfThemInTheirGender() throws {
        let output = try LocalizedSiteTests.buildDemo("ru")
        let masculine = ["Подписывался<", "Отписывался<", "Ещё не заходил<"]
        let feminine = ["Подписывалась<", "Отписывалась<", "Ещё не заходила<"]
        var women = 0, men = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: output + "/users") where Int(name) != nil {
            let html = try TestPaths.read(output + "/users/" + name + "/index.html")
            if html.contains("<span>Женщина</span>") {
                women += 1
                for form in masculine { #expect(!html.contains(form), "users/\(name): \(form)") }
                #expect(html.contains("Подписывалась<") && html.contains("Отписывалась<"), "users/\(name)")
            } else if html.contains("<span>Мужчина</span>") {
                men += 1
                for form in feminine { #expect(!html.contains(form), "users/\(name): \(form)") }
            }
        }
        #expect(women == 122 && men == 118)
    }
}
