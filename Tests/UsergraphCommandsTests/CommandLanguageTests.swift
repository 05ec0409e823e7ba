import Foundation
import Testing
@testable import UsergraphStore
import UsergraphTestSupport

/// The real executable speaks the language of `--language`, else of the config.
@Suite(.scratch) struct CommandLanguageTests {
    @Test func buildTakesLanguageFromTheCommandLine() async throws {
        // A copy of the demo: a build takes the site's lock, which is not written into the checkout.
        let root = try DemoSite.copy()
        let output = try TestPaths.scratch("cli-ru") + "/site"
        let result = await UsergraphCLI.run(["build", "--language", "ru", "--output", output, "--base-url", "https://example.org/"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let home = try TestPaths.read(output + "/index.html")
        #expect(home.contains("<html lang=\"ru\">"))
        #expect(home.contains("Тренировки этой недели"))
        #expect(FileManager.default.fileExists(atPath: output + "/sitemap.xml"))
    }

    @Test func statsSpeaksRussianAndStaysAsciiWhenAsked() async throws {
        let result = await UsergraphCLI.run(["stats", "--config", TestPaths.demoConfig, "--language", "ru", "--ascii"], in: TestPaths.repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Statistika na 20 noyabrya 2026 g.\n"))
        #expect(result.stdout.utf8.allSatisfy { $0 < 128 })
        let json = await UsergraphCLI.run(["stats", "--config", TestPaths.demoConfig, "--language", "ru", "--json"], in: TestPaths.repository)
        #expect(json.stdout.contains("\"asOf\": \"2026-11-20\""), "the JSON contract has no language")
    }

    @Test func anUnknownLanguageIsBadUsage() async throws {
        let result = await UsergraphCLI.run(
            ["build", "--config", TestPaths.demoConfig, "--language", "de", "--output", try TestPaths.scratch()], in: TestPaths.repository)
        #expect(result.status == 64)
        #expect(result.stderr == "usergraph: --language `de` has no strings file \(TestPaths.repository)/Templates/strings/de.yml (the theme has: en, ru).\n")
    }

    @Test func aBrokenConfigIsReportedInTheLanguageItNames() async throws {
        let site = try TestPaths.site(store: [:])
        try TestPaths.write("language: ru\ntimezone: Europe/Moscow\n", to: site + "/usergraph.yml")
        let result = await UsergraphCLI.run(["build"], in: site)
        #expect(result.status == 64)
        #expect(result.stderr == "usergraph: \(site)/usergraph.yml:2: неизвестный ключ `timezone` (может быть, `timeZone`?).\n")
        // YAML that does not parse names no language: English, unless --language says.
        try TestPaths.write("language: ru\ntitle: [x\n", to: site + "/usergraph.yml")
        let english = await UsergraphCLI.run(["build"], in: site)
        #expect(english.status == 64 && english.stderr.contains(": line 2, column 8: "), "\(english.stderr)")
        let russian = await UsergraphCLI.run(["build", "--language", "ru"], in: site)
        #expect(russian.status == 64 && russian.stderr.contains(": строка 2, столбец 8: "), "\(russian.stderr)")
    }

    @Test func aStoreErrorIsReportedInTheSiteLanguage() async throws {
        let site = try TestPaths.site(store: ["weights.json": "[{\"date\": \"2026-01-01\", \"kg\": \"heavy\"}]"], config: "language: ru\n")
        let result = await UsergraphCLI.run(["build"], in: site)
        #expect(result.status == 1)
        #expect(result.stderr == "usergraph: \(site)/Store/weights.json: в [0].kg: ожидается число.\n")
        let english = await UsergraphCLI.run(["stats", "--language", "en"], in: site)
        #expect(english.stderr == "usergraph: \(site)/Store/weights.json: at [0].kg: expected a number.\n")
    }

    @Test func aHeldLockIsReportedInTheSiteLanguage() async throws {
        let site = try TestPaths.site(store: [:], config: "language: ru\n")
        let lock = try SiteLock.acquire(siteRoot: site)
        defer { lock.release() }
        let result = await UsergraphCLI.run(["build"], in: site)
        #expect(result.status == 75)
        #expect(result.stderr.hasPrefix("usergraph: С этим сайтом уже работает другой запуск usergraph (он держит \(site)/.usergraph/lock)"))
    }

    @Test func initMakesASiteInTheGivenLanguage() async throws {
        let folder = try TestPaths.scratch("init") + "/новый"
        let made = await UsergraphCLI.run(["init", folder, "--language", "ru"], in: TestPaths.repository)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.hasPrefix("Создан \(folder): usergraph.yml, Store/, .gitignore."), "\(made.stderr)")
        #expect(made.stdout.isEmpty)
        let config = try TestPaths.read(folder + "/usergraph.yml")
        #expect(config.contains("\nlanguage: ru "))
        let built = await UsergraphCLI.run(["build"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try TestPaths.read(folder + "/_site/index.html").contains("<html lang=\"ru\">"))
        let again = await UsergraphCLI.run(["init", folder, "--language", "ru"], in: TestPaths.repository)
        #expect(again.status == 64)
        #expect(again.stderr == "usergraph: \(folder) уже существует и не пуста; выберите новую папку.\n")
    }
}
