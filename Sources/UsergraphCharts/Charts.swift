/// Charts: numbers in, ASCII or SVG text out. Depends on nothing else of usergraph.
///
/// `TextCharts` draws for the terminal, `SVGCharts` for HTML pages. Both are pure functions of
/// their arguments: no files, no clock, no locale, so the same input always gives the same bytes.
public enum Charts {}

/// One labelled value: a bar, a donut slice.
public struct ChartPoint: Sendable, Equatable {
    /// Text shown next to the value; may come from untrusted data (it is escaped or sanitised).
    public var label: String
    /// The value; NaN and infinities are drawn as 0.
    public var value: Double

    /// Makes a labelled value.
    public init(label: String, value: Double) {
        self.label = label
        self.value = value
    }
}

/// A named list of values: one series of a grouped bar chart or of a line chart.
public struct ChartSeries: Sendable, Equatable {
    /// Legend text for the series.
    public var name: String
    /// Values in order; NaN and infinities are drawn as 0.
    public var values: [Double]

    /// Makes a named series.
    public init(name: String, values: [Double]) {
        self.name = name
        self.values = values
    }
}

/// A labelled level drawn across a chart, such as a daily goal.
public struct ChartReference: Sendable, Equatable {
    /// Written at the line's right end, e.g. "Goal 10,000".
    public var label: String
    public var value: Double

    public init(label: String, value: Double) {
        self.label = label
        self.value = value
    }
}

/// One day of a calendar heatmap.
public struct HeatmapDay: Sendable, Equatable {
    /// The day's amount (workouts, minutes…); 0 or less is an empty cell.
    public var value: Double
    /// Tooltip text for the SVG cell, e.g. "2026-11-20: 2 workouts, 1 h 10 min".
    public var title: String
    /// Where the cell leads (the day's workout), as the page's relative link; nil for none.
    public var link: String?

    /// Makes a heatmap day.
    public init(value: Double, title: String = "", link: String? = nil) {
        self.value = value
        self.title = title
        self.link = link
    }
}

/// Character set for terminal charts.
public enum TextChartStyle: Sendable, Equatable {
    /// Block elements, shades and box-drawing lines.
    case unicode
    /// 7-bit ASCII only; labels are transliterated so the whole output stays ASCII.
    case ascii
}
