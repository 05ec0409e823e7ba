import Foundation
import Testing
@testable import UsergraphCharts

#if canImport(FoundationXML)
import FoundationXML
import UsergraphTestSupport
#endif

struct SVGCase: Sendable, CustomTestStringConvertible {
    let name: String
    let prefix: String
    let render: @Sendable (SVGChartOptions) -> String
    var testDescription: String { name }
    var options: SVGChartOptions {
        SVGChartOptions(idPrefix: prefix, title: "Chart \(name)", description: "Test chart \(name)", noData: "No data yet")
    }
    var output: String { render(options) }
}

let svgCases: [SVGCase] = [
    SVGCase(name: "bars", prefix: "langs") { SVGCharts.bars(Sample.languages, options: $0) },
    SVGCase(name: "bars-empty", prefix: "e1") { SVGCharts.bars([], options: $0) },
    SVGCase(name: "bars-one", prefix: "one") { SVGCharts.bars([ChartPoint(label: "Swift", value: 1)], options: $0) },
    SVGCase(name: "bars-zero", prefix: "z") {
        SVGCharts.bars([ChartPoint(label: "a", value: 0), ChartPoint(label: "b", value: 0)], options: $0)
    },
    SVGCase(name: "bars-negative", prefix: "neg") { SVGCharts.bars(Sample.weightChange, options: $0) },
    SVGCase(name: "bars-hostile", prefix: "x\"><script>") { SVGCharts.bars(Sample.hostile, options: $0) },
    SVGCase(name: "bars-grouped", prefix: "ages") {
        SVGCharts.bars(labels: Sample.ageLabels, series: [Sample.men, Sample.women], options: $0)
    },
    SVGCase(name: "bars-long", prefix: "many") {
        SVGCharts.bars(Sample.long.prefix(60).enumerated().map { ChartPoint(label: "d\($0.offset)", value: $0.element) }, options: $0)
    },
    SVGCase(name: "bars-goal", prefix: "steps") {
        // The goal (10,000) is above every bar but one, so the scale must reach it.
        SVGCharts.bars(
            labels: ["Mon", "Tue", "Wed", "Thu"], series: [ChartSeries(name: "Steps", values: [6500, 10_000, 12_400, 3000])],
            options: $0, reference: ChartReference(label: "Goal 10,000", value: 10_000))
    },
    SVGCase(name: "line", prefix: "weekly") {
        SVGCharts.line(
            [ChartSeries(name: "Workouts", values: Sample.weekly)],
            labels: (1...12).map { "week \($0)" }, options: $0, showDots: true)
    },
    SVGCase(name: "line-empty", prefix: "e2") { SVGCharts.line([], options: $0) },
    SVGCase(name: "line-one", prefix: "p1") {
        SVGCharts.line([ChartSeries(name: "", values: [3])], labels: ["2026-11-20"], options: $0)
    },
    SVGCase(name: "line-flat", prefix: "flat") {
        SVGCharts.line([ChartSeries(name: "kg", values: [72.4, 72.4, 72.4])], options: $0, includeZero: false)
    },
    SVGCase(name: "line-zero", prefix: "zero") { SVGCharts.line([ChartSeries(name: "", values: [0, 0, 0, 0])], options: $0) },
    SVGCase(name: "line-negative", prefix: "delta") {
        SVGCharts.line([ChartSeries(name: "Change", values: Sample.deltas)], labels: Sample.deltas.map { _ in "x" }, options: $0, showDots: true)
    },
    SVGCase(name: "line-weight", prefix: "kg") {
        SVGCharts.line(
            [ChartSeries(name: "Weight", values: Sample.weights)],
            labels: (1...10).map { "2026-11-\(10 + $0)" }, options: $0, showDots: true, includeZero: false)
    },
    SVGCase(name: "line-two-series", prefix: "views") {
        SVGCharts.line(
            [ChartSeries(name: "Views", values: Sample.weekly), ChartSeries(name: "Unique", values: Sample.weekly.map { $0 / 2 })],
            labels: (1...12).map { "day \($0)" }, options: $0)
    },
    SVGCase(name: "line-long", prefix: "long") {
        SVGCharts.line([ChartSeries(name: "", values: Sample.long)], labels: ["first", "last"], options: $0, showDots: true)
    },
    SVGCase(name: "donut", prefix: "sex") {
        SVGCharts.donut([ChartPoint(label: "Men", value: 39), ChartPoint(label: "Women", value: 36)], options: $0, centerLabel: "75")
    },
    SVGCase(name: "donut-empty", prefix: "e3") {
        SVGCharts.donut([ChartPoint(label: "Men", value: 0), ChartPoint(label: "Women", value: -1)], options: $0)
    },
    SVGCase(name: "donut-one", prefix: "d1") { SVGCharts.donut([ChartPoint(label: "Swift", value: 5)], options: $0) },
    SVGCase(name: "donut-many", prefix: "d8") {
        SVGCharts.donut(
            (1...9).map { ChartPoint(label: "Lang <\($0)>", value: Double(20 - $0 * 2)) }, options: $0, otherLabel: "Others")
    },
    SVGCase(name: "heatmap", prefix: "cal") {
        SVGCharts.calendarHeatmap(
            Sample.heatDays(Sample.year), rowLabels: Sample.dayNames, less: "Less", more: "More",
            weekLabels: Sample.weekLabels, options: $0)
    },
    SVGCase(name: "heatmap-empty", prefix: "e4") {
        SVGCharts.calendarHeatmap([], rowLabels: Sample.dayNames, less: "Less", more: "More", options: $0)
    },
    SVGCase(name: "heatmap-partial", prefix: "cal2") {
        SVGCharts.calendarHeatmap(
            Sample.heatDays([1, 0, 2, 0, 0, 3, 1, 0, 4, 2]), rowLabels: Sample.ruDayNames, less: "меньше", more: "больше",
            options: $0)
    },
    SVGCase(name: "heatmap-zero", prefix: "cal3") {
        SVGCharts.calendarHeatmap(Sample.heatDays(Array(repeating: 0, count: 21)), rowLabels: Sample.dayNames, less: "Less", more: "More", options: $0)
    },
    SVGCase(name: "heatmap-long", prefix: "cal4") {
        SVGCharts.calendarHeatmap(Sample.heatDays(Sample.long), rowLabels: Sample.dayNames, less: "Less", more: "More", options: $0)
    },
    SVGCase(name: "route", prefix: "route") {
        SVGCharts.route(latitudes: SampleRoute.latitudes, longitudes: SampleRoute.longitudes, options: $0) ?? ""
    },
    SVGCase(name: "route-one", prefix: "route1") { SVGCharts.route(latitudes: [52.52], longitudes: [13.405], options: $0) ?? "" },
    SVGCase(name: "line-gaps", prefix: "hr") {
        // Heart rate over distance, with a stretch the strap lost.
        SVGCharts.line(
            [ChartSeries(name: "bpm", values: [120, 131, 140, .nan, .nan, 152, 149, 155, .nan, 150])], options: $0, includeZero: false,
            positions: [0, 0.4, 0.9, 1.3, 1.8, 2.2, 2.6, 3.1, 3.5, 4.0], gaps: true)
    },
]

/// Collects parse errors and element names, to check the output is well-formed XML.
final class XMLProbe: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var error: String?
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append(name)
    }
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = "\(parseError)"
    }
}

@Suite struct SVGChartTests {
    @Test(arguments: svgCases)
    func matchesGolden(_ c: SVGCase) throws {
        try expectGolden("svg-\(c.name).svg", c.output)
    }

    @Test(arguments: svgCases)
    func isAccessibleWellFormedAndSafe(_ c: SVGCase) {
        let svg = c.output
        let probe = XMLProbe()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = probe
        #expect(parser.parse(), "not XML: \(probe.error ?? "")")
        #expect(probe.elements.first == "svg")
        #expect(Array(probe.elements.dropFirst().prefix(2)) == ["title", "desc"])
        #expect(!probe.elements.contains("script"))
        #expect(!probe.elements.contains("image") && !probe.elements.contains("use"))
        let id = SVG.idPrefix(c.prefix)
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("aria-labelledby=\"\(id)-title \(id)-desc\""))
        #expect(svg.contains("<title id=\"\(id)-title\">"))
        #expect(svg.contains("<desc id=\"\(id)-desc\">"))
        // Charts scale with the page; the calendar keeps its size (its page scrolls it).
        #expect((svg.contains("width=\"100%\"") || c.name.hasPrefix("heatmap")) && svg.contains("viewBox=\"0 0 "))
        #expect(!svg.contains("NaN") && !svg.lowercased().contains("nan") && !svg.contains("inf"))
        #expect(!svg.lowercased().contains("<script"))
        #expect(!svg.contains("href"))
        // Colours only through custom properties: no fill/stroke attribute, no bare colour.
        #expect(!svg.contains(" fill=\"") && !svg.contains(" stroke=\""))
        // Every "#rrggbb" must be a fallback inside var(--ug-…,#rrggbb).
        #expect(
            !svg.replacingOccurrences(of: #"var\(--ug-[a-z0-9-]+,#[0-9a-f]{6}\)"#, with: "", options: .regularExpression)
                .contains(#/#[0-9a-f]{6}/#))
    }

    @Test(arguments: svgCases)
    func deterministic(_ c: SVGCase) {
        #expect(c.output == c.output)
    }

    @Test func emptyChartSaysTheCallersWords() {
        let svg = SVGCharts.bars([], options: SVGChartOptions(idPrefix: "e", title: "T", noData: "Nothing & nobody"))
        #expect(svg.contains(">Nothing &amp; nobody</text>"))
    }

    @Test func labelsAreEscaped() {
        let svg = SVGCharts.bars(Sample.hostile, options: SVGChartOptions(idPrefix: "h", title: "<b>'t'</b>"))
        #expect(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"))
        #expect(svg.contains("Tom &amp; &quot;Jerry&quot;"))
        #expect(svg.contains("<title id=\"h-title\">&lt;b&gt;&apos;t&apos;&lt;/b&gt;</title>"))
        #expect(!svg.contains("\u{1}"))
    }

    @Test func theGoalLineSitsAtItsValueEvenAboveEveryBar() throws {
        let svg = SVGCharts.bars(
            labels: ["a", "b"], series: [ChartSeries(name: "", values: [2000, 4000])],
            options: SVGChartOptions(idPrefix: "g", title: "t", height: 240), reference: ChartReference(label: "Goal", value: 8000))
        // The goal's key takes a legend row, so the plot runs from y = 22 + 24 = 46 (the goal being
        // the largest value) to 240 - 26 = 214.
        #expect(svg.contains(#"y1="46" x2="#) && svg.contains("stroke-dasharray:6 4"))
        #expect(svg.contains(">Goal</text>"))
        // The 4,000 bar is half the goal's height: (214 - 46) / 2 = 84 tall.
        #expect(svg.contains(#"height="84""#))
    }

    @Test func idPrefixIsAlwaysAValidName() {
        #expect(SVG.idPrefix("stats-1") == "stats-1")
        #expect(SVG.idPrefix("1x") == "ug-1x")
        #expect(SVG.idPrefix("") == "ug")
        #expect(SVG.idPrefix("a b\"c") == "a-b-c")
    }

    @Test func nonFiniteValuesNeverLeak() {
        let odd = [Double.nan, .infinity, -.infinity, 1, -.greatestFiniteMagnitude]
        let o = SVGChartOptions(idPrefix: "n", title: "n")
        let outputs = [
            SVGCharts.bars(odd.map { ChartPoint(label: "v", value: $0) }, options: o),
            SVGCharts.line([ChartSeries(name: "", values: odd)], options: o, showDots: true),
            SVGCharts.donut(odd.map { ChartPoint(label: "v", value: $0) }, options: o),
            SVGCharts.calendarHeatmap(odd.map { HeatmapDay(value: $0) }, rowLabels: [], less: "", more: "", options: o),
            SVGCharts.bars([ChartPoint(label: "v", value: 1)], options: SVGChartOptions(idPrefix: "w", title: "", width: .nan, height: -1)),
        ]
        for svg in outputs {
            #expect(!svg.lowercased().contains("nan") && !svg.contains("inf"))
        }
    }
}

@Suite struct TimeAxisTests {
    /// Weights five years apart are five years apart on the chart, not one step.
    @Test func theWeightChartIsOnATimeAxis() {
        let options = SVGChartOptions(idPrefix: "w", title: "Weight", description: "Weight")
        let svg = SVGCharts.line(
            [ChartSeries(name: "kg", values: [80, 79, 70])], options: options, includeZero: false,
            positions: [0, 1, 1826])
        let xs =
            svg.components(separatedBy: "points=\"").dropFirst().first?.prefix { $0 != "\"" }
            .split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) } ?? []
        #expect(xs.count == 3)
        // The first two points, a day apart, are within a pixel of each other; the third far away.
        if xs.count == 3 {
            #expect(xs[1] - xs[0] < 1)
            #expect(xs[2] - xs[1] > 100)
        }
    }

    @Test func xmlTextDropsControlCharacters() {
        #expect(XMLText.escape("a\u{1B}\u{9F}\u{7F}b\tc") == "ab\tc")
    }

    /// Plain ASCII comes back as it is; each special, a control character or any non-ASCII
    /// text takes the careful path, whatever its place in the label.
    @Test func xmlTextKeepsPlainTextAndEscapesEverySpecial() {
        #expect(XMLText.escape("Elevation, m (0-200)") == "Elevation, m (0-200)")
        #expect(XMLText.escape("") == "")
        for (special, escaped) in [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&apos;"), ("\u{0}", ""), ("\u{7F}", "")] {
            #expect(XMLText.escape("ab" + special + "c") == "ab" + escaped + "c")
            #expect(XMLText.escape(special + "abc") == escaped + "abc")
        }
        #expect(XMLText.escape("Высота, м") == "Высота, м")
        #expect(XMLText.escape("x\u{FFFE}y\u{85}z") == "xyz")
    }
}

@Suite struct LineGapTests {
    @Test func nanBreaksTheLineOnlyWhenAsked() {
        let values: [Double] = [1, 2, .nan, 4, 5]
        let o = SVGChartOptions(idPrefix: "g", title: "g")
        let broken = SVGCharts.line([ChartSeries(name: "", values: values)], options: o, includeZero: false, gaps: true)
        let joined = SVGCharts.line([ChartSeries(name: "", values: values)], options: o, includeZero: false)
        #expect(broken.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(joined.components(separatedBy: "<polyline").count - 1 == 1)
        #expect(!broken.lowercased().contains("nan"))
        // Without gaps NaN is drawn as 0, so 0 is on the scale; with gaps it is not a value.
        #expect(joined.contains("\">0</text>"))
        #expect(!broken.contains("\">0</text>"))
    }

    @Test func aLoneValueBetweenGapsIsADot() {
        let svg = SVGCharts.line([ChartSeries(name: "", values: [1, .nan, 3, .nan, 5, 6])], options: SVGChartOptions(idPrefix: "d", title: "d"), gaps: true)
        // 1 and 3 stand alone, 5 and 6 make a line.
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 1)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
    }
}
