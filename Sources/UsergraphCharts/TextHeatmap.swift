extension TextCharts {
    /// Calendar heatmap: 7 rows (Monday…Sunday) by one column per week, 5 shades from "nothing"
    /// to the busiest day, and a legend line "less ░▒▓█ more" under it.
    /// - Parameters:
    ///   - days: one value per day, the first a Monday; the last week may be partial. Only the
    ///     most recent 53 weeks (fewer if `width` is narrow) are drawn.
    ///   - rowLabels: seven labels, Monday first (translated by the caller); missing ones are blank.
    ///   - less, more: the legend's two words.
    ///   - weekLabels: optional text per week of `days` (e.g. a month name on the week it starts),
    ///     written above the grid where it fits without overlapping the previous one.
    ///   - width: the widest a line may be.
    ///   - style: `·░▒▓█`, or `.-=*#` for `.ascii`.
    ///   - noData: returned when `days` is empty.
    public static func heatmap(
        _ days: [Double], rowLabels: [String], less: String, more: String,
        weekLabels: [String] = [], width: Int = 80, style: TextChartStyle = .unicode,
        noData: String = ""
    ) -> String {
        guard !days.isEmpty else { return TextKit.noData(noData, width: width, style: style) }
        let g = Glyphs.of(style)
        let labels = (0..<7).map { $0 < rowLabels.count ? TextKit.clean(rowLabels[$0], style) : "" }
        let labelW = min(labels.map(\.count).max() ?? 0, max(0, width / 4))
        let totalWeeks = (days.count + 6) / 7
        let shownWeeks = max(1, min(53, min(totalWeeks, width - labelW - 1)))
        let dropWeeks = totalWeeks - shownWeeks
        let shown = Array(days.dropFirst(dropWeeks * 7)).map(Num.clean)
        let peak = shown.max() ?? 0
        let indent = labelW == 0 ? "" : String(repeating: " ", count: labelW + 1)

        var lines: [String] = []
        lines.reserveCapacity(9)
        let header = weekHeader(Array(weekLabels.dropFirst(dropWeeks)), weeks: shownWeeks, style: style)
        if !header.isEmpty { lines.append(indent + header) }
        for row in 0..<7 {
            var line = labelW == 0 ? "" : TextKit.padRight(TextKit.truncate(labels[row], labelW, g), labelW) + " "
            for week in 0..<shownWeeks {
                let i = week * 7 + row
                line.append(i < shown.count ? g.heat[Num.heatLevel(shown[i], max: peak)] : " ")
            }
            lines.append(line)
        }
        lines.append(indent + TextKit.clean(less, style) + " " + String(g.heat) + " " + TextKit.clean(more, style))
        return TextKit.finish(lines, width: width)
    }
}

/// Week labels placed at their columns; a label that would touch the previous one is skipped.
private func weekHeader(_ labels: [String], weeks: Int, style: TextChartStyle) -> String {
    var row = Array(repeating: Character(" "), count: weeks)
    var nextFree = 0
    for (week, raw) in labels.prefix(weeks).enumerated() {
        let text = Array(TextKit.clean(raw, style))
        guard !text.isEmpty, week >= nextFree else { continue }
        let room = weeks - week
        for (k, ch) in text.prefix(room).enumerated() { row[week + k] = ch }
        nextFree = week + text.count + 1
    }
    let s = String(row)
    return s.allSatisfy({ $0 == " " }) ? "" : s
}
