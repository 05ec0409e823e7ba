import Foundation
import Testing
import UsergraphTestSupport

/// The commands beyond `build` speak the site's language through the real executable: fetch
/// failures, edit problems and confirmations, the timer, and `serve`.
@Suite(.scratch) struct RussianCommandsTests {
    static let token = "ghp_RussianTokenValue4Tests"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var failure: FakeAPIs.Failure
        var token: String?
        /// The first line of stderr; `{api}` stands for the API's base URL.
        var line: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "404", failure: .notFound,
            line: "На GitHub нет пользователя `bitwiseman` (404 Not Found по адресу {api}/users/bitwiseman); проверьте `github.login` в usergraph.yml."),
        Case(
            name: "5xx", failure: .serverError(502),
            line: "GitHub ответил 502 Bad Gateway по адресу {api}/users/bitwiseman 3 раза; повторите позже."),
        Case(
            name: "rate limit", failure: .rateLimited,
            line:
                "GitHub: лимит запросов исчерпан (по адресу {api}/users/bitwiseman); он обновится 26 октября 2019\u{00A0}г., 02:01:26 UTC, а токен в GITHUB_TOKEN повышает лимит."
        ),
        Case(
            name: "Retry-After", failure: .tooManyRequests, token: token,
            line: "GitHub: лимит запросов исчерпан (по адресу {api}/users/bitwiseman); повторите через 60 секунд."),
        Case(
            name: "401 with a token", failure: .badCredentials, token: token,
            line:
                "GitHub отклонил токен из GITHUB_TOKEN (401 Bad credentials по адресу {api}/users/bitwiseman); замените его или уберите переменную, чтобы получать данные без токена."
        ),
    ]

    @Test(arguments: cases)
    func updateFailuresAreSaidInRussian(_ failure: Case) async throws {
        let apis = try await FakeAPIs.start()
        apis.failure = failure.failure
        let root = try FetchSite.make(apis: apis, demoStore: true)
        let before = FetchSite.store(root)
        var environment = ["USERGRAPH_RETRY_DELAY": "0.001"]
        if let token = failure.token { environment["GITHUB_TOKEN"] = token }

        let run = await UsergraphCLI.run(["update", "--language", "ru"], in: root, environment: environment)

        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "usergraph: " + failure.line.replacingOccurrences(of: "{api}", with: apis.base), "\(run.stderr)")
        // With a token the GraphQL sources are configured, and fail with the others.
        let notUpdated = failure.token == nil ? "profile, repos, starred" : "profile, repos, starred, pinned, contributions, languages"
        #expect(lines.last == "usergraph: Не обновлено: \(notUpdated); в хранилище осталось то, что было.")
        #expect(FetchSite.store(root) == before)
        #expect(!run.stderr.contains(Self.token))
        await apis.stop()
    }

    @Test func aBadOnlyListIsSaidInTheSiteLanguage() async throws {
        let apis = try await FakeAPIs.start()
        let root = try FetchSite.make(apis: apis)
        let run = await UsergraphCLI.run(["update", "--only", "gists", "--language", "ru"], in: root)
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "usergraph: `gists` — не источник, из которого usergraph получает данные; укажите какие-то из profile, repos, starred, pinned, contributions, languages, users, statistics, intervals, strava, inbox.\n"
        )
        #expect(apis.log.count == 0)
        await apis.stop()
    }

    @Test func ownerSetListsEveryProblemInRussian() async throws {
        let cli = UsergraphCLI(site: try TestPaths.site(store: [:], config: "language: ru\n"))
        defer { cli.remove() }
        let run = await cli.run(
            ["owner", "set", "--email", "anna@", "--name", "  ", "--sex", "x", "--birth-date", "1800-01-01"],
            now: EditCommandTests.now)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                usergraph: --email: `anna@` — не адрес электронной почты: после @ нет домена.
                --name: имя пустое.
                --sex: `x` — не M и не W (значения хранилища: M — мужчина, W — женщина).
                --birth-date: `1800-01-01` даёт неправдоподобный возраст; он должен быть от 13 до 120.
                Ничего не записано.

                """)
        #expect(!FileManager.default.fileExists(atPath: cli.site + "/Store/owner.json"))

        let created = await cli.run(["owner", "set", "--email", "anna@example.org", "--name", "Анна"], now: EditCommandTests.now)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(
            created.stdout == """
                Создан owner.json.
                Профиль владельца ещё не заполнен; заполните его командой: usergraph owner set --sex M|W --birth-date YYYY-MM-DD

                """)
        let show = await cli.run(["owner", "show"], now: EditCommandTests.now)
        #expect(show.stdout.hasPrefix("Эл. почта      anna@example.org\nИмя            Анна\n"), "\(show.stdout)")
    }

    @Test func workoutProblemsCountInRussianPlurals() async throws {
        let cli = UsergraphCLI(site: try TestPaths.site(store: [:], config: "language: ru\n"))
        defer { cli.remove() }
        let run = await cli.run(
            [
                "workout", "add", "--type", "running", "--duration", "30s", "--calories", "99999",
                "--notes", String(repeating: "x", count: 1001),
            ], now: EditCommandTests.now)
        #expect(run.status == 64)
        #expect(
            run.stderr == """
                usergraph: --duration: `30s` короче минуты; тренировка длится от 1m до 24h.
                --calories: 99\u{00A0}999 — неправдоподобно; должно быть от 0 до 5\u{00A0}000 ккал.
                --notes: 1\u{00A0}001 символ — слишком длинно; предел — 1\u{00A0}000.
                Ничего не записано.

                """)
        let weight = await cli.run(["weight", "add", "72,4"], now: EditCommandTests.now)
        #expect(weight.stdout == "За 20 ноября 2026\u{00A0}г. записано 72,4 кг.\n", "\(weight.stderr)")
    }

    @Test func theTimerSpeaksRussian() async throws {
        let cli = UsergraphCLI(site: try TestPaths.site(store: [:], config: "language: ru\n"))
        defer { cli.remove() }
        func run(_ arguments: String..., at time: String) async throws -> UsergraphCLI.Run {
            await cli.run(arguments, now: "2026-11-20T\(time)+03:00")
        }
        #expect(try await run("workout", "status", at: "06:59:00").stdout == "Таймер тренировки не запущен.\n")
        let started = try await run("workout", "start", "--type", "cycling", at: "07:00:00")
        #expect(started.stdout.hasPrefix("Таймер cycling запущен в 2026-11-20 07:00. "), "\(started.stderr)")
        #expect(try await run("workout", "status", at: "07:05:30").stdout == "cycling: 0:05:30, идёт (начат 2026-11-20 07:00)\n")
        let twice = try await run("workout", "start", "--type", "cycling", at: "07:06:00")
        #expect(twice.status == 1)
        #expect(twice.stderr == "usergraph: Таймер cycling уже идёт (насчитано 0:06:00); сначала завершите или отмените его.\n")
        #expect(try await run("workout", "pause", at: "07:10:00").stdout == "Таймер cycling на паузе: 0:10:00.\n")
        #expect(try await run("workout", "status", at: "07:20:00").stdout == "cycling: 0:10:00, на паузе с 07:10 (начат 2026-11-20 07:00)\n")
        let finished = try await run("workout", "finish", at: "07:30:00")
        #expect(finished.stdout.hasPrefix("Записана тренировка cycling, 10m, 20 ноября 2026\u{00A0}г. в 07:00 (id "), "\(finished.stderr)")
        let none = try await run("workout", "pause", at: "07:31:00")
        #expect(none.stderr == "usergraph: Таймер тренировки не запущен; запустите его командой `usergraph workout start --type TYPE`.\n")
    }

    @Test func serveSaysInRussianThatThePortIsTaken() async throws {
        let site = try TestPaths.site(store: [:], config: "language: ru\n")
        let missing = await UsergraphCLI.run(["serve", "--port", "0"], in: site)
        #expect(missing.status == 1)
        #expect(missing.stderr == "usergraph: Сайта в \(site)/_site ещё нет; сначала выполните `usergraph build`.\n")

        try TestPaths.write("<!DOCTYPE html><title>x</title>\n", to: site + "/_site/index.html")
        let taken = try SilentServer()
        defer { taken.stop() }
        let run = await UsergraphCLI.run(["serve", "--port", String(taken.port)], in: site)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "usergraph: Порт \(taken.port) на 127.0.0.1 уже занят; выберите другой через --port.\n")
        let english = await UsergraphCLI.run(["serve", "--port", String(taken.port), "--language", "en"], in: site)
        #expect(english.stderr == "usergraph: Port \(taken.port) on 127.0.0.1 is already in use; pick another with --port.\n")
    }
}
