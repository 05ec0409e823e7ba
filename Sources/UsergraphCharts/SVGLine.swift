extension SVGCharts {
    /// Line chart of one or more series over the same x positions, with min/max (and 0) y labels,
    /// the first and last x labels, optional dots, and a legend when there are several series.
    /// - Parameters:
    ///   - series: the lines, oldest value first; colours follow `--ug-series-1…6`.
    ///   - labels: x labels per position (e.g. dates); the first and last are drawn under the
    ///     axis, all are used in the dots' tooltips. May be empty.
    ///   - options: ids, title, "no data" text, viewBox size and value decimals.
    ///   - showDots: draw a dot with a tooltip per value (skipped above 120 values, where dots
    ///     would merge into a smear); a single value always gets its dot.
    ///   - includeZero: keep 0 inside the y range (counts); false fits the range to the data.
    ///   - positions: where each value lies on a time axis (day numbers, say), so a gap of five
    ///     years looks like five years and not like one step; nil spaces the values evenly.
    ///     Also a distance axis: a workout's elevation, pace or heart rate over its kilometres.
    ///   - gaps: NaN and infinite values break the line (a stretch of a track without heart
    ///     rate) and are left out of the scale; false draws them as 0, as every chart does.
    public static func line(
        _ series: [ChartSeries], labels: [String] = [], options: SVGChartOptions,
        showDots: Bool = false, includeZero: Bool = true, positions: [Double]? = nil, gaps: Bool = false
    ) -> String {
        let count = series.map(\.values.count).max() ?? 0
        guard count > 0 else { return SVGDocument.empty(options) }
        var doc = SVGDocument(options: options)
        let data = series.map { gaps ? $0.values.map { $0.isFinite ? $0 : .nan } : $0.values.map(Num.clean) }
        // Without `gaps` every value is finite already, so this keeps them all.
        let all = data.flatMap { $0 }.filter(\.isFinite)
        let d = Num.decimals(for: all, requested: options.decimals)
        let (lo, hi) = Num.range(all, includeZero: includeZero)
        let scale = Scale(lo: lo, hi: hi, integer: d == 0)
        let legendH = series.count > 1 ? 24.0 : 0
        let titles = AxisTitles(options)
        let hasX = !labels.isEmpty
        let tickLabels = Plot.tickLabels(scale, numbers: options.numbers)
        let left = Plot.leftMargin(labels: tickLabels)
        let plot = Plot(
            left: left, top: 12 + legendH + titles.yRow, right: doc.width - 12,
            bottom: doc.height - (hasX ? 28 : 10) - titles.xRow, scale: scale)
        if series.count > 1 { doc.legend(series.map(\.name), x: plot.left, y: 16, maxX: doc.width - 4) }
        titles.draw(&doc, yTop: legendH)
        plot.drawAxes(&doc, numbers: options.numbers, labels: tickLabels)

        // A time axis only when every value has a finite position and they span something.
        let timeAxis = positions.flatMap { p -> (first: Double, span: Double)? in
            guard p.count >= count, let first = p.first, let last = p.last, first.isFinite, last.isFinite, last > first,
                p.allSatisfy(\.isFinite)
            else { return nil }
            return (first, last - first)
        }
        let x = { (i: Int) -> Double in
            if count == 1 { return plot.left + plot.width / 2 }
            if let timeAxis, let positions {
                return plot.left + plot.width * min(1, max(0, (positions[i] - timeAxis.first) / timeAxis.span))
            }
            return plot.left + plot.width * Double(i) / Double(count - 1)
        }
        for (s, values) in data.enumerated() where !values.isEmpty {
            // One polyline per gap-free run; without `gaps` that is the whole series.
            var runs: [[(x: Double, y: Double)]] = [[]]
            for (i, v) in values.enumerated() {
                if v.isFinite {
                    runs[runs.count - 1].append((x(i), plot.y(v)))
                } else if !(runs.last?.isEmpty ?? true) {
                    runs.append([])
                }
            }
            for points in runs where !points.isEmpty {
                // A lone value between two gaps would be an invisible one-point line: a dot instead.
                if gaps, points.count == 1, count > 1 {
                    doc.add("<circle cx=\"\(SVG.n(points[0].x))\" cy=\"\(SVG.n(points[0].y))\" r=\"2\" style=\"fill:\(SVG.series(s))\"/>")
                    continue
                }
                doc.add(
                    "<polyline points=\"\(SVG.points(points))\""
                        + " style=\"fill:none;stroke:\(SVG.series(s));stroke-width:2;stroke-linejoin:round;stroke-linecap:round\"/>")
            }
            guard (showDots && count <= 120) || count == 1 else { continue }
            for (i, v) in values.enumerated() where v.isFinite {
                let label = i < labels.count ? labels[i] : ""
                let name = series[s].name
                var tip = label.isEmpty ? "" : label + ": "
                if series.count > 1 && !name.isEmpty { tip += name + " " }
                tip += options.number(v, decimals: d)
                doc.add(
                    "<circle cx=\"\(SVG.n(x(i)))\" cy=\"\(SVG.n(plot.y(v)))\" r=\"3.5\" style=\"fill:\(SVG.series(s))\">"
                        + "<title>\(SVG.esc(tip))</title></circle>")
            }
        }
        if hasX {
            doc.beginText(size: SVG.smallFontSize)
            let y = plot.bottom + 20
            let room = count == 1 ? plot.width : plot.width / 2 - 4
            if count == 1 {
                doc.text(SVG.fit(labels[0], room: room), x: x(0), y: y, anchor: "middle")
            } else {
                doc.text(SVG.fit(labels[0], room: room), x: plot.left, y: y, anchor: "start")
                if labels.count >= count {
                    doc.text(SVG.fit(labels[count - 1], room: room), x: plot.right, y: y, anchor: "end")
                }
            }
            doc.end()
        }
        return doc.finish()
    }
}
