import Testing
@testable import UsergraphCharts

@Suite struct NumberTests {
    @Test func fixedIsLocaleFreeAndNeverNegativeZero() {
        #expect(Num.fixed(1234.5, decimals: 2) == "1234.50")
        #expect(Num.fixed(-0.04, decimals: 1) == "0.0")
        #expect(Num.fixed(-0.06, decimals: 1) == "-0.1")
        #expect(Num.fixed(0.005, decimals: 0) == "0")
        #expect(Num.fixed(-2.5, decimals: 0) == "-3")
        #expect(Num.fixed(.nan, decimals: 2) == "0.00")
        #expect(Num.fixed(.infinity, decimals: 0) == "0")
        #expect(Num.fixed(1e300, decimals: 0).count < 20)
    }

    @Test func shortTrimsZeros() {
        #expect(Num.short(12.0) == "12")
        #expect(Num.short(12.5) == "12.5")
        #expect(Num.short(-0.001) == "0")
        #expect(Num.short(0.125) == "0.13")
    }

    @Test func bucketingAveragesAndSpreadingInterpolates() {
        #expect(Num.bucket([1, 3, 5, 7], into: 2) == [2, 6])
        #expect(Num.spread([0, 10], to: 3) == [0, 5, 10])
        #expect(Num.fit([4], to: 3) == [4, 4, 4])
        #expect(Num.fit(Array(repeating: 1, count: 1000), to: 7).count == 7)
    }

    @Test func heatLevels() {
        #expect(Num.heatLevel(0, max: 4) == 0)
        #expect(Num.heatLevel(-1, max: 4) == 0)
        #expect(Num.heatLevel(1, max: 4) == 1)
        #expect(Num.heatLevel(4, max: 4) == 4)
        #expect(Num.heatLevel(0.01, max: 100) == 1)
        #expect(Num.heatLevel(1, max: 0) == 0)
    }
}
