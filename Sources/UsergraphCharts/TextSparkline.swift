extension TextCharts {
    /// Sparkline: one character per value on a single line, averaged into `maxWidth` characters
    /// when the series is longer.
    /// - Parameters:
    ///   - values: the series, oldest first.
    ///   - maxWidth: the most characters the line may have.
    ///   - style: `▁▂▃▄▅▆▇█`, or `_.-=+*#` for `.ascii`.
    ///   - includeZero: scale from 0 (counts); pass false to scale from the series' own minimum.
    ///   - noData: returned when `values` is empty.
    public static func sparkline(
        _ values: [Double], maxWidth: Int = 80, style: TextChartStyle = .unicode,
        includeZero: Bool = true, noData: String = ""
    ) -> String {
        guard !values.isEmpty else { return TextKit.noData(noData, width: maxWidth, style: style) }
        let levels = Glyphs.of(style).spark
        let data = Num.bucket(values.map(Num.clean), into: max(1, maxWidth))
        let top = Double(levels.count - 1)
        let lo = includeZero ? min(0, data.min() ?? 0) : (data.min() ?? 0)
        let hi = includeZero ? max(0, data.max() ?? 0) : (data.max() ?? 0)
        var out = ""
        out.reserveCapacity(data.count * 3)
        for v in data {
            let level: Int
            if hi - lo < 1e-12 {
                // Flat: zeros stay on the floor; any other constant sits mid-height.
                level = v == 0 ? 0 : levels.count / 2
            } else {
                level = Int(((v - lo) / (hi - lo) * top).rounded())
            }
            out.append(levels[max(0, min(levels.count - 1, level))])
        }
        return out
    }
}
