import Testing
import UsergraphCharts
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
@testable import UsergraphReport
import UsergraphTestSupport

@Suite(.scratch) struct StatsTextTests {
    static func demoResult() throws -> StatisticsResult {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let snapshot = try StoreReader.read(StoreLayout(root: config.store))
        return Statistics.compute(snapshot, asOf: config.asOfDay(), timeZone: config.timeZone)
    }

    static func strings(_ language: String) throws -> Strings {
        try Strings.load(
            theme: .builtIn, language: language,
            require: StatsText.requirements + LanguageFormat.requirements)
    }

    @Test(arguments: ["en", "ru"])
    func theTerminalReportFits80ColumnsInBothStyles(language: String) throws {
        let result = try Self.demoResult()
        let strings = try Self.strings(language)
        for style in [TextChartStyle.unicode, .ascii] {
            let text = StatsText.report(result, strings: strings, style: style)
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
            #expect(!text.contains("⟦"), "a key the report reads is not in its requirements")
        }
        #expect(StatsText.report(result, strings: strings, style: .ascii).utf8.allSatisfy { $0 < 128 })
    }

    @Test func theReportSpeaksTheSiteLanguage() throws {
        let result = try Self.demoResult()
        let english = StatsText.report(result, strings: try Self.strings("en"))
        #expect(english.contains("223 workouts, 204\u{00A0}h 32\u{00A0}min, 82,727 kcal"))
        #expect(english.contains("Top visitors: #96 (163), #133 (131), #104 (104)"))
        #expect(english.contains("Statistics as of November 20, 2026"))
        let russian = StatsText.report(result, strings: try Self.strings("ru"))
        #expect(russian.contains("223 тренировки, 204\u{00A0}ч 32\u{00A0}мин, 82\u{00A0}727 ккал"))
        #expect(russian.contains("Статистика на 20 ноября 2026\u{00A0}г."))
        #expect(russian.contains("Последний 72,4 кг"))
        #expect(russian.contains("Пн ") && russian.contains("Вс "))
        let ascii = StatsText.report(result, strings: try Self.strings("ru"), style: .ascii)
        #expect(ascii.contains("Statistika na 20 noyabrya 2026 g."))
        #expect(ascii.contains("82 727 kkal"))
    }

    @Test func theReportSpeaksTheSitesUnits() throws {
        let result = try Self.demoResult()
        let english = StatsText.report(result, strings: try Self.strings("en"), units: .imperial)
        let miles = try Self.strings("en").format.number(Double(result.report.workouts.totalDistance) / 1609.344, places: 1)
        #expect(english.contains("Distance: " + miles + " mi ("))
        #expect(english.contains(" /mi") && english.contains(" mph") && english.contains(" ft climbed") && !english.contains(" km"))
        let russian = StatsText.report(result, strings: try Self.strings("ru"), units: .imperial)
        #expect(russian.contains(" /ми") && russian.contains(" миль/ч") && !russian.contains(" км"))
    }

    @Test func theReportsAreGolden() throws {
        let result = try Self.demoResult()
        for language in ["en", "ru"] {
            try expectGolden("stats-\(language).txt", StatsText.report(result, strings: try Self.strings(language)))
        }
    }

    @Test func anEmptyStoreStillGivesAReport() throws {
        let result = Statistics.compute(Snapshot(), asOf: Day(number: 20_000), timeZone: .gmt)
        let text = StatsText.report(result, strings: try Self.strings("en"), style: .ascii)
        #expect(text.contains("0 workouts"))
        #expect(text.contains("No weight records"))
    }

    @Test func longSentencesWrapAtSpaces() {
        let lines = StatsText.wrap("Achievements: First workout, 10 workouts, 50 workouts, 100 workouts, 3-day streak, 7-day streak", width: 40)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines[1].hasPrefix("  "))
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                == "Achievements: First workout, 10 workouts, 50 workouts, 100 workouts, 3-day streak, 7-day streak")
    }
}
