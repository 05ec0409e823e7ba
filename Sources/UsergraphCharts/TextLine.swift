extension TextCharts {
    /// Line chart on a `width` × `height` grid with a labelled y-axis (max, min, and 0 when the
    /// series crosses it) and optional first/last x labels under it.
    /// - Parameters:
    ///   - values: the series, oldest first. Longer than the plot: averaged into one value per
    ///     column; shorter: interpolated across the plot; one value draws a flat line.
    ///   - width: the widest a line may be, y labels included.
    ///   - height: plot rows (at least 1), not counting the x-axis lines.
    ///   - style: box-drawing lines, or `-`, `|`, `+` for `.ascii`.
    ///   - firstLabel, lastLabel: text under the first and last column (e.g. two dates); when
    ///     either is given an x-axis line and a label line are added.
    ///   - includeZero: keep 0 on the y-axis (counts); pass false for values far from 0 (weight).
    ///   - decimals: digits for y labels; nil means 0 for whole values, else 1.
    ///   - noData: the line returned when `values` is empty.
    ///   - numbers: the marks y labels are written with (plain `12345.6` by default).
    public static func line(
        _ values: [Double], width: Int = 80, height: Int = 8, style: TextChartStyle = .unicode,
        firstLabel: String? = nil, lastLabel: String? = nil, includeZero: Bool = true,
        decimals: Int? = nil, noData: String = "", numbers: ChartNumberFormat = .plain
    ) -> String {
        guard !values.isEmpty else { return TextKit.noData(noData, width: width, style: style) }
        let g = Glyphs.of(style)
        let data = values.map(Num.clean)
        let h = max(1, height)
        let (lo, hi) = Num.range(data, includeZero: includeZero)
        let d = Num.decimals(for: data, requested: decimals)
        let label = { (v: Double) in TextKit.clean(numbers.apply(Num.fixed(v, decimals: d)), style) }
        let rowOf = { (v: Double) -> Int in
            let r = Int(((v - lo) / (hi - lo) * Double(h - 1)).rounded())
            return max(0, min(h - 1, r))
        }
        // Row labels, bottom = 0; zero gets one too when it falls strictly inside the range.
        var rowLabels: [Int: String] = [0: label(lo)]
        rowLabels[h - 1] = label(hi)
        if let v = data.first, data.allSatisfy({ $0 == v }), !includeZero || v == 0 {
            // A flat series' range is padding around it; only its own value means anything.
            rowLabels = [rowOf(v): label(v)]
        }
        if lo < 0 && hi > 0 {
            let z = rowOf(0)
            if z != 0 && z != h - 1 { rowLabels[z] = label(0) }
        }
        let labelW = rowLabels.values.map(\.count).max() ?? 0
        let plotW = max(1, width - labelW - 2)
        let cols = Num.fit(data, to: plotW)

        var grid = Array(repeating: Array(repeating: Character(" "), count: cols.count), count: h)
        var previous = rowOf(cols[0])
        grid[previous][0] = g.horizontal
        for c in 1..<max(1, cols.count) {
            let r = rowOf(cols[c])
            if r == previous {
                grid[r][c] = g.horizontal
            } else {
                let up = r > previous
                grid[previous][c] = up ? g.upFrom : g.downFrom
                grid[r][c] = up ? g.upTo : g.downTo
                for between in (min(r, previous) + 1)..<max(r, previous) { grid[between][c] = g.vertical }
            }
            previous = r
        }

        var lines: [String] = []
        lines.reserveCapacity(h + 2)
        for r in stride(from: h - 1, through: 0, by: -1) {
            var line = TextKit.padLeft(rowLabels[r] ?? "", labelW) + " "
            line.append(rowLabels[r] == nil ? g.vertical : g.tick)
            line += String(grid[r])
            lines.append(line)
        }
        if firstLabel != nil || lastLabel != nil {
            lines.append(
                String(repeating: " ", count: labelW + 1) + String(g.corner)
                    + String(repeating: g.horizontal, count: cols.count))
            lines.append(
                String(repeating: " ", count: labelW + 2)
                    + xLabels(firstLabel ?? "", lastLabel ?? "", plotW: cols.count, style: style))
        }
        return TextKit.finish(lines, width: width)
    }
}

/// First label flush left, last flush right; each gets half the room when both do not fit.
private func xLabels(_ first: String, _ last: String, plotW: Int, style: TextChartStyle) -> String {
    let g = Glyphs.of(style)
    var a = TextKit.clean(first, style)
    var b = TextKit.clean(last, style)
    if a.count + b.count + 1 > plotW {
        let half = max(0, (plotW - 1) / 2)
        a = TextKit.truncate(a, half, g)
        b = TextKit.truncate(b, max(0, plotW - 1 - a.count), g)
    }
    let gap = max(1, plotW - a.count - b.count)
    return b.isEmpty ? a : a + String(repeating: " ", count: gap) + b
}
