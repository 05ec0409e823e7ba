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

    @Test func theSyncedSourcesAreReadWithTheirDefaults() throws {
        let yaml = "intervals:\n  athlete: i12345\nstrava:\n  clientId: 12345\n"
        let config = try ConfigLoader.parse(yaml, file: "/s/u.yml")
        #expect(config.intervals == SiteConfig.IntervalsSource(athlete: "i12345", apiURL: "https://intervals.icu/api/v1", since: nil))
        #expect(config.strava == SiteConfig.StravaSource(clientId: "12345", apiURL: "https://www.strava.com/api/v3", maxPerRun: 50))
        let full = "intervals:\n  athlete: '0'\n  apiURL: http://127.0.0.1:9/api/v1\n  since: 2026-01-01\nstrava:\n  clientId: '777'\n  maxPerRun: 5\n"
        let other = try ConfigLoader.parse(full, file: "/s/u.yml")
        #expect(other.intervals?.since?.iso == "2026-01-01")
        #expect(other.intervals?.apiURL == "http://127.0.0.1:9/api/v1")
        #expect(other.strava?.maxPerRun == 5)
    }

    @Test func badSyncedSourcesAreReportedWithTheirKeys() {
        let yaml = "intervals:\n  athlete: ../etc\n  since: soon\nstrava:\n  clientId: abc\n  maxPerRun: 0\n"
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse(yaml, file: "/s/u.yml") }
        let lines = error?.message.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 4)
        #expect(lines.contains { $0.hasPrefix("/s/u.yml:2: `intervals.athlete`") })
        #expect(lines.contains { $0.hasPrefix("/s/u.yml:3: `intervals.since`") })
        #expect(lines.contains { $0.hasPrefix("/s/u.yml:5: `strava.clientId`") })
        #expect(lines.contains { $0.hasPrefix("/s/u.yml:6: `strava.maxPerRun`") })
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

    @Test func privacyOfRoutesDefaultsToTwoHundredMetresAndRoutesShown() throws {
        let config = try ConfigLoader.parse("title: x\n", file: "/s/u.yml")
        #expect(config.privacy.zones.isEmpty && config.privacy.trim == 200 && config.privacy.routes)
    }

    @Test func privacyZonesTrimAndRoutesAreRead() throws {
        let yaml = """
            privacy:
              zones:
                - {lat: 55.7558, lon: 37.6173}
                - lat: -33.9
                  lon: 151
                  radius: 1200.5
              trim: 0
              routes: false
            """
        let privacy = try ConfigLoader.parse(yaml, file: "/s/u.yml").privacy
        #expect(privacy.zones == [.init(lat: 55.7558, lon: 37.6173, radius: 500), .init(lat: -33.9, lon: 151, radius: 1200.5)])
        #expect(privacy.trim == 0 && !privacy.routes)
    }

    @Test func badPrivacyValuesNameTheLineAndKey() {
        let yaml = """
            privacy:
              zones:
                - {lat: 95, lon: 37}
                - {lat: 55, lon: east}
                - {lat: 55, lon: 37, radius: 0}
                - {lat: 55}
                - {lat: 55, lon: 37, raduis: 300}
                - home
              trim: -5
              routes: maybe
            """
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse(yaml, file: "/s/u.yml") }
        let message = error?.message ?? ""
        #expect(message.contains("/s/u.yml:3: the `lat` of a zone in `privacy.zones` must be a latitude in degrees from -90 to 90, not `95`."))
        #expect(message.contains("/s/u.yml:4: the `lon` of a zone in `privacy.zones` must be a longitude in degrees from -180 to 180, not `east`."))
        #expect(message.contains("/s/u.yml:5: the `radius` of a zone in `privacy.zones` must be a number of metres greater than 0, not `0`."))
        #expect(message.contains("/s/u.yml:6: a zone in `privacy.zones` needs both `lat` and `lon`."))
        #expect(message.contains("/s/u.yml:7: unknown key `privacy.zones.raduis` (did you mean `privacy.zones.radius`?)."))
        #expect(message.contains("/s/u.yml:8: `privacy.zones` must be a list of zones"))
        #expect(message.contains("/s/u.yml:9: `privacy.trim` must be a number of metres, 0 or more, not `-5`."))
        #expect(message.contains("/s/u.yml:10: `privacy.routes` must be true or false."))
        #expect(message.split(separator: "\n").count == 8)
    }

    @Test func privacyMessagesReadInRussian() throws {
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse("privacy:\n  trim: far\n", file: "/s/u.yml") }
        let ru = try DemoSite.strings("ru")
        #expect(error?.text(ru) == "/s/u.yml:2: `privacy.trim` должен быть числом метров, 0 или больше, а не `far`.")
    }

    @Test func unitsAreMetricUnlessTheConfigSaysImperial() throws {
        #expect(try ConfigLoader.parse("title: x\n", file: "/s/u.yml").units == .metric)
        let imperial = try ConfigLoader.parse("units: imperial\n", file: "/s/u.yml").units
        #expect(imperial == .imperial && imperial.metresPerDistance == 1609.344 && imperial.metresPerHeight == 0.3048)
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse("title: x\nunits: miles\n", file: "/s/u.yml") }
        #expect(error?.message == "/s/u.yml:2: `units` must be `metric` or `imperial`, not `miles`.")
    }

    @Test func theAthletesMaximumAndZonesAreReadAndChecked() throws {
        #expect(try ConfigLoader.parse("title: x\n", file: "/s/u.yml").athlete == SiteConfig.Athlete())
        let athlete = try ConfigLoader.parse("athlete:\n  maxHeartRate: 188\n  zones: [100, 120, 140, 160, 175]\n", file: "/s/u.yml").athlete
        #expect(athlete == SiteConfig.Athlete(maxHeartRate: 188, zones: [100, 120, 140, 160, 175]))
        let high = #expect(throws: UsergraphError.self) { try ConfigLoader.parse("athlete:\n  maxHeartRate: 300\n", file: "/s/u.yml") }
        #expect(high?.message == "/s/u.yml:2: `athlete.maxHeartRate` must be a whole number of beats per minute from 100 to 250, not `300`.")
        for zones in ["[100, 120, 140, 160]", "[100, 120, 120, 160, 175]", "[100, 120, 140, 160, fast]", "120"] {
            let error = #expect(throws: UsergraphError.self) { try ConfigLoader.parse("athlete:\n  zones: \(zones)\n", file: "/s/u.yml") }
            #expect(error?.message.hasPrefix("/s/u.yml:2: `athlete.zones` must list five") == true, "\(zones)")
        }
    }
}
