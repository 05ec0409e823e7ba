import Testing
@testable import UsergraphCharts
import UsergraphTestSupport

struct TextCase: Sendable, CustomTestStringConvertible {
    let name: String
    let style: TextChartStyle
    let width: Int
    let render: @Sendable (TextChartStyle) -> String
    var testDescription: String { "\(name)-\(style)" }
    var file: String { "text-\(name)-\(style == .ascii ? "ascii" : "unicode").txt" }
}

/// Every text chart kind with its edge cases, each in both styles.
let textCases: [TextCase] = {
    var cases: [(String, Int, @Sendable (TextChartStyle) -> String)] = [
        ("bars", 80, { TextCharts.bars(Sample.languages, width: 80, style: $0) }),
        ("bars-empty", 80, { TextCharts.bars([], width: 80, style: $0, noData: "No repositories yet") }),
        ("bars-one", 80, { TextCharts.bars([ChartPoint(label: "Swift", value: 1)], width: 80, style: $0) }),
        ("bars-zero", 80, { TextCharts.bars([ChartPoint(label: "a", value: 0), ChartPoint(label: "b", value: 0)], width: 80, style: $0) }),
        ("bars-negative", 60, { TextCharts.bars(Sample.weightChange, width: 60, style: $0) }),
        ("bars-hostile", 50, { TextCharts.bars(Sample.hostile, width: 50, style: $0) }),
        (
            "bars-paired", 80,
            {
                TextCharts.pairedBars(labels: Sample.ageLabels, first: Sample.men, second: Sample.women, width: 80, style: $0)
            }
        ),
        (
            "line", 80,
            {
                TextCharts.line(Sample.weekly, width: 80, height: 8, style: $0, firstLabel: "2026-08-31", lastLabel: "2026-11-16")
            }
        ),
        ("line-empty", 80, { TextCharts.line([], width: 80, style: $0, noData: "No workouts") }),
        ("line-one", 80, { TextCharts.line([3], width: 40, height: 4, style: $0, firstLabel: "2026-11-20") }),
        ("line-flat", 80, { TextCharts.line([72.4, 72.4, 72.4], width: 40, height: 5, style: $0, includeZero: false) }),
        ("line-zero", 80, { TextCharts.line([0, 0, 0, 0], width: 40, height: 4, style: $0) }),
        (
            "line-weight", 80,
            {
                TextCharts.line(Sample.weights, width: 60, height: 6, style: $0, firstLabel: "Sep", lastLabel: "Nov", includeZero: false)
            }
        ),
        ("line-negative", 80, { TextCharts.line(Sample.deltas, width: 50, height: 9, style: $0) }),
        ("line-long", 80, { TextCharts.line(Sample.long, width: 80, height: 10, style: $0, firstLabel: "first", lastLabel: "last") }),
        ("sparkline", 80, { TextCharts.sparkline(Sample.weekly, maxWidth: 80, style: $0) }),
        ("sparkline-empty", 80, { TextCharts.sparkline([], maxWidth: 80, style: $0, noData: "-") }),
        ("sparkline-one", 80, { TextCharts.sparkline([5], maxWidth: 80, style: $0) }),
        (
            "sparkline-flat", 80,
            {
                TextCharts.sparkline([4, 4, 4], style: $0) + "\n" + TextCharts.sparkline([0, 0, 0], style: $0)
            }
        ),
        ("sparkline-negative", 80, { TextCharts.sparkline(Sample.deltas, style: $0) }),
        ("sparkline-weight", 80, { TextCharts.sparkline(Sample.weights, style: $0, includeZero: false) }),
        ("sparkline-long", 60, { TextCharts.sparkline(Sample.long, maxWidth: 60, style: $0) }),
        (
            "heatmap", 80,
            {
                TextCharts.heatmap(Sample.year, rowLabels: Sample.dayNames, less: "less", more: "more", weekLabels: Sample.weekLabels, width: 80, style: $0)
            }
        ),
        (
            "heatmap-ru", 80,
            {
                TextCharts.heatmap(Sample.year, rowLabels: Sample.ruDayNames, less: "меньше", more: "больше", width: 80, style: $0)
            }
        ),
        (
            "heatmap-empty", 80,
            {
                TextCharts.heatmap([], rowLabels: Sample.dayNames, less: "less", more: "more", style: $0, noData: "No workouts in the last year")
            }
        ),
        (
            "heatmap-partial", 80,
            {
                TextCharts.heatmap([1, 0, 2, 0, 0, 3, 1, 0, 4, 2], rowLabels: Sample.dayNames, less: "less", more: "more", style: $0)
            }
        ),
        (
            "heatmap-zero", 80,
            {
                TextCharts.heatmap(Array(repeating: 0, count: 21), rowLabels: Sample.dayNames, less: "less", more: "more", style: $0)
            }
        ),
        (
            "heatmap-long-narrow", 40,
            {
                TextCharts.heatmap(Sample.long, rowLabels: Sample.dayNames, less: "less", more: "more", width: 40, style: $0)
            }
        ),
    ]
    cases.append(
        (
            "tiny-width", 12,
            { style in
                [
                    TextCharts.bars(Sample.languages, width: 12, style: style),
                    TextCharts.line(Sample.weekly, width: 12, height: 3, style: style, firstLabel: "2026-08-31", lastLabel: "2026-11-16"),
                    TextCharts.heatmap(Sample.year, rowLabels: Sample.dayNames, less: "less", more: "more", width: 12, style: style),
                ].joined(separator: "\n")
            }
        ))
    return cases.flatMap { c in
        [TextChartStyle.unicode, .ascii].map { TextCase(name: c.0, style: $0, width: c.1, render: c.2) }
    }
}()

@Suite struct TextChartTests {
    @Test(arguments: textCases)
    func matchesGolden(_ c: TextCase) throws {
        try expectGolden(c.file, c.render(c.style))
    }

    @Test(arguments: textCases)
    func fitsWidthAndStyle(_ c: TextCase) {
        let out = c.render(c.style)
        for line in out.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= c.width, "line wider than \(c.width): \(line)")
        }
        if c.style == .ascii {
            #expect(out.utf8.allSatisfy { $0 < 128 }, "non-ASCII byte in \(c.file)")
        }
        #expect(!out.lowercased().contains("nan"))
        #expect(!out.contains("inf"))
    }

    @Test(arguments: textCases)
    func deterministic(_ c: TextCase) {
        #expect(c.render(c.style) == c.render(c.style))
    }

    @Test func emptyWithoutMarkerIsEmptyString() {
        #expect(TextCharts.bars([], style: .ascii) == "")
        #expect(TextCharts.line([]) == "")
        #expect(TextCharts.sparkline([]) == "")
        #expect(TextCharts.heatmap([], rowLabels: [], less: "", more: "") == "")
    }

    @Test func sparklineHasOneCharacterPerValueUpToTheWidth() {
        #expect(TextCharts.sparkline([1, 2, 3]).count == 3)
        #expect(TextCharts.sparkline(Sample.long, maxWidth: 30).count == 30)
    }

    @Test func degenerateSizesDoNotCrash() {
        for w in [-5, 0, 1, 2, 3] {
            _ = TextCharts.bars(Sample.languages, width: w)
            _ = TextCharts.pairedBars(labels: Sample.ageLabels, first: Sample.men, second: Sample.women, width: w)
            _ = TextCharts.line(Sample.deltas, width: w, height: w)
            _ = TextCharts.sparkline(Sample.long, maxWidth: w)
            _ = TextCharts.heatmap(Sample.year, rowLabels: Sample.dayNames, less: "less", more: "more", width: w)
        }
        let odd = [Double.nan, .infinity, -.infinity, 1]
        #expect(!TextCharts.line(odd).contains("nan"))
        #expect(!TextCharts.bars(odd.map { ChartPoint(label: "x", value: $0) }).contains("inf"))
    }
}
