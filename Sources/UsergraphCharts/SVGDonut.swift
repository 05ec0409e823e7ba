import Foundation

extension SVGCharts {
    /// Donut chart with a legend "label value (percent)" beside it.
    /// - Parameters:
    ///   - slices: labelled values, drawn clockwise from the top; zero and negative values are
    ///     left out. Beyond six slices the rest are summed into one `otherLabel` slice, since
    ///     there are six series colours.
    ///   - options: ids, title, "no data" text, viewBox size and value decimals.
    ///   - centerLabel: text in the hole (e.g. the total); nil for none.
    ///   - otherLabel: name of the slice that gathers the seventh slice onwards.
    public static func donut(
        _ slices: [ChartPoint], options: SVGChartOptions, centerLabel: String? = nil, otherLabel: String = "Other"
    ) -> String {
        var parts = slices.map { ChartPoint(label: $0.label, value: Num.clean($0.value)) }.filter { $0.value > 0 }
        if parts.count > 6 {
            let rest = parts[5...].reduce(0) { $0 + $1.value }
            parts = Array(parts.prefix(5)) + [ChartPoint(label: otherLabel, value: rest)]
        }
        let total = parts.reduce(0) { $0 + $1.value }
        guard total > 0, total.isFinite else { return SVGDocument.empty(options) }
        let d = Num.decimals(for: parts.map(\.value), requested: options.decimals)
        // The legend goes beside the ring when the chart is at least twice as wide as tall,
        // else under it (the narrow variant a phone gets), which makes the chart taller.
        let rowH = 22.0
        let beside = options.width >= options.height * 2
        let box = max(48, beside ? options.height : min(options.width, options.height))
        var doc = SVGDocument(options: options, height: beside ? nil : box + Double(parts.count) * rowH + 8)
        let cy = box / 2
        let thickness = box * 0.15
        let r = max(1, box / 2 - 8 - thickness / 2)
        let cx = beside ? 8 + thickness / 2 + r : doc.width / 2
        let circumference = 2 * Double.pi * r

        // Each slice is a dashed circle: the dash is the slice, the offset its start. This also
        // draws a single 100% slice, which an arc path cannot.
        var start = 0.0
        var legend: [String] = []
        for (i, p) in parts.enumerated() {
            let share = p.value / total
            let length = share * circumference
            let pct = options.numbers.apply(Num.short(share * 100, decimals: share < 0.01 ? 1 : 0)) + options.numbers.percentSuffix
            let text = "\(p.label) \(options.number(p.value, decimals: d)) (\(pct))"
            legend.append(text)
            doc.add(
                "<circle cx=\"\(SVG.n(cx))\" cy=\"\(SVG.n(cy))\" r=\"\(SVG.n(r))\" transform=\"rotate(-90 \(SVG.n(cx)) \(SVG.n(cy)))\""
                    + " style=\"fill:none;stroke:\(SVG.series(i));stroke-width:\(SVG.n(thickness));"
                    + "stroke-dasharray:\(SVG.n(length)) \(SVG.n(circumference - length));stroke-dashoffset:\(SVG.n(-start))\">"
                    + "<title>\(SVG.esc(text))</title></circle>")
            start += length
        }
        // Slices touch, so each boundary gets a gap in the card's colour: every slice then meets
        // the background, against which its colour has contrast, rather than its neighbour.
        if parts.count > 1 {
            var at = 0.0
            for p in parts {
                let angle = at / total * 2 * Double.pi - Double.pi / 2
                let (inner, outer) = (r - thickness / 2 - 1, r + thickness / 2 + 1)
                doc.add(
                    "<line x1=\"\(SVG.n(cx + inner * cos(angle)))\" y1=\"\(SVG.n(cy + inner * sin(angle)))\""
                        + " x2=\"\(SVG.n(cx + outer * cos(angle)))\" y2=\"\(SVG.n(cy + outer * sin(angle)))\""
                        + " style=\"stroke:\(SVG.surface);stroke-width:2\"/>")
                at += p.value
            }
        }
        if let centerLabel, !centerLabel.isEmpty {
            doc.beginText(size: 16)
            doc.text(SVG.fit(centerLabel, room: 2 * (r - thickness / 2) - 4), x: cx, y: cy + 6, anchor: "middle")
            doc.end()
        }
        let lx = beside ? cx + r + thickness / 2 + 20 : 8
        var ly = beside ? cy - Double(legend.count - 1) * rowH / 2 + 4 : box + 14
        for (i, text) in legend.enumerated() {
            doc.rect(x: lx, y: ly - 10, w: 12, h: 12, fill: SVG.series(i), rx: 2)
            doc.beginText()
            doc.text(SVG.fit(text, room: doc.width - lx - 20), x: lx + 18, y: ly)
            doc.end()
            ly += rowH
        }
        return doc.finish()
    }
}
