/// How a chart writes the numbers it shows (axis labels, values, tooltips, percentages).
/// The caller passes its language's marks; the default is the plain, ungrouped form
/// (`12345.6`, `50%`) that the golden files use. Coordinates inside SVG are never affected.
public struct ChartNumberFormat: Sendable, Equatable {
    /// Between the whole and the fractional part: `.` or `,`.
    public var decimalSeparator: String
    /// Between groups of three digits, e.g. `,` or a no-break space; empty for none.
    public var groupSeparator: String
    /// After a percentage: `%`, or a no-break space and `%`.
    public var percentSuffix: String

    /// Makes a format.
    public init(decimalSeparator: String = ".", groupSeparator: String = "", percentSuffix: String = "%") {
        self.decimalSeparator = decimalSeparator
        self.groupSeparator = groupSeparator
        self.percentSuffix = percentSuffix
    }

    /// `12345.6`, `50%`.
    public static let plain = ChartNumberFormat()

    /// Rewrites a plain number (`-12345.6`, as `Num.fixed` makes it) with these marks.
    func apply(_ plain: String) -> String {
        if self == .plain { return plain }
        var text = Substring(plain)
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts.first ?? "")
        var grouped = ""
        for (i, digit) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { grouped += groupSeparator }
            grouped.append(digit)
        }
        if parts.count > 1 { grouped += decimalSeparator + parts[1] }
        return negative ? "-" + grouped : grouped
    }
}

extension SVGChartOptions {
    /// A value label with exactly `decimals` digits, in the chart's number format.
    func number(_ x: Double, decimals: Int) -> String { numbers.apply(Num.fixed(x, decimals: decimals)) }
}
