import Testing
import UsergraphCharts
@testable import UsergraphKit

@Suite struct StatsTextTests {
    static func demoResult() throws -> StatisticsResult {
        let config = try ConfigLoader.load(path: TestPaths.demoConfig)
        let snapshot = try StoreReader.read(StoreLayout(root: config.store))
        return Statistics.compute(snapshot, asOf: config.asOfDay(), timeZone: config.timeZone)
    }

    @Test func theTerminalReportFits80ColumnsInBothStyles() throws {
        let result = try Self.demoResult()
        for style in [TextChartStyle.unicode, .ascii] {
            let text = StatsText.report(result, style: style)
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
            #expect(text.contains("210 workouts"))
            #expect(text.contains("Top visitors: #96 (163), #133 (131), #104 (104)"))
        }
        #expect(StatsText.report(result, style: .ascii).utf8.allSatisfy { $0 < 128 })
    }

    @Test func anEmptyStoreStillGivesAReport() {
        let result = Statistics.compute(Snapshot(), asOf: Day(number: 20_000), timeZone: .gmt)
        let text = StatsText.report(result, style: .ascii)
        #expect(text.contains("0 workouts"))
        #expect(text.contains("No weight records"))
    }
}
