import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphImport
@testable import UsergraphStore

/// A MyFitnessPal-style nutrition diary, read alone and imported end to end.
@Suite(.scratch) struct NutritionCSVTests {
    static let folder = TestPaths.repository + "/Tests/UsergraphTests/Fixtures/import/nutrition"
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
}
