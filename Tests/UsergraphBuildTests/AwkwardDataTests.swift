import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphBuild
@testable import UsergraphRender
@testable import UsergraphStore
import UsergraphTestSupport

/// Data that is not tame, end to end: control characters in names, warnings under cron, and
/// `--strict`.
@Suite(.scratch) struct AwkwardDataTests {
    /// A users directory whose usernames hold ESC, a form feed and a C1 character, and an owner
    /// named with ESC: no byte of them reaches a page, a feed, a card or the report.
    static func site() throws -> String {
        let users = """
            {"source": "http://users.example/api/", "fetchedAt": "2026-11-20T06:00:00Z", "validators": {},
             "data": {"users": [
               {"id": 1, "sex": "W", "username": "vera\\u001b[31m_red", "isOnline": true, "age": 20, "files": []},
               {"id": 2, "sex": "M", "username": "form\\u000cfeed\\u0085next", "isOnline": false, "age": 31, "files": []}]}}
            """
        let statistics = """
            {"source": "http://users.example/stats/", "fetchedAt": "2026-11-20T06:00:00Z", "validators": {},
             "data": {"statistics": [{"user_id": 1, "type": "view", "dates": [20112026, 19112026]},
                                     {"user_id": 2, "type": "view", "dates": [20112026]}]}}
            """
        let owner = #"{"name": "Anna\u001b]0;pwned\u0007 Petrova"}"#
        let workouts =
            #"[{"id": "8a2f0a52-1d38-4c4e-9b0c-2f1f5f0a0001", "type": "running", "start": "2026-11-20T07:00:00+03:00", "duration": 1800, "notes": "tempo\u001b[2J run"}]"#
        return try TestPaths.site(
            store: ["users.json": users, "statistics.json": statistics, "owner.json": owner, "workouts.json": workouts],
            config: "users:\n  url: http://users.example/api/\nstatistics:\n  url: http://users.example/stats/\n")
    }

    /// Bytes below 0x20 other than tab and line ends, DEL, and C1 (U+0080–U+009F, C2 80–C2 9F).
    static func controlBytes(in data: Data) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in data {
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
                count += 1
            }
            previous = byte
        }
        return count
    }

    @Test func controlCharactersFromDataReachNoOutput() async throws {
        let root = try Self.site()
        let build = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        let files = try #require(FileManager.default.enumerator(atPath: root + "/_site")?.allObjects as? [String])
        var checked = 0
        // The pages, feeds, cards, the sitemap and the users search's index scripts.
        for file in files where [".html", ".xml", ".json", ".svg", ".js"].contains(where: file.hasSuffix) {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/_site/" + file))
            #expect(Self.controlBytes(in: data) == 0, "\(file)")
            checked += 1
        }
        #expect(checked > 10)
        // The names are there, less the control characters.
        let user = try TestPaths.read(root + "/_site/users/1/index.html")
        #expect(user.contains("<title>vera[31m_red · Test site</title>"))
        // The search index escapes what it holds as \u001b; the name is stripped before that.
        let index = try TestPaths.read(root + "/_site/users/search/users-1.js")
        #expect(index.contains("\"vera[31m_red\"") && !index.contains("\\u001b"), "\(index)")
        let report = await UsergraphCLI.run(["stats"], in: root)
        #expect(report.status == 0)
        #expect(Self.controlBytes(in: Data(report.stdout.utf8)) == 0)
    }

    @Test func theEscapingsDropControlCharacters() {
        #expect(ControlCharacters.strip("a\u{1B}b\u{7F}c\u{85}d\te\nf") == "abcd\te\nf")
        #expect(ControlCharacters.strip("Привет, ÿ é") == "Привет, ÿ é")
        #expect(MarkdownEscaping.escape("x\u{1B}[1my") == "x&#91;1my")
        #expect(HTML.escape("<\u{0}b>") == "&lt;b&gt;")
    }

    /// Under cron (no terminal) a template key that renders as nothing is still said, on
    /// stderr; `--strict` makes it fail and publishes nothing.
    @Test func warningsReachCronAndStrictFails() async throws {
        let root = try TestPaths.site(store: [:])
        let path = root + "/Templates/404.md"
        let text = try TestPaths.read(path)
        try TestPaths.write(text.replacingOccurrences(of: "{{links.home}}", with: "{{links.hom}}"), to: path)
        let strict = await UsergraphCLI.run(["build", "--offline", "--quiet", "--strict"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("`links.hom` is not among the keys this template is given"), "\(strict.stderr)")
        #expect(strict.stderr.contains("The build has 1 warning and --strict is on, so nothing was published"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/index.html"))
        let cron = await UsergraphCLI.run(["build", "--offline", "--quiet"], in: root)
        #expect(cron.status == 0)
        #expect(cron.stdout.isEmpty)
        #expect(cron.stderr.contains("`links.hom` is not among the keys this template is given"), "\(cron.stderr)")
        // The site is current now; --strict still fails on the warnings it was built with.
        let again = await UsergraphCLI.run(["build", "--offline", "--quiet", "--strict"], in: root)
        #expect(again.status == 1)
        // A build with no warning prints nothing under cron.
        try TestPaths.write(text, to: path)
        let clean = await UsergraphCLI.run(["build", "--offline", "--quiet", "--strict"], in: root)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.isEmpty && clean.stderr.isEmpty, "\(clean.stderr)")
    }

    /// A template mistake is said at the tag a person has to mend: an unclosed `{{#nope}}` on
    /// line 7 at line 7 (not at the end of the file), an unfinished `{{unclosed` on line 7 at 7.
    @Test(arguments: [
        ("{{#nope}}", "{{#nope}}", "a section is opened but never closed"),
        ("{{unclosed", "{{unclosed", "a tag is not finished"),
        ("{{#nope}}x{{/other}}", "{{/other}}", "a section is closed with the wrong name"),
    ])
    func templateMistakesNameTheirLineAndTag(inserted: String, tag: String, problem: String) async throws {
        let root = try TestPaths.site(store: [:])
        let path = root + "/Templates/statistics.md"
        var lines = try TestPaths.read(path).components(separatedBy: "\n")
        lines[6] = inserted  // line 7
        try TestPaths.write(lines.joined(separator: "\n"), to: path)
        let run = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(run.status != 0)
        #expect(run.stderr.contains("\(path):7: \(problem) in `\(tag)`."), "\(run.stderr)")
    }

    /// Every type ActivityTypes can give has a name in both languages; another is readable.
    @Test func workoutTypesHaveNamesInBothLanguages() throws {
        let en = try DemoSite.strings("en"), ru = try DemoSite.strings("ru")
        let types = [
            "running", "walking", "hiking", "cycling", "swimming", "yoga", "pilates", "strength", "hiit", "rowing",
            "elliptical", "stairs", "skiing", "snowboarding", "dance", "cardio", "table-tennis", "other",
        ]
        for type in types {
            #expect(en.optionalText("workoutTypes." + type) != nil, "\(type) has no English name")
            #expect(ru.optionalText("workoutTypes." + type) != nil, "\(type) has no Russian name")
        }
        #expect(ru.workoutTypeName("table-tennis") == "Настольный теннис")
        #expect(en.workoutTypeName("underwater-hockey") == "Underwater hockey")
        #expect(en.workoutTypeName("strava-type-23") == "Strava type 23")
    }

    /// A site whose users and owner have a sex other than M or W, and whose workouts are of 29
    /// types: the word, never the raw value; bars for the most frequent types, not a donut that
    /// is mostly "Other".
    @Test func anotherSexAndManyTypesReadWell() throws {
        let users = """
            {"source": "http://users.example/api/", "fetchedAt": "2026-11-20T06:00:00Z", "validators": {},
             "data": {"users": [{"id": 1, "sex": "X", "username": "sam", "isOnline": true, "age": 30, "files": []}]}}
            """
        var workouts: [String] = []
        for i in 0..<29 {
            let day = 1 + i % 28
            workouts.append(
                #"{"id": "8a2f0a52-1d38-4c4e-9b0c-2f1f5f0a\#(String(format: "%04d", i))", "type": "type-\#(i)", "#
                    + #""start": "2026-11-\#(String(format: "%02d", min(day, 20)))T07:00:00+03:00", "duration": \#(600 + i * 60)}"#)
        }
        let root = try TestPaths.site(
            store: [
                "users.json": users, "owner.json": #"{"name": "Sam", "sex": "X"}"#,
                "workouts.json": "[" + workouts.joined(separator: ",") + "]",
            ],
            config: "users:\n  url: http://users.example/api/\n")
        #expect(try SiteBuild.run(config: ConfigLoader.load(path: root + "/usergraph.yml")).pages > 0)
        let user = try TestPaths.read(root + "/_site/users/1/index.html")
        #expect(user.contains("<span>Other</span>") && !user.contains("<span>X</span>"))
        let list = try TestPaths.read(root + "/_site/users/index.html")
        #expect(list.contains("30 years · other") && !list.contains("· X"))
        let statistics = try TestPaths.read(root + "/_site/statistics/index.html")
        #expect(statistics.contains(">20 other types</text>"), "the bars end with the rest, counted")
        #expect(statistics.contains(">Type 0</text>"))
    }

    /// The owner's e-mail, age and sex are published only when `owner.public` lists them, and
    /// `build` asks for no field the site does not show.
    @Test func theOwnersEmailAgeAndSexArePrivateByDefault() async throws {
        let owner = #"{"name": "Anna Petrova", "email": "anna@example.org", "sex": "W", "birthDate": "1994-05-17"}"#
        let root = try TestPaths.site(store: ["owner.json": owner])
        #expect(await UsergraphCLI.run(["build", "--offline"], in: root).status == 0)
        let home = try TestPaths.read(root + "/_site/index.html")
        #expect(home.contains("Anna Petrova"))
        #expect(!home.contains("anna@example.org") && !home.contains("32 years") && !home.contains("<span>Woman</span>"))
        let files = try #require(FileManager.default.enumerator(atPath: root + "/_site")?.allObjects as? [String])
        for file in files where [".html", ".xml", ".json", ".svg"].contains(where: file.hasSuffix) {
            #expect(!(try TestPaths.read(root + "/_site/" + file)).contains("anna@example.org"), "\(file)")
        }
        let config = try TestPaths.read(root + "/usergraph.yml")
        try TestPaths.write(config + "owner:\n  public: [name, avatar, age, sex, email]\n", to: root + "/usergraph.yml")
        #expect(await UsergraphCLI.run(["build", "--offline"], in: root).status == 0)
        let shown = try TestPaths.read(root + "/_site/index.html")
        #expect(shown.contains("anna@example.org") && shown.contains("32 years") && shown.contains("<span>Woman</span>"))
        try TestPaths.write(config + "owner:\n  public: [name, phone]\n", to: root + "/usergraph.yml")
        let bad = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("`owner.public` must be a list of what the profile shows, from: name, avatar, age, sex, email."), "\(bad.stderr)")
        // Asked only for what is shown: a missing e-mail is no hint when it is private.
        #expect(OwnerProfile.fillHint(for: Owner(name: "A", sex: "W", birthDate: "1990-01-01"), showing: ["name", "avatar"]) == nil)
        #expect(OwnerProfile.fillHint(for: Owner(name: "A"), showing: ["name", "email"]) != nil)
    }
}
