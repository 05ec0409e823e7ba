import Testing
@testable import UsergraphCharts

@Suite struct ChartsSmokeTests {
    @Test func moduleLoads() { _ = Charts.self }
}
