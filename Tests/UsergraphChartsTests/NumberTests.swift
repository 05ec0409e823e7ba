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

    /// The digits as integer arithmetic gives them: the scaled value rounded, its digits, the
    /// point `decimals` from the end.
    @Test func fixedAndShortWriteTheDigitsOfTheRoundedValue() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let x = Double.random(in: -1e7...1e7, using: &random) / [1, 10, 1000, 1e6][Int.random(in: 0...3, using: &random)]
            let d = Int.random(in: 0...4, using: &random)
            var scale = 1.0
            for _ in 0..<d { scale *= 10 }
            let n = Int64((x * scale).rounded())
            var digits = String(n.magnitude)
            if d > 0 {
                digits = String(repeating: "0", count: max(0, d + 1 - digits.count)) + digits
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -d))
            }
            let fixed = (n < 0 ? "-" : "") + digits
            #expect(Num.fixed(x, decimals: d) == fixed, "\(x) to \(d)")
            var short = fixed
            if short.contains(".") {
                while short.hasSuffix("0") { short.removeLast() }
                if short.hasSuffix(".") { short.removeLast() }
            }
            #expect(Num.short(x, decimals: d) == short, "\(x) to \(d)")
        }
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

/// Charts write numbers with the caller's marks; the default stays plain for the goldens.
@Suite struct ChartNumberFormatTests {
    static let russian = ChartNumberFormat(decimalSeparator: ",", groupSeparator: "\u{00A0}", percentSuffix: "\u{00A0}%")

    @Test func appliesMarksToPlainNumbers() {
        #expect(Self.russian.apply("12345.6") == "12\u{00A0}345,6")
        #expect(Self.russian.apply("-1234567") == "-1\u{00A0}234\u{00A0}567")
        #expect(Self.russian.apply("999") == "999")
        #expect(ChartNumberFormat(groupSeparator: ",").apply("1000.25") == "1,000.25")
        #expect(ChartNumberFormat.plain.apply("12345.6") == "12345.6")
    }

    @Test func svgValuesAxesAndPercentagesUseTheMarks() {
        let options = SVGChartOptions(idPrefix: "w", title: "Вес", numbers: Self.russian)
        let line = SVGCharts.line([ChartSeries(name: "кг", values: Sample.weights)], options: options, showDots: true, includeZero: false)
        // Ticks every 0,5 kg; the values themselves are in the dots' tooltips.
        #expect(line.contains(">72,5</text>") && line.contains(">74,5</text>") && line.contains("74,2</title>"))
        #expect(!line.contains(">72.4<"))
        let donut = SVGCharts.donut([ChartPoint(label: "a", value: 1), ChartPoint(label: "b", value: 3)], options: options)
        #expect(donut.contains("(75\u{00A0}%)"))
        let bars = SVGCharts.bars([ChartPoint(label: "x", value: 12345)], options: options)
        #expect(bars.contains("12\u{00A0}345"))
    }

    @Test func textChartsUseTheMarksAndStayAsciiWhenAsked() {
        let unicode = TextCharts.bars([ChartPoint(label: "x", value: 12345.5)], width: 40, decimals: 1, numbers: Self.russian)
        #expect(unicode.hasSuffix("12\u{00A0}345,5"))
        let ascii = TextCharts.line(Sample.weights, width: 40, height: 4, style: .ascii, includeZero: false, numbers: Self.russian)
        #expect(ascii.contains("74,2") && ascii.utf8.allSatisfy { $0 < 128 })
        let grouped = TextCharts.bars([ChartPoint(label: "x", value: 12345)], width: 40, style: .ascii, numbers: Self.russian)
        #expect(grouped.hasSuffix("12 345") && grouped.utf8.allSatisfy { $0 < 128 })
    }

    @Test func russianIsTransliteratedByTheBuiltInTable() {
        #expect(TextCharts.text("Щука, ёж и Юля: 20 ноября", style: .ascii) == "Shchuka, yozh i Yulya: 20 noyabrya")
        #expect(TextCharts.text("Статистика\nна 20\u{00A0}ноября", style: .ascii) == "Statistika\nna 20 noyabrya")
        #expect(TextCharts.text("Статистика", style: .unicode) == "Статистика")
    }
}
