extension SVGCharts {
    /// Horizontal bars, one row per point, the label left of its bar and the value text after
    /// its end: every bar keeps its label and its value at any width, which vertical bars
    /// cannot promise once the labels are words (languages) rather than numbers. The height
    /// follows the number of rows (`options.height` is ignored).
    /// - Parameters:
    ///   - points: labelled values, top to bottom; negative values draw as 0.
    ///   - valueLabels: the text written after each bar (e.g. "48 KB · 31 %"); a missing one
    ///     is the value in `options.numbers`.
    ///   - options: ids, title, "no data" text and the viewBox width.
    public static func rowBars(_ points: [ChartPoint], valueLabels: [String] = [], options: SVGChartOptions) -> String {
        guard !points.isEmpty else { return SVGDocument.empty(options) }
        let values = points.map { max(0, Num.clean($0.value)) }
        let texts = points.indices.map {
            $0 < valueLabels.count ? valueLabels[$0] : options.number(values[$0], decimals: Num.decimals(for: values, requested: options.decimals))
        }
        let row = 26.0
        let top = 6.0
        var doc = SVGDocument(options: options, height: top * 2 + row * Double(points.count))
        // The label column takes what its longest label needs, up to a third of the chart;
        // the value column what its longest value needs, so the longest bar's text fits.
        let labelW = min(doc.width / 3, 8 + Double(points.map { $0.label.count }.max() ?? 0) * SVG.charWidth)
        let valueW = 8 + Double(texts.map { $0.count }.max() ?? 0) * SVG.charWidth * 0.9
        let left = labelW
        let span = max(1, doc.width - 4 - valueW - left)
        let peak = values.max() ?? 0
        doc.line(x1: left, y1: top, x2: left, y2: top + row * Double(points.count))
        doc.beginText(size: SVG.smallFontSize)
        for (i, point) in points.enumerated() {
            let y = top + row * Double(i)
            doc.text(SVG.fit(point.label, room: labelW - 8), x: left - 6, y: y + row / 2 + 4, anchor: "end")
        }
        doc.end()
        var ends: [Double] = []
        for (i, point) in points.enumerated() {
            let y = top + row * Double(i)
            // A non-zero value stays visible however small it is next to the largest.
            let w = peak > 0 ? max(values[i] > 0 ? 1 : 0, span * values[i] / peak) : 0
            doc.rect(x: left, y: y + 5, w: w, h: row - 10, fill: SVG.series(0), title: point.label + ": " + texts[i], rx: 2)
            ends.append(left + w)
        }
        doc.beginText(size: SVG.smallFontSize)
        for (i, text) in texts.enumerated() {
            doc.text(text, x: ends[i] + 4, y: top + row * Double(i) + row / 2 + 4)
        }
        doc.end()
        return doc.finish()
    }
}
