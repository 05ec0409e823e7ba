import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphBuild
@testable import UsergraphStore
import UsergraphTestSupport

@Suite(.scratch) struct MealsPageTests {
    /// `days` days of meals ending 2026-11-20, one lunch a day of `kcal`, newest last in the file.
    private static func meals(days: Int, kcal: Int = 500) -> String {
        let end = Day(iso: "2026-11-20") ?? Day(number: 0)
        let rows = (0..<days).reversed().map { offset in
            #"{"id": "m\#(offset)", "date": "\#(end.adding(days: -offset).iso)", "kind": "lunch", "foods": [{"name": "Soup \#(offset)", "kcal": \#(kcal)}]}"#
        }
        return "[" + rows.joined(separator: ",\n") + "]"
    }

    /// A page's text with the `&#46;` the Markdown escaping writes for a full stop put back.
    private static func read(_ path: String) throws -> String {
        try TestPaths.read(path).replacingOccurrences(of: "&#46;", with: ".")
    }

    /// `preview`: as `serve --watch` builds, where an empty section says how to fill it.
    private static func build(_ files: [String: String], preview: Bool = false) throws -> String {
        let site = try TestPaths.site(store: files)
        var config = try ConfigLoader.load(path: site + "/usergraph.yml")
        config.preview = preview
        _ = try SiteBuild.run(config: config)
        return site + "/_site"
    }

    @Test func daysComeNewestFirstSevenToAPage() throws {
        let output = try Self.build(["meals.json": Self.meals(days: 30)])
        let first = try Self.read(output + "/meals/index.html")
        let second = try Self.read(output + "/meals/page/2/index.html")
        let fifth = try Self.read(output + "/meals/page/5/index.html")
        #expect(!FileManager.default.fileExists(atPath: output + "/meals/page/6/index.html"))
        // 30 days: 7 + 7 + 7 + 7 + 2. Page 1 runs from the 20th back to the 14th.
        #expect(first.contains(#"datetime="2026-11-20""#) && first.contains(#"datetime="2026-11-14""#))
        #expect(!first.contains(#"datetime="2026-11-13""#))
        let newest = try #require(first.range(of: "Soup 0"))
        let older = try #require(first.range(of: "Soup 6"))
        #expect(newest.lowerBound < older.lowerBound)
        #expect(second.contains("Soup 7") && second.contains("Soup 13") && !second.contains("Soup 14"))
        #expect(fifth.contains("Soup 29") && fifth.contains("Soup 28") && fifth.contains(#"rel="prev""#) && !fifth.contains(#"rel="next""#))
        #expect(first.contains(#"href="../meals/page/2/index.html" rel="next""#))
        #expect(first.contains("30 meals over 30 days."))
    }

    @Test func mealsOfADayComeInEatingOrderAndAFoodShowsOnlyItsOwnMacros() throws {
        let meals = """
            [{"id": "d", "date": "2026-11-20", "kind": "dinner", "time": "19:00", "foods": [{"name": "Fish", "kcal": 300, "protein": 40, "fat": 15, "carbs": 0}]},
             {"id": "s", "date": "2026-11-20", "kind": "snack", "time": "23:30", "foods": [{"name": "Tea", "kcal": 2}]},
             {"id": "b", "date": "2026-11-20", "kind": "breakfast", "foods": [{"name": "Porridge", "kcal": 250.4, "grams": 200, "protein": 8.25, "carbs": 40}]}]
            """
        let page = try Self.read(try Self.build(["meals.json": meals]) + "/meals/index.html")
        let fish = try #require(page.range(of: "Fish")), tea = try #require(page.range(of: "Tea")), porridge = try #require(page.range(of: "Porridge"))
        // Timed meals by time, then the untimed breakfast.
        #expect(fish.lowerBound < tea.lowerBound && tea.lowerBound < porridge.lowerBound)
        // The day: 300 + 2 + 250.4 = 552.4 → 552 kcal; protein 40 + 8.25 = 48.25 → 48.3 g.
        #expect(page.contains("<strong>552</strong> kcal"))
        #expect(page.contains("protein 48.3 g"))
        // Tea gives no macros, and must not borrow the day's.
        let teaLine = try #require(page[tea.lowerBound...].split(separator: "\n").first)
        #expect(teaLine.contains("2 kcal") && !teaLine.contains("P ") && !teaLine.contains("48"))
        #expect(page.contains("200 g"))
    }

    @Test func aMealAfterTheAsOfDayIsLeftOutAsEverywhere() throws {
        let meals =
            #"[{"id": "a", "date": "2026-11-20", "kind": "lunch", "foods": [{"name": "Today's soup", "kcal": 250}]}, {"id": "b", "date": "2026-11-21", "kind": "lunch", "foods": [{"name": "Tomorrow's soup", "kcal": 250}]}]"#
        let page = try Self.read(try Self.build(["meals.json": meals]) + "/meals/index.html")
        #expect(page.contains("Today&#39;s soup") || page.contains("Today’s soup") || page.contains("Today's soup"))
        #expect(!page.contains("Tomorrow"))
        #expect(page.contains("1 meal over 1 day."))
    }

    @Test func foodNamesAreText() throws {
        let meals =
            #"[{"id": "x", "date": "2026-11-20", "kind": "lunch", "foods": [{"name": "<script>alert(1)</script> *soup* [x](javascript:y)", "kcal": 1}]}]"#
        let page = try Self.read(try Self.build(["meals.json": meals]) + "/meals/index.html")
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<em>soup</em>") && !page.contains("href=\"javascript"))
    }

    @Test func withoutMealsOrStepsThePreviewSaysWhichCommandFillsThem() throws {
        let output = try Self.build([:], preview: true)
        let meals = try Self.read(output + "/meals/index.html")
        #expect(meals.contains("usergraph meal add"))
        let statistics = try Self.read(output + "/statistics/index.html")
        #expect(statistics.contains("usergraph meal add"))
        #expect(statistics.contains("usergraph steps add"))
        let home = try Self.read(output + "/index.html")
        #expect(home.contains("No meals recorded today"))
    }

    @Test func theStatisticsAndTheProfileShowTodayAgainstTheGoal() throws {
        let output = try Self.build([
            "meals.json": Self.meals(days: 7, kcal: 2000),
            "steps.json": #"[{"date": "2026-11-20", "steps": 12000}, {"date": "2026-11-19", "steps": 11999}]"#,
            "owner.json": #"{"name": "A", "heightCm": 170, "targetWeightKg": 60}"#,
            "weights.json": #"[{"date": "2026-11-20", "kg": 65.2}]"#,
        ])
        let noHeight = try Self.read(try Self.build(["weights.json": #"[{"date": "2026-11-20", "kg": 65.2}]"#]) + "/statistics/index.html")
        #expect(noHeight.contains("usergraph owner set --height"))
        let home = try Self.read(output + "/index.html")
        #expect(home.contains("12,000") && home.contains("of 12,000") == false)
        #expect(home.contains("of 10,000"))
        let statistics = try Self.read(output + "/statistics/index.html")
        #expect(statistics.contains("120% of the goal"))
        // 65.2 / 1.7² = 22.56… → 22.6; 65.2 − 60 = 5.2 to lose.
        #expect(statistics.contains(">22.6<"))
        #expect(statistics.contains("5.2 kg to lose"))
        #expect(statistics.contains(#"id="chart-steps-title""#) && statistics.contains("Goal 10,000"))
        #expect(statistics.contains(#"id="chart-intake-title""#) && statistics.contains(#"id="chart-macros-title""#))
    }
}
