extension TextCharts {
    /// Horizontal bar chart: one row per point, label, bar scaled to fit `width`, then the value.
    /// - Parameters:
    ///   - rows: labelled values, drawn top to bottom in the given order.
    ///   - width: the widest a line may be (columns).
    ///   - style: `.unicode` blocks with eighth steps, or `.ascii` `#` bars.
    ///   - decimals: digits after the point for values; nil means 0 for whole values, else 1.
    ///   - noData: the line returned when `rows` is empty.
    ///   - numbers: the marks values are written with (plain `12345.6` by default).
    public static func bars(
        _ rows: [ChartPoint], width: Int = 80, style: TextChartStyle = .unicode,
        decimals: Int? = nil, noData: String = "", numbers: ChartNumberFormat = .plain
    ) -> String {
        guard !rows.isEmpty else { return TextKit.noData(noData, width: width, style: style) }
        let g = Glyphs.of(style)
        let items = rows.map { BarRow(label: $0.label, value: Num.clean($0.value), fill: g.full) }
        return TextKit.finish(drawBars(items, width: width, style: style, decimals: decimals, numbers: numbers), width: width)
    }

    /// Paired horizontal bars: two rows per label (e.g. men and women per age bucket) on one
    /// scale, with a legend line naming the two series above them.
    /// - Parameters:
    ///   - labels: one label per pair; a series shorter than `labels` counts as 0 there.
    ///   - first: drawn with `█` (`#` in ASCII) on the labelled row.
    ///   - second: drawn with `▒` (`=` in ASCII) on the row below it.
    ///   - width, style, decimals, noData, numbers: as for `bars`.
    public static func pairedBars(
        labels: [String], first: ChartSeries, second: ChartSeries, width: Int = 80,
        style: TextChartStyle = .unicode, decimals: Int? = nil, noData: String = "",
        numbers: ChartNumberFormat = .plain
    ) -> String {
        guard !labels.isEmpty else { return TextKit.noData(noData, width: width, style: style) }
        let g = Glyphs.of(style)
        func value(_ s: ChartSeries, _ i: Int) -> Double { i < s.values.count ? Num.clean(s.values[i]) : 0 }
        var items: [BarRow] = []
        items.reserveCapacity(labels.count * 2)
        for (i, label) in labels.enumerated() {
            items.append(BarRow(label: label, value: value(first, i), fill: g.full))
            items.append(BarRow(label: "", value: value(second, i), fill: g.second))
        }
        let legend = "\(g.full) \(TextKit.clean(first.name, style))  \(g.second) \(TextKit.clean(second.name, style))"
        var lines = [legend]
        lines.append(contentsOf: drawBars(items, width: width, style: style, decimals: decimals, numbers: numbers))
        return TextKit.finish(lines, width: width)
    }
}

struct BarRow {
    var label: String
    var value: Double
    var fill: Character
}

/// Lays out bar rows: label column, then a negative area, a zero axis (only when some value is
/// negative, so ordinary charts do not waste a column), a positive area and a value column.
func drawBars(_ rows: [BarRow], width: Int, style: TextChartStyle, decimals: Int?, numbers: ChartNumberFormat) -> [String] {
    let g = Glyphs.of(style)
    let d = Num.decimals(for: rows.map(\.value), requested: decimals)
    let texts = rows.map { TextKit.clean(numbers.apply(Num.fixed($0.value, decimals: d)), style) }
    let valueW = texts.map(\.count).max() ?? 0
    let labels = rows.map { TextKit.clean($0.label, style) }
    let longest = labels.map(\.count).max() ?? 0
    // Labels get at most a third of the line so long names cannot squeeze the bars to nothing.
    var labelW = min(longest, max(1, width / 3))
    var area = width - labelW - valueW - 2
    if area < 4 {
        labelW = max(0, min(labelW, width - valueW - 6))
        area = max(1, width - labelW - valueW - 2)
    }
    let lo = min(0, rows.map(\.value).min() ?? 0)
    let hi = max(0, rows.map(\.value).max() ?? 0)
    let span = hi - lo > 0 ? hi - lo : 1
    let hasNegative = lo < 0 && area >= 3
    let usable = hasNegative ? area - 1 : area
    let negW = hasNegative ? max(1, Int((Double(usable) * -lo / span).rounded())) : 0
    let posW = usable - negW
    let scale = Double(usable) / span

    var lines: [String] = []
    lines.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
        var line = TextKit.padRight(TextKit.truncate(labels[i], labelW, g), labelW)
        line += " "
        if hasNegative {
            let cells = row.value < 0 ? min(negW, max(1, Int((-row.value * scale).rounded()))) : 0
            line += String(repeating: " ", count: negW - cells) + String(repeating: row.fill, count: cells)
            line.append(g.vertical)
        }
        var bar = ""
        if row.value > 0 {
            bar = positiveBar(row.value * scale, max: posW, fill: row.fill, glyphs: g)
        }
        line += TextKit.padRight(bar, posW)
        line += " " + TextKit.padLeft(texts[i], valueW)
        lines.append(line)
    }
    return lines
}

/// A bar of `length` cells; Unicode uses eighth blocks for the remainder (only for the main fill,
/// since shades have no partial forms). A non-zero value always shows at least a sliver.
private func positiveBar(_ length: Double, max maxCells: Int, fill: Character, glyphs g: Glyphs) -> String {
    guard maxCells > 0 else { return "" }
    if fill == g.full && !g.partials.isEmpty {
        let eighths = min(maxCells * 8, max(1, Int((length * 8).rounded())))
        var s = String(repeating: fill, count: eighths / 8)
        if eighths % 8 > 0 { s.append(g.partials[eighths % 8 - 1]) }
        return s
    }
    let cells = min(maxCells, max(1, Int(length.rounded())))
    return String(repeating: fill, count: cells)
}
