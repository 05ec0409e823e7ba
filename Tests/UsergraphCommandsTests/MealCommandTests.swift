import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
import UsergraphTestSupport

/// `meal`, `steps` and the owner's height and target weight, run in-process in a scratch site.
@Suite(.scratch) struct MealCommandTests {
    /// Noon in the site's zone (Europe/Moscow).
    static let now = "2026-11-20T12:00:00+03:00"

    static func site(_ files: [String: String] = [:]) throws -> UsergraphCLI {
        UsergraphCLI(site: try TestPaths.site(store: files))
    }

    static func meals(_ cli: UsergraphCLI) throws -> [Meal] {
        try JSONFile.read([Meal].self, at: cli.site + "/Store/meals.json") ?? []
    }

    @Test func aMealWithTwoFoodsKeepsEachFoodsNumbersWithIt() async throws {
        let cli = try Self.site()
        defer { cli.remove() }
        let run = await cli.run(
            [
                "meal", "add", "--kind", "Lunch", "--time", "11:30",
                "--food", "Borscht", "--kcal", "250", "--grams", "300",
                "--food", " Rye bread ", "--grams=40", "--kcal=90,5", "--protein", "3,2", "--carbs", "17",
            ], now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Recorded lunch of November 20, 2026 at 11:30, 2 foods, 341 kcal (id "))
        let meal = try #require(try Self.meals(cli).first)
        #expect(meal.kind == "lunch" && meal.date == "2026-11-20" && meal.time == "11:30" && meal.source == nil)
        #expect(
            meal.foods == [
                Food(name: "Borscht", kcal: 250, grams: 300),
                Food(name: "Rye bread", kcal: 90.5, grams: 40, protein: 3.2, carbs: 17),
            ])
        #expect(meal.id.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#, options: .regularExpression) != nil)
        // The same command again is the same meal typed twice, not a second meal.
        let again = await cli.run(
            [
                "meal", "add", "--kind", "lunch", "--time", "11:30", "--food", "Borscht", "--kcal", "250", "--grams", "300",
                "--food", "Rye bread", "--grams=40", "--kcal=90,5", "--protein", "3,2", "--carbs", "17",
            ], now: Self.now)
        #expect(again.status == 1 && again.stderr.contains("already recorded"))
        #expect(try Self.meals(cli).count == 1)
    }

    @Test func aSnackAt2330IsOfItsOwnDay() async throws {
        let cli = try Self.site()
        defer { cli.remove() }
        let run = await cli.run(
            ["meal", "add", "--kind", "snack", "--date", "2026-11-19", "--time", "23:30", "--food", "Kefir", "--kcal", "100"],
            now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.meals(cli).first?.date == "2026-11-19")
        // Today, 23:30 has not come yet at noon.
        let later = await cli.run(["meal", "add", "--kind", "snack", "--time", "23:30", "--food", "Kefir", "--kcal", "100"], now: Self.now)
        #expect(later.status == 64 && later.stderr.contains("--time: 23:30 today has not come yet."))
    }

    @Test func invalidMealsListEveryProblemAndChangeNoByte() async throws {
        let stored =
            #"[{"id": "00000000-0000-4000-8000-000000000001", "date": "2026-11-19", "kind": "dinner", "foods": [{"name": "Fish", "kcal": 300}], "mood": "good", "source": {"kind": "apple-health", "id": "abc"}}]"#
        for files in [[:], ["meals.json": stored]] {
            let cli = try Self.site(files)
            defer { cli.remove() }
            let before = FolderSnapshot(cli.site + "/Store")
            // (arguments, the problems reported)
            let cases: [([String], [String])] = [
                (["--kind", "lunch", "--food", "Soup", "--kcal", "-250"], ["Food 1 (`Soup`): --kcal: `-250` is negative"]),
                (["--kind", "lunch", "--food", "", "--kcal", "250"], ["Food 1: --food: the name is empty."]),
                (["--kind", "lunch", "--date", "2026-11-21", "--food", "Soup", "--kcal", "250"], ["--date: 2026-11-21 is in the future."]),
                (["--kind", "lunch", "--food", "Soup", "--kcal", "250", "--grams", "abc"], ["Food 1 (`Soup`): --grams: `abc` is not a number"]),
                (
                    ["--kind", "brunch", "--time", "7:5", "--kcal", "5", "--food", "A", "--kcal", "1e3", "--kcal", "2", "--food", "B", "--fat", "72,55"],
                    [
                        "--kind: `brunch` is not a kind of meal", "--time: `7:5` is not a time of day", "--kcal 5 comes before any --food",
                        "Food 1 (`A`): --kcal: is given twice", "Food 1 (`A`): --kcal: `2` " /* not reached: the first problem wins */,
                        "Food 2 (`B`): --kcal: missing", "Food 2 (`B`): --fat: `72,55` has more than 1 decimal.",
                    ].filter { !$0.hasSuffix("` ") }
                ),
                (["--kind", "lunch"], ["A meal needs at least one --food"]),
                (["--kind", "lunch", "--food", "Soup", "--kcal", "10001"], ["Food 1 (`Soup`): --kcal: 10001 is not plausible; it must be from 0 to 10000."]),
            ]
            for (arguments, problems) in cases {
                let run = await cli.run(["meal", "add"] + arguments, now: Self.now)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                let lines = run.stderr.split(separator: "\n").map(String.init)
                #expect(lines.count == problems.count + 1, "\(arguments): \(run.stderr)")
                for problem in problems { #expect(run.stderr.contains(problem), "\(arguments): \(run.stderr)") }
                #expect(lines.last == "Nothing was written.")
            }
            #expect(FolderSnapshot(cli.site + "/Store") == before)
        }
    }

    @Test func anAddKeepsAnImportedMealsSourceAndUnknownFields() async throws {
        let stored =
            #"[{"id": "aaaa1111-0000-4000-8000-000000000001", "date": "2026-11-19", "kind": "dinner", "time": "19:00", "foods": [{"name": "Fish", "kcal": 300, "salt": 2}], "mood": "good", "source": {"kind": "myfitnesspal", "id": "2026-11-19 Dinner"}}]"#
        let cli = try Self.site(["meals.json": stored])
        defer { cli.remove() }
        let run = await cli.run(["meal", "add", "--kind", "breakfast", "--time", "08:00", "--food", "Oats", "--kcal", "150"], now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.site + "/Store/meals.json"))) as? [[String: Any]]
        #expect(all?.count == 2)
        let imported = try #require(all?.first { $0["id"] as? String == "aaaa1111-0000-4000-8000-000000000001" })
        #expect(imported["mood"] as? String == "good" && imported["time"] as? String == "19:00")
        #expect(imported["source"] as? [String: String] == ["kind": "myfitnesspal", "id": "2026-11-19 Dinner"])
        #expect((imported["foods"] as? [[String: Any]])?.first?["salt"] as? Int == 2)
        let typed = try #require(all?.first { $0["id"] as? String != "aaaa1111-0000-4000-8000-000000000001" })
        #expect(typed["source"] == nil, "a typed meal has no source")
    }

    @Test func aRussianDecimalIsANumber() async throws {
        let cli = try Self.site()
        defer { cli.remove() }
        let run = await cli.run(
            ["meal", "add", "--kind", "breakfast", "--food", "Творог", "--kcal", "72,5", "--grams", "100,5", "--fat", "5,0"],
            now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.meals(cli).first?.foods == [Food(name: "Творог", kcal: 72.5, grams: 100.5, fat: 5)])
    }

    @Test func listFiltersByDayOrRangeNewestFirst() async throws {
        let cli = try Self.site()
        defer { cli.remove() }
        for (date, time, name) in [
            ("2026-11-18", "08:00", "Oats"), ("2026-11-19", "13:00", "Soup"), ("2026-11-19", "08:00", "Eggs"),
            ("2026-11-20", "09:00", "Toast"),
        ] {
            let run = await cli.run(["meal", "add", "--kind", "lunch", "--date", date, "--time", time, "--food", name, "--kcal", "100"], now: Self.now)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let day = await cli.run(["meal", "list", "--date", "2026-11-19"], now: Self.now)
        #expect(day.status == 0)
        #expect(day.stdout.hasPrefix("November 19, 2026: 200 kcal\n"))
        let soup = try #require(day.stdout.range(of: "Soup")), eggs = try #require(day.stdout.range(of: "Eggs"))
        #expect(soup.lowerBound < eggs.lowerBound, "13:00 comes before 08:00, newest first")
        #expect(!day.stdout.contains("Oats") && !day.stdout.contains("Toast"))
        let range = await cli.run(["meal", "list", "--from", "2026-11-18", "--to", "2026-11-19", "--json"], now: Self.now)
        let listed = try JSONDecoder().decode([Meal].self, from: Data(range.stdout.utf8))
        #expect(listed.map { $0.foods[0].name } == ["Soup", "Eggs", "Oats"])
        let both = await cli.run(["meal", "list", "--date", "2026-11-19", "--from", "2026-11-18"], now: Self.now)
        #expect(both.status == 64)
        let none = await cli.run(["meal", "list", "--date", "2026-01-01"], now: Self.now)
        #expect(none.stdout == "No meals match.\n")
    }

    @Test func deleteAsksOnATerminalRefusesOffOneAndKeepsTheOthersWhole() async throws {
        let stored =
            #"[{"id": "aaaa1111-0000-4000-8000-000000000001", "date": "2026-11-19", "kind": "dinner", "foods": [{"name": "Fish", "kcal": 300, "salt": 2}], "mood": "good", "source": {"kind": "apple-health", "id": "abc"}}, {"id": "bbbb2222-0000-4000-8000-000000000002", "date": "2026-11-20", "kind": "lunch", "foods": [{"name": "Soup", "kcal": 250}]}]"#
        let cli = try Self.site(["meals.json": stored])
        defer { cli.remove() }
        let before = FolderSnapshot(cli.site + "/Store")
        let offTerminal = await cli.run(["meal", "delete", "bbbb"], now: Self.now)
        #expect(offTerminal.status == 64 && offTerminal.stderr.contains("--yes"))
        let declined = await cli.run(["meal", "delete", "bbbb"], now: Self.now, terminals: .all, input: ["n"])
        #expect(declined.status == 1 && declined.stderr.contains("Delete the lunch of November 20, 2026"))
        #expect(FolderSnapshot(cli.site + "/Store") == before)
        let accepted = await cli.run(["meal", "delete", "bbbb"], now: Self.now, terminals: .all, input: ["y"])
        #expect(accepted.status == 0 && accepted.stdout.contains("Deleted lunch of November 20, 2026"))
        // The other meal, with the fields usergraph does not know, is as it was.
        let left = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.site + "/Store/meals.json"))) as? [[String: Any]]
        #expect(left?.count == 1)
        #expect(left?.first?["mood"] as? String == "good")
        #expect((left?.first?["source"] as? [String: String])?["kind"] == "apple-health")
        #expect(((left?.first?["foods"] as? [[String: Any]])?.first?["salt"]) as? Int == 2, "a food keeps the fields usergraph does not know")
        let added = await cli.run(["meal", "add", "--kind", "snack", "--food", "Tea", "--kcal", "2", "--yes"], now: Self.now)
        #expect(added.status != 0, "meal add takes no --yes")
        let missing = await cli.run(["meal", "delete", "zzzz", "--yes"], now: Self.now)
        #expect(missing.status == 1 && missing.stderr.contains("No meal has an id starting with `zzzz`"))
    }

    @Test func stepsAreOneRecordADayAndATypedDayReplacesAnImportedOne() async throws {
        let cli = try Self.site(["steps.json": #"[{"date": "2026-11-19", "steps": 5000, "source": {"kind": "apple-health", "id": "iPhone"}, "note": "x"}]"#])
        defer { cli.remove() }
        let added = await cli.run(["steps", "add", "8432"], now: Self.now)
        #expect(added.stdout == "Recorded 8,432 steps for November 20, 2026.\n")
        let replaced = await cli.run(["steps", "add", "6000", "--date", "2026-11-19"], now: Self.now)
        #expect(replaced.stdout == "Replaced 5,000 steps of November 19, 2026 with 6,000.\n")
        let same = await cli.run(["steps", "add", "6000", "--date", "2026-11-19"], now: Self.now)
        #expect(same.stdout.contains("already recorded"))
        let records = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.site + "/Store/steps.json"))) as? [[String: Any]]
        #expect(records?.map { $0["date"] as? String } == ["2026-11-19", "2026-11-20"])
        #expect(records?.first?["steps"] as? Int == 6000 && records?.first?["source"] == nil && records?.first?["note"] as? String == "x")
        let before = FolderSnapshot(cli.site + "/Store")
        for arguments in [["steps", "add", "1.5"], ["steps", "add", "200001"], ["steps", "add", "abc", "--date", "2026-11-21"]] {
            let run = await cli.run(arguments, now: Self.now)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
        #expect(FolderSnapshot(cli.site + "/Store") == before)
        let list = await cli.run(["steps", "list"], now: Self.now)
        #expect(list.stdout == "2026-11-19    6,000\n2026-11-20    8,432\n")
    }

    @Test func theOwnerSetsAHeightAndATargetWeight() async throws {
        let cli = try Self.site(["owner.json": #"{"name": "Anna"}"#])
        defer { cli.remove() }
        let before = FolderSnapshot(cli.site + "/Store")
        let bad = await cli.run(["owner", "set", "--height", "20", "--target-weight", "abc"], now: Self.now)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--height: 20 is not plausible; it must be from 50 to 272."))
        // The target is a weight: it is read, and its problems said, as `weight add` says them.
        #expect(bad.stderr.contains("--target-weight: `abc` is not a weight in kilograms like 72.4."))
        let decimals = await cli.run(["owner", "set", "--target-weight", "68,125"], now: Self.now)
        #expect(decimals.status == 64 && decimals.stderr.contains("--target-weight: `68,125` has more than two decimals"), "\(decimals.stderr)")
        #expect(FolderSnapshot(cli.site + "/Store") == before)
        let good = await cli.run(["owner", "set", "--height", "168,5", "--target-weight", "68"], now: Self.now)
        #expect(good.status == 0 && good.stdout.contains("heightCm, targetWeightKg"), "\(good.stdout)")
        let owner = try #require(try JSONFile.read(Owner.self, at: cli.site + "/Store/owner.json"))
        #expect(owner.heightCm == 168.5 && owner.targetWeightKg == 68 && owner.name == "Anna")
        let show = await cli.run(["owner", "show"], now: Self.now)
        #expect(show.stdout.contains("Height         168.5 cm") && show.stdout.contains("Target weight  68.0 kg"), "\(show.stdout)")
    }

    @Test func theCommandsSpeakRussian() async throws {
        let cli = try Self.site()
        defer { cli.remove() }
        let bad = await cli.run(["meal", "add", "--language", "ru", "--kind", "ужин", "--food", "Суп", "--kcal", "-1"], now: Self.now)
        #expect(bad.stderr.contains("`ужин` — не вид приёма пищи"))
        #expect(bad.stderr.contains("Продукт 1 (`Суп`): --kcal: `-1` — отрицательное"))
        let good = await cli.run(["meal", "add", "--language", "ru", "--kind", "dinner", "--time", "08:00", "--food", "Суп", "--kcal", "250"], now: Self.now)
        // Russian writes no-break spaces in dates and numbers; they are compared as spaces here.
        func spaced(_ text: String) -> String { text.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") }
        #expect(spaced(good.stdout).hasPrefix("Записано: ужин за 20 ноября 2026 г. в 08:00, 1 продукт, 250 ккал"), "\(good.stdout)")
        let steps = await cli.run(["steps", "add", "--language", "ru", "9000"], now: Self.now)
        #expect(spaced(steps.stdout).contains("Записано шагов за 20 ноября 2026 г.: 9 000."), "\(steps.stdout)")
    }
}
