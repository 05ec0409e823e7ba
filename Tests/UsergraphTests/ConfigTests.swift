import Foundation
import Testing
@testable import UsergraphCore

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

    @Test func malformedYAMLNamesTheLine() {
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse("title: [unclosed\n", file: "/s/u.yml") }
        #expect(error?.message.hasPrefix("/s/u.yml: line") == true)
    }

    @Test func pathsResolveAgainstTheConfigFolder() throws {
        let config = try ConfigLoader.parse("store: data\noutput: ../public\nbaseURL: https://x.example/sub\n", file: "/srv/site/usergraph.yml")
        #expect(config.store == "/srv/site/data")
        #expect(config.output == "/srv/public")
        #expect(config.baseURL == "https://x.example/sub/")
    }
}
