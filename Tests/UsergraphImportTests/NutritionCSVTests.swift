import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphImport
@testable import UsergraphStore
import UsergraphTestSupport

/// A MyFitnessPal-style nutrition diary, read alone and imported end to end.
@Suite(.scratch) struct NutritionCSVTests {
    static let folder = TestPaths.fixtures + "/import/nutrition"
    static let diary = folder + "/myfitnesspal-nutrition-summary.HANDMADE.csv"
    static let now = ["USERGRAPH_NOW": "2026-11-20T12:00:00+03:00"]

    @Test func eachRowIsAMealWithTheRowsNumbers() throws {
        let meals = try NutritionCSVReader.read(try Data(contentsOf: URL(fileURLWithPath: Self.diary)))
        #expect(meals.map(\.kind) == ["breakfast", "lunch", "dinner", "snack", "breakfast", "snack"])
        #expect(meals.map(\.time) == ["07:45", "12:30", nil, nil, "08:05", "23:30"])
        #expect(meals.first?.food == Food(name: "MyFitnessPal", kcal: 412.5, protein: 21.4, fat: 12.1, carbs: 55.3))
        #expect(meals.first?.day == Day(iso: "2026-11-18"))
        // The note's comma and quotes stay inside their field: the columns after it do not shift.
        #expect(meals[1].food == Food(name: "MyFitnessPal", kcal: 655, protein: 41.8, fat: 22, carbs: 70.2))
        #expect(Set(meals.map(\.sourceID)).count == meals.count)
    }

    @Test func aDiaryIsRecognisedByItsColumnsNotItsName() throws {
        #expect(ExportReader.kind(of: Array("Date,Meal,Calories\n".utf8)) == .nutritionCSV)
        #expect(ExportReader.kind(of: Array("\u{FEFF}date,MEAL,Time,Calories (kcal)\r\n".utf8)) == .nutritionCSV)
        #expect(ExportReader.kind(of: Array("Date,Calories\n".utf8)) == nil)
        #expect(NutritionCSVReader.clock("12:05 AM") == "00:05" && NutritionCSVReader.clock("12:05 PM") == "12:05")
        #expect(NutritionCSVReader.clock("25:00") == nil && NutritionCSVReader.clock("noon") == nil)
    }

    @Test func importingTheDiaryTwiceAddsNothingTheSecondTime() async throws {
        let site = try TestPaths.site(store: [:])
        let first = await UsergraphCLI.run(["import", Self.diary], in: site, environment: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("6 meals"), "\(first.stdout)")
        let path = site + "/Store/meals.json"
        let meals = try #require(try JSONFile.read([Meal].self, at: path))
        #expect(meals.count == 6)
        #expect(meals.allSatisfy { $0.source?.kind == "myfitnesspal" })
        let late = try #require(meals.first { $0.time == "23:30" })
        #expect(late.date == "2026-11-19" && late.kind == "snack")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let second = await UsergraphCLI.run(["import", Self.diary], in: site, environment: Self.now)
        #expect(second.status == 0)
        #expect(second.stdout.contains("skipped 6"), "\(second.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        // The diary edited afterwards: that meal is replaced, not doubled.
        let edited = try TestPaths.scratch("edited") + "/diary.csv"
        let text = try TestPaths.read(Self.diary).replacingOccurrences(of: "2026-11-19,Breakfast,08:05,380,", with: "2026-11-19,Breakfast,08:05,420,")
        try TestPaths.write(text, to: edited)
        let third = await UsergraphCLI.run(["import", edited], in: site, environment: Self.now)
        #expect(third.status == 0, "\(third.stderr)")
        let after = try #require(try JSONFile.read([Meal].self, at: path))
        #expect(after.count == 6)
        #expect(after.first { $0.date == "2026-11-19" && $0.kind == "breakfast" }?.foods.first?.kcal == 420)
    }

    @Test func aBrokenRowStopsTheImportWithItsLineAndWritesNothing() async throws {
        let site = try TestPaths.site(store: ["meals.json": "[]\n"])
        let before = FolderSnapshot(site + "/Store")
        let run = await UsergraphCLI.run(["import", Self.folder + "/broken-row.HANDMADE.csv", Self.diary], in: site, environment: Self.now)
        #expect(run.status == 1)
        #expect(run.stderr.contains("broken-row.HANDMADE.csv"))
        #expect(run.stderr.contains("line 3 has `lots` in the `Calories` column"), "\(run.stderr)")
        #expect(FolderSnapshot(site + "/Store") == before)
    }

    @Test func rowsOfOneDayAndMealAreOneMealAtItsEarliestTime() async throws {
        let site = try TestPaths.site(store: [:])
        let run = await UsergraphCLI.run(["import", Self.folder + "/myfitnesspal-entries-with-time.HANDMADE.csv"], in: site, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let meals = try #require(try JSONFile.read([Meal].self, at: site + "/Store/meals.json"))
        #expect(meals.map(\.kind) == ["breakfast", "dinner", "snack"])
        #expect(meals.map(\.time) == ["07:40", "19:05", "23:30"])
        #expect(meals.map(\.foods.count) == [2, 3, 1])
        #expect(meals[0].foods.map(\.kcal) == [95, 310])
        #expect(meals[1].foods.map(\.protein) == [24, 1, 4.5])
        let again = await UsergraphCLI.run(["import", Self.folder + "/myfitnesspal-entries-with-time.HANDMADE.csv"], in: site, environment: Self.now)
        #expect(again.stdout.contains("skipped 3"), "\(again.stdout)")
    }

    @Test func aQuotedHeaderIsADiaryToo() {
        #expect(ExportReader.kind(of: Array("\"Date\",\"Meal\",\"Calories\",\"Protein (g)\"\r\n".utf8)) == .nutritionCSV)
        #expect(ExportReader.kind(of: Array("Date,Weight\r\n2026-11-18,72.4\r\n".utf8)) == nil)
    }

    @Test func aBadRowIsNamedByTheLineAnEditorShowsAndItsColumn() throws {
        // The note on line 2 runs over two lines, so the bad date is on line 4, the third row.
        let text = "Date,Meal,Calories,Note\n2026-11-18,Lunch,600,\"soup,\nthen tea\"\n18.11.2026,Dinner,700,\n"
        #expect(throws: ImportProblem("errors.import.nutrition.date", ["line": "4", "column": "Date", "value": "18.11.2026"])) {
            try NutritionCSVReader.read(Data(text.utf8))
        }
        let strava = "Activity ID,Activity Date,Activity Type,Elapsed Time,Description\n1,\"Oct 5, 2014, 4:15:21 PM\",Run,1800,\"a\nb\"\n2,never,Run,60,\n"
        #expect(throws: ImportProblem("errors.import.strava.row", ["line": "4"])) { try StravaReader.read(Data(strava.utf8)) }
    }

    @Test func aCSVOfOtherColumnsNamedAloneIsRefusedWithTheColumnsExpected() async throws {
        let site = try TestPaths.site(store: ["meals.json": "[]\n"])
        let csv = try TestPaths.scratch("other") + "/Measurement-Summary.csv"
        try TestPaths.write("\u{FEFF}Date,Weight\r\n2026-11-18,72.4\r\n", to: csv)
        let before = FolderSnapshot(site + "/Store")
        let run = await UsergraphCLI.run(["import", csv], in: site, environment: Self.now)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Measurement-Summary.csv"), "\(run.stderr)")
        #expect(run.stderr.contains("its first line is `Date,Weight`"), "\(run.stderr)")
        #expect(run.stderr.contains("`Date`, `Meal` and `Calories`") && run.stderr.contains("`Activity ID`"), "\(run.stderr)")
        #expect(FolderSnapshot(site + "/Store") == before)
    }

    @Test func aMyFitnessPalExportFolderGivesItsMealsAndCountsTheOtherSummaries() async throws {
        // The unzipped export: File-Export-…/Nutrition-, Measurement- and Exercise-Summary.
        let export = try TestPaths.scratch("mfp") + "/File-Export-2026-11-18-to-2026-11-19"
        try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.diary, toPath: export + "/Nutrition-Summary-2026-11-18-to-2026-11-19.csv")
        try TestPaths.write("Date,Weight\r\n2026-11-18,72.4\r\n", to: export + "/Measurement-Summary-2026-11-18-to-2026-11-19.csv")
        try TestPaths.write(
            "Date,Exercise,Type,Exercise Calories,Exercise Minutes,Sets,Reps Per Set,Kilograms,Steps,Note\r\n",
            to: export + "/Exercise-Summary-2026-11-18-to-2026-11-19.csv")
        let site = try TestPaths.site(store: [:])
        let run = await UsergraphCLI.run(["import", export], in: site, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("6 meals") && run.stdout.contains("2 not understood"), "\(run.stdout)")
    }
}
