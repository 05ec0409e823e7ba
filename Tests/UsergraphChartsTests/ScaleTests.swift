import Testing
@testable import UsergraphCharts

@Suite struct ScaleTests {
    @Test func countsGetWholeRoundTicksThatCoverTheData() {
        #expect(Scale(lo: 0, hi: 14, integer: true).ticks == [0, 5, 10, 15])
        #expect(Scale(lo: 0, hi: 3, integer: true).ticks == [0, 1, 2, 3])
        #expect(Scale(lo: 0, hi: 13_900, integer: true).ticks == [0, 5_000, 10_000, 15_000])
        #expect(Scale(lo: -3, hi: 7, integer: true).ticks == [-5, 0, 5, 10])
        // No 2.5 step for counts: a bar of 2.5 workouts means nothing.
        #expect(Scale(lo: 0, hi: 9, integer: true).ticks == [0, 5, 10])
    }

    @Test func measuresGetDecimalTicksWithTheDigitsTheStepNeeds() {
        let kg = Scale(lo: 72.4, hi: 74.2, integer: false)
        #expect(kg.ticks == [72, 72.5, 73, 73.5, 74, 74.5])
        #expect(kg.decimals == 1)
        let small = Scale(lo: 0, hi: 0.3, integer: false)
        #expect(small.ticks.count == 4 && abs(small.hi - 0.3) < 1e-9 && small.decimals == 1)
        #expect(Scale(lo: 0, hi: 10, integer: false).ticks == [0, 2.5, 5, 7.5, 10])
        #expect(Scale(lo: 0, hi: 10, integer: false).decimals == 1)
    }

    @Test func aFlatOrEmptyRangeStillHasTwoTicks() {
        #expect(Scale(lo: 0, hi: 0, integer: true).ticks == [0, 1])
        let flat = Scale(lo: 72, hi: 72, integer: false)
        #expect(flat.ticks.count >= 2 && flat.lo < 72 && flat.hi > 72)
    }

    @Test func barAndLineChartsLabelEveryTickAndTheirAxes() {
        let options = SVGChartOptions(idPrefix: "s", title: "Steps", xTitle: "Day", yTitle: "Steps per day")
        let bars = SVGCharts.bars([ChartPoint(label: "Mon", value: 8_432), ChartPoint(label: "Tue", value: 13_900)], options: options)
        for tick in [">0</text>", ">5000</text>", ">10000</text>", ">15000</text>", ">Day</text>", ">Steps per day</text>"] {
            #expect(bars.contains(tick), "bars lack \(tick)")
        }
        let line = SVGCharts.line([ChartSeries(name: "kg", values: [72.4, 74.2])], options: options, includeZero: false)
        #expect(line.contains(">72.5</text>") && line.contains(">Steps per day</text>"))
    }

    @Test func aNarrowDonutPutsItsLegendUnderTheRing() {
        let slices = [ChartPoint(label: "Running", value: 68), ChartPoint(label: "Strength", value: 49)]
        let wide = SVGCharts.donut(slices, options: SVGChartOptions(idPrefix: "w", title: "t", width: 460, height: 200))
        let narrow = SVGCharts.donut(slices, options: SVGChartOptions(idPrefix: "n", title: "t", width: 320, height: 200))
        #expect(wide.contains("viewBox=\"0 0 460 200\""))
        // Ring 200 units, then a 22-unit row per slice and a margin.
        #expect(narrow.contains("viewBox=\"0 0 320 252\""))
        #expect(narrow.contains(">Running 68 (58%)</text>"))
        // A gap in the card's colour at each of the two boundaries.
        #expect(narrow.components(separatedBy: "stroke:var(--ug-surface").count - 1 == 2)
    }
}
