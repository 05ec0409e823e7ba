extension SVGCharts {
    /// Vertical bar chart, one bar per point, value written above each bar when it fits.
    /// - Parameters:
    ///   - points: labelled values, left to right; negative values hang below the 0 line.
    ///   - options: ids, title, "no data" text, viewBox size and value decimals.
    public static func bars(_ points: [ChartPoint], options: SVGChartOptions) -> String {
        bars(labels: points.map(\.label), series: [ChartSeries(name: "", values: points.map(\.value))], options: options)
    }

    /// Grouped vertical bar chart: for each label one bar per series side by side (e.g. men and
    /// women per age bucket), with a legend of series names when there is more than one series.
    /// - Parameters:
    ///   - labels: one per group, written under it; a series shorter than this counts as 0.
    ///   - series: the values; colours follow `--ug-series-1…6` in order.
    ///   - options: ids, title, "no data" text, viewBox size and value decimals.
    ///   - reference: a labelled level drawn across the plot as a dashed line (a daily goal);
    ///     the scale always reaches it.
    public static func bars(
        labels: [String], series: [ChartSeries], options: SVGChartOptions,
        reference: ChartReference? = nil
    ) -> String {
        guard !labels.isEmpty, !series.isEmpty else { return SVGDocument.empty(options) }
        var doc = SVGDocument(options: options)
        let values = series.map { s in labels.indices.map { $0 < s.values.count ? Num.clean(s.values[$0]) : 0 } }
        let all = values.flatMap { $0 }
        let d = Num.decimals(for: all, requested: options.decimals)
        let level = reference.map { Num.clean($0.value) }
        let scale = Scale(lo: min(0, all.min() ?? 0, level ?? 0), hi: max(0, all.max() ?? 0, level ?? 0), integer: d == 0)
        let legendH = series.count > 1 || reference != nil ? 24.0 : 0
        let titles = AxisTitles(options)
        let tickLabels = Plot.tickLabels(scale, numbers: options.numbers)
        let left = Plot.leftMargin(labels: tickLabels)
        // The top margin leaves room for the tallest bar's value; values of negative bars are
        // written under them, so the group labels move down a line.
        let below = scale.lo < 0 ? 14.0 : 0
        let plot = Plot(
            left: left, top: 22 + legendH + titles.yRow, right: doc.width - 8,
            bottom: doc.height - 26 - below - titles.xRow, scale: scale)
        titles.draw(&doc, yTop: legendH)
        // The goal's key sits at the right end of the legend row, clear of the bars it crosses.
        let referenceKey = reference.map { SVG.fit($0.label, room: plot.width / 2) } ?? ""
        let referenceKeyWidth = referenceKey.isEmpty ? 0 : 28 + Double(referenceKey.count) * SVG.charWidth
        if series.count > 1 { doc.legend(series.map(\.name), x: plot.left, y: 16, maxX: doc.width - 4 - referenceKeyWidth) }
        if !referenceKey.isEmpty {
            let x = doc.width - 4 - referenceKeyWidth
            doc.referenceLine(x1: x, x2: x + 20, y: 12)
            doc.beginText()
            doc.text(referenceKey, x: x + 26, y: 16)
            doc.end()
        }
        plot.drawAxes(&doc, numbers: options.numbers, labels: tickLabels)

        let groupW = plot.width / Double(labels.count)
        let barW = groupW * 0.8 / Double(series.count)
        let zero = plot.y(0)
        var valueLabels: [(String, Double, Double)] = []
        for (g, label) in labels.enumerated() {
            let gx = plot.left + Double(g) * groupW + groupW * 0.1
            for (s, row) in values.enumerated() {
                let v = row[g]
                var top = min(zero, plot.y(v))
                var h = abs(plot.y(v) - zero)
                // A non-zero value stays visible however small it is next to the largest.
                if v != 0 && h < 1 {
                    h = 1
                    if v > 0 { top = zero - 1 }
                }
                let name = series[s].name
                let tip = (name.isEmpty ? label : "\(label), \(name)") + ": " + options.number(v, decimals: d)
                let x = gx + Double(s) * barW
                doc.rect(x: x, y: top, w: max(0, barW - 1), h: h, fill: SVG.series(s), title: tip)
                let text = options.number(v, decimals: d)
                // A value is written only where it fits over its bar; side by side bars leave
                // their zeros unwritten, since two of them would run together.
                let fits = Double(text.count) * SVG.charWidth * 0.9 <= (series.count > 1 ? barW - 2 : barW + 2)
                if fits && !(series.count > 1 && v == 0) {
                    valueLabels.append((text, x + barW / 2, v < 0 ? top + h + 12 : top - 4))
                }
            }
        }
        if let level {
            // Drawn over the bars, so a bar that reaches the goal visibly crosses it.
            doc.referenceLine(x1: plot.left, x2: plot.right, y: plot.y(level))
        }
        doc.beginText(size: SVG.smallFontSize)
        for (text, x, y) in valueLabels { doc.text(text, x: x, y: y, anchor: "middle") }
        doc.end()
        // Thin out group labels on crowded charts instead of letting them overlap.
        let widest = Double(labels.map(\.count).max() ?? 1) * SVG.charWidth
        // A label gets the room of `step` groups less 4 units of gap, so the step leaves that much.
        let step = max(1, Int(((min(widest, 60) + 4) / max(groupW, 1)).rounded(.up)))
        doc.beginText()
        for (g, label) in labels.enumerated() where g % step == 0 {
            let text = SVG.fit(label, room: groupW * Double(step) - 4)
            // Kept inside the chart: the last label may be centred too near the right edge.
            let half = Double(text.count) * SVG.charWidth / 2
            let cx = min(plot.left + (Double(g) + 0.5) * groupW, doc.width - half)
            doc.text(text, x: cx, y: plot.bottom + below + 18, anchor: "middle")
        }
        doc.end()
        return doc.finish()
    }
}
