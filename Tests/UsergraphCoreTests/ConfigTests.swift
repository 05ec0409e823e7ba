import Foundation
import Testing
@testable import UsergraphCore
import UsergraphTestSupport

@Suite(.scratch) struct ConfigTests {
    @Test func readsTheDemoConfig() throws {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        #expect(config.title == "Anna's dashboard")
        #expect(config.timeZone.identifier == "Europe/Moscow")
        #expect(config.asOf?.iso == "2026-11-20")
        #expect(config.github?.login == "bitwiseman")
        #expect(config.store == TestPaths.repository + "/Store")
        #expect(config.baseURL == nil)
    }

    @Test func unknownKeysAreReportedWithLineAndSuggestion() {
        let yaml = "title: x\ntimezone: Europe/Moscow\ngithub:\n  login: octocat\n  token: secret\n"
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse(yaml, file: "/s/usergraph.yml") }
        #expect(error?.kind == .usage)
        #expect(error?.message.contains("/s/usergraph.yml:2: unknown key `timezone` (did you mean `timeZone`?)") == true)
        #expect(error?.message.contains("/s/usergraph.yml:5: unknown key `github.token`") == true)
    }

    @Test func badValuesAreAllReportedAtOnce() {
        let yaml = "timeZone: Mars/Olympus\nbaseURL: ftp://x\nasOf: 2026-02-30\nlanguage: de\nusers:\n  url: not a url\n"
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse(yaml, file: "/s/u.yml") }
        let lines = error?.message.split(separator: "\n") ?? []
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix("/s/u.yml:1:") == true)
        #expect(error?.message.contains("`users.url` must be an absolute http(s) URL") == true)
    }

    /// libyaml notices an unclosed bracket or quote at the next token (here the end of the
    /// file, line 3); the line named is the one where it opens.
    @Test(arguments: [
        ("title: x\ngithub: [unclosed\n", "/s/u.yml: line 2, column 9: did not find expected ',' or ']' while parsing a flow sequence"),
        ("title: x\nfoo: \"bar\n", "/s/u.yml: line 2, column 6: found unexpected end of stream while scanning a quoted scalar"),
        ("title: x\n\tbad: y\n", "/s/u.yml: line 2, column 1: found a tab character that violates indentation"),
    ])
    func malformedYAMLNamesTheLineWhereTheMistakeIs(yaml: String, said: String) {
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse(yaml, file: "/s/u.yml") }
        #expect(error?.message.hasPrefix(said) == true, "\(error?.message ?? "")")
    }

    @Test func aMisspeltKeyGetsTheNearestKnownOne() {
        #expect(ConfigLoader.suggestion(for: "titel", in: ["title", "timeZone", "store"]) == "title")
        #expect(ConfigLoader.suggestion(for: "ouptut", in: ["output", "store"]) == "output")
        #expect(ConfigLoader.suggestion(for: "langauge", in: ["language"]) == "language")
        #expect(ConfigLoader.suggestion(for: "colour", in: ["title", "store"]) == nil)
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse("titel: x\n", file: "/s/u.yml") }
        #expect(error?.message.contains("/s/u.yml:1: unknown key `titel` (did you mean `title`?)") == true)
    }

    @Test func pathsResolveAgainstTheConfigFolder() throws {
        let config = try ConfigLoader.parse("store: data\noutput: ../public\nbaseURL: https://x.example/sub\n", file: "/srv/site/usergraph.yml")
        #expect(config.store == "/srv/site/data")
        #expect(config.output == "/srv/public")
        #expect(config.baseURL == "https://x.example/sub/")
    }
}
