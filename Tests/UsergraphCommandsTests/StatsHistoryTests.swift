import Foundation
import Testing
import UsergraphTestSupport

/// `usergraph stats` and the history: the years, the bests and the Eddington numbers in the
/// report and the JSON, and `--year`, on the demo store and its real tracks.
@Suite(.scratch) struct StatsHistoryTests {
    private func stats(_ arguments: [String]) async -> UsergraphCLI.Run {
        await UsergraphCLI.run(["stats", "--config", TestPaths.demoConfig] + arguments, in: TestPaths.repository)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func oneYearAgreesWithTheWholeHistory() async throws {
        let all = try object(await stats(["--json"]).stdout)
        let years = try #require(all["years"] as? [[String: Any]])
        let last = try #require(years.last)
        let year = try #require(last["year"] as? Int)
        let run = await stats(["--json", "--year", String(year)])
        #expect(run.status == 0, "\(run.stderr)")
        let one = try object(run.stdout)
        let summary = try #require(one["year"] as? [String: Any])
        #expect(summary["count"] as? Int == last["count"] as? Int && summary["distance"] as? Int == last["distance"] as? Int)
        // The year's bests are no faster than the all-time ones, and the demo's are all of this year.
        let allRunning = try #require((all["bests"] as? [String: Any])?["running"] as? [[String: Any]])
        let yearRunning = try #require((one["bests"] as? [String: Any])?["running"] as? [[String: Any]])
        #expect(!allRunning.isEmpty && allRunning.count == yearRunning.count)
        for (best, ofYear) in zip(allRunning, yearRunning) {
            #expect(try #require(best["seconds"] as? Double) <= (try #require(ofYear["seconds"] as? Double)))
        }
        // E at the end of the last year is today's E.
        let eddington = try #require((all["eddington"] as? [String: Any])?["running"] as? [String: Any])
        #expect((one["eddington"] as? [String: Any])?["running"] as? Int == eddington["km"] as? Int)
    }

    @Test func theReportShowsTheYearsTheBestsAndEddingtonIn80Columns() async throws {
        for style in [[], ["--ascii"]] {
            for arguments in [[], ["--year", "2026"]] {
                let run = await stats(arguments + style)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout.contains("Best efforts, Running:"))
                #expect(run.stdout.contains("Eddington number"))
                for line in run.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
            }
        }
        let russian = await stats(["--language", "ru"])
        #expect(russian.stdout.contains("Лучшие отрезки, Бег:") && russian.stdout.contains("Число Эддингтона: Бег"))
    }

    @Test func aYearWithoutWorkoutsAndAYearThatIsNone() async throws {
        let empty = await stats(["--year", "2019"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "Workouts in 2019\nNo workouts in 2019.\n")
        let wrong = await stats(["--year", "19"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--year takes a year like 2025, not 19."))
    }
}
