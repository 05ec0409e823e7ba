extension SVGCharts {
    /// GitHub-style calendar: 7 rows (Monday…Sunday) by up to 53 week columns (or `weeks`), 5 levels
    /// (`--ug-heat-0` for an empty day, then quarters of the busiest day), a tooltip per cell and
    /// a legend "less ▢▢▢▢▢ more". Its size follows the number of weeks and is fixed
    /// (`width` and `height` in pixels): a page too narrow for it scrolls it rather than
    /// shrinking its text.
    /// - Parameters:
    ///   - days: one per day, the first a Monday; the last week may be partial. Only the most
    ///     recent `weeks` weeks are drawn. A day with a link is a link (the chart is then a group).
    ///   - rowLabels: seven day names, Monday first; Monday, Wednesday, Friday and Sunday are shown.
    ///   - less, more: the legend's words.
    ///   - weekLabels: optional text per week of `days` (e.g. a month name on the week it starts),
    ///     drawn above its column unless it would overlap the previous one.
    ///   - options: ids, title and "no data" text; width and height are ignored.
    ///   - weeks: the most columns drawn: 53 for the last year of days, 54 for a calendar year,
    ///     which spans 54 weeks when it is a leap year starting on the last day of a week.
    public static func calendarHeatmap(
        _ days: [HeatmapDay], rowLabels: [String], less: String, more: String,
        weekLabels: [String] = [], options: SVGChartOptions, weeks most: Int = 53
    ) -> String {
        guard !days.isEmpty else { return SVGDocument.empty(options) }
        let totalWeeks = (days.count + 6) / 7
        let weeks = min(max(1, most), totalWeeks)
        let dropWeeks = totalWeeks - weeks
        let shown = Array(days.dropFirst(dropWeeks * 7))
        let heads = Array(weekLabels.dropFirst(dropWeeks).prefix(weeks))
        let peak = shown.map { Num.clean($0.value) }.max() ?? 0

        let cell = 12.0
        let pitch = 15.0
        let labelW = 8 + Double(rowLabels.prefix(7).map(\.count).max() ?? 0) * SVG.charWidth
        let left = min(labelW, 80)
        let top = heads.contains(where: { !$0.isEmpty }) ? 22.0 : 6.0
        let gridBottom = top + 7 * pitch
        let width = max(left + Double(weeks) * pitch + 6, 240)
        var doc = SVGDocument(options: options, width: width, height: gridBottom + 30, fixed: true, links: shown.contains { $0.link != nil })

        doc.beginText(size: SVG.smallFontSize)
        for row in stride(from: 0, to: min(7, rowLabels.count), by: 2) {
            doc.text(SVG.fit(rowLabels[row], room: left - 6), x: left - 6, y: top + Double(row) * pitch + 10, anchor: "end")
        }
        var nextFree = 0.0
        for (week, label) in heads.enumerated() where !label.isEmpty {
            let x = left + Double(week) * pitch
            guard x >= nextFree else { continue }
            let text = SVG.fit(label, room: width - x)
            doc.text(text, x: x, y: top - 8)
            nextFree = x + Double(text.count) * SVG.charWidth * 0.9 + 4
        }
        doc.end()

        for (i, day) in shown.enumerated() {
            let x = left + Double(i / 7) * pitch
            let y = top + Double(i % 7) * pitch
            doc.rect(x: x, y: y, w: cell, h: cell, fill: SVG.heat(Num.heatLevel(day.value, max: peak)), title: day.title, rx: 2, link: day.link)
        }

        // Swatches start after a generous estimate of "less", which is anchored to end at them.
        let ly = gridBottom + 10
        let sx = left + Double(max(4, less.count)) * SVG.charWidth * 0.9 + 6
        for level in 0..<5 {
            doc.rect(x: sx + Double(level) * pitch, y: ly, w: cell, h: cell, fill: SVG.heat(level), rx: 2)
        }
        doc.beginText(size: SVG.smallFontSize)
        doc.text(less, x: sx - 5, y: ly + 10, anchor: "end")
        doc.text(more, x: sx + 5 * pitch + 2, y: ly + 10)
        doc.end()
        return doc.finish()
    }
}
