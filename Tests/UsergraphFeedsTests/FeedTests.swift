import Foundation
import Testing
import UsergraphCharts
@testable import UsergraphCore
@testable import UsergraphFeeds
@testable import UsergraphStats
import UsergraphStore
import UsergraphTestSupport

/// Python with feedparser (PyPI; `make test` installs it when missing): an independent reader.
enum FeedReader {
    struct Summary: Decodable {
        let bozo: Bool
        let version: String
        let ids: [String]
        let titles: [String]
        let updated: [String]
        let links: [String]
    }

    static func atom(_ path: String) throws -> Summary {
        let script = """
            import feedparser, json, sys
            d = feedparser.parse(sys.argv[1])
            print(json.dumps({"bozo": bool(d.bozo), "version": d.version, "ids": [e.id for e in d.entries],
                "titles": [e.title for e in d.entries], "updated": [e.updated for e in d.entries],
                "links": [e.get("link", "") for e in d.entries]}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with feedparser failed: \(problem)")
        return try JSONDecoder().decode(Summary.self, from: data)
    }
}

@Suite(.scratch) struct FeedTests {
    @Test func theAtomFeedParsesWithTheNewestFiftyThingsThatHappened() throws {
        let (_, output) = try DemoSite.build(baseURL: "https://anna.example.org/")
        let atom = try FeedReader.atom(output + "/feed.xml")
        #expect(!atom.bozo)
        #expect(atom.version == "atom10")
        #expect(atom.ids.count == SiteFeed.limit && Set(atom.ids).count == atom.ids.count)
        // The newest workout of the demo, on the as-of day, comes first.
        #expect(atom.ids.first == "urn:usergraph:workout:51a4d1eb-0d62-4a55-a73f-bf132f0f52c7")
        // By its own name, linked to its page.
        #expect(atom.titles.first == "Riverside run: 1\u{00A0}h 2\u{00A0}min, 9.9\u{00A0}km")
        #expect(atom.updated.first == "2026-11-20T20:20:00+03:00")
        #expect(atom.ids.contains("urn:usergraph:level:13"))
        #expect(atom.links.first == "https://anna.example.org/workouts/51a4d1eb-0d62-4a55-a73f-bf132f0f52c7/")
        #expect(atom.updated == atom.updated.sorted { (Timestamp.parse($0) ?? .distantPast) > (Timestamp.parse($1) ?? .distantPast) })
    }

    @Test func theJSONFeedFollowsVersionOnePointOne() throws {
        let (_, output) = try DemoSite.build(baseURL: "https://anna.example.org/")
        let data = try Data(contentsOf: URL(fileURLWithPath: output + "/feed.json"))
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["feed_url"] as? String == "https://anna.example.org/feed.json")
        #expect(feed["home_page_url"] as? String == "https://anna.example.org/")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == SiteFeed.limit)
        for item in items {
            #expect(item["id"] is String && item["content_text"] is String && item["date_published"] is String)
        }
        let atom = try FeedReader.atom(output + "/feed.xml")
        #expect(items.compactMap { $0["id"] as? String } == atom.ids)
    }

    @Test func twoBuildsOfTheSameStoreGiveTheSameFeedBytes() throws {
        let (_, first) = try DemoSite.build()
        let (_, second) = try DemoSite.build()
        for file in [SiteFeed.atomFile, SiteFeed.jsonFile] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: first + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: second + "/" + file)))
        }
        let atom = try TestPaths.read(first + "/feed.xml")
        // Without a base URL: no page links, a stable feed id, the newest entry's date.
        #expect(atom.contains("<id>urn:usergraph:feed</id>") && atom.contains("<updated>2026-11-20T20:20:00+03:00</updated>"))
        #expect(!atom.contains("rel=\"self\""))
        let home = try TestPaths.read(first + "/index.html")
        #expect(home.contains("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"feed.xml\""))
        #expect(home.contains("<link rel=\"alternate\" type=\"application/feed+json\" href=\"feed.json\""))
    }

    @Test func hostileDataStaysTextInTheFeed() throws {
        let text = XMLText.escape("<b>\"x\" & 'y'\u{0}\u{1B}</b>")
        #expect(text == "&lt;b&gt;&quot;x&quot; &amp; &apos;y&apos;&lt;/b&gt;")
    }
}

@Suite struct MilestoneTests {
    static let zone = TimeZone(identifier: "Europe/Moscow") ?? .gmt

    static func daily(_ count: Int, from day: String = "2026-11-01") -> [Workout] {
        let start = Day(iso: day) ?? Day(number: 0)
        return (0..<count).map { i in
            Workout(id: "w\(i + 1)", type: "running", start: start.adding(days: i).iso + "T07:00:00+03:00", duration: 1800)
        }
    }

    @Test func tenDailyWorkoutsReachTheAchievementsAndLevelTwoOnTheRightWorkouts() {
        let reached = Milestones.compute(Self.daily(10), asOf: Day(iso: "2026-11-30") ?? Day(number: 0), timeZone: Self.zone)
        let byWorkout = reached.map { milestone -> String in
            switch milestone.kind {
            case .achievement(let id): "\(milestone.workoutId) \(id)"
            case .level(let level): "\(milestone.workoutId) level \(level)"
            }
        }
        // Points after the 10th: 10 × 50 + 100 + 250 + 100 + 250 = 1,200, the first past 1,000.
        #expect(byWorkout == ["w1 workout_1", "w3 streak_3", "w7 streak_7", "w10 workout_10", "w10 level 2"])
    }

    @Test func aGapRestartsTheStreakAndTwoWorkoutsADayCountOnce() {
        var workouts =
            Self.daily(2, from: "2026-11-01")
            + Self.daily(3, from: "2026-11-05").map {
                var w = $0; w.id = "b" + w.id; return w
            }
        workouts.append(Workout(id: "same-day", type: "yoga", start: "2026-11-05T20:00:00+03:00", duration: 600))
        let reached = Milestones.compute(workouts, asOf: Day(iso: "2026-11-30") ?? Day(number: 0), timeZone: Self.zone)
        #expect(reached.contains { $0.kind == .achievement("streak_3") && $0.workoutId == "bw3" })
        let late = Milestones.compute(workouts, asOf: Day(iso: "2026-11-06") ?? Day(number: 0), timeZone: Self.zone)
        #expect(!late.contains { $0.kind == .achievement("streak_3") }, "a workout after the as-of day counts for nothing")
    }

    @Test func theReplayEndsAtTheLevelAndAchievementsOfTheStatistics() throws {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let snapshot = try StoreReader.read(StoreLayout(root: config.store))
        let asOf = try #require(Day(iso: "2026-11-20"))
        let stats = Statistics.compute(snapshot, asOf: asOf, timeZone: config.timeZone, stepsGoal: config.stepsGoal)
        let reached = Milestones.compute(snapshot.workouts, asOf: asOf, timeZone: config.timeZone)
        let levels = reached.compactMap { if case .level(let n) = $0.kind { n } else { nil } }
        #expect(levels.last == stats.report.workouts.level)
        #expect(levels == Array(2...stats.report.workouts.level))
        let achievements = reached.compactMap { if case .achievement(let id) = $0.kind { id } else { nil } }
        #expect(Set(achievements) == Set(stats.report.workouts.achievements))
    }
}
