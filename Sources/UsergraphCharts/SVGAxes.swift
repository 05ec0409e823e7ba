import Foundation

/// Round values for a y axis: steps of 1, 2, 2.5 or 5 times a power of ten (no 2.5 for whole
/// counts), about five marks from a range that covers the data, so a reader gets 0, 5, 10, 15
/// rather than only 0 and the maximum.
struct Scale: Equatable {
    let ticks: [Double]
    /// Digits after the point that the step needs.
    let decimals: Int
    var lo: Double { ticks.first ?? 0 }
    var hi: Double { ticks.last ?? 1 }

    init(lo rawLo: Double, hi rawHi: Double, integer: Bool, target: Int = 5) {
        var lo = Num.clean(rawLo)
        var hi = Num.clean(rawHi)
        if hi - lo < 1e-12 { (lo, hi) = hi == 0 ? (0, 1) : (lo - abs(hi) * 0.1, hi + abs(hi) * 0.1) }
        let raw = (hi - lo) / Double(max(1, target - 1))
        let magnitude = pow(10, floor(log10(raw)))
        let multiples: [Double] = integer ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10]
        var step = (multiples.first { $0 * magnitude >= raw * (1 - 1e-9) } ?? 10) * magnitude
        if integer { step = max(1, step.rounded()) }
        let first = (lo / step).rounded(.down)
        let last = (hi / step).rounded(.up)
        let count = Int(last - first) + 1
        ticks = (0..<max(2, min(count, 50))).map { k in
            let t = (first + Double(k)) * step
            return abs(t) < step * 1e-9 ? 0 : t
        }
        let mantissa = step / pow(10, floor(log10(step)))
        let places = max(0, -Int(floor(log10(step) + 1e-9)))
        decimals = integer ? 0 : places + (abs(mantissa - 2.5) < 1e-6 ? 1 : 0)
    }
}

/// The plot rectangle and value scale shared by the bar and line charts.
struct Plot {
    let left: Double
    let top: Double
    let right: Double
    let bottom: Double
    let scale: Scale

    var lo: Double { scale.lo }
    var hi: Double { scale.hi }
    var width: Double { right - left }
    var height: Double { bottom - top }

    /// y coordinate of a value; values outside lo…hi are clamped so nothing leaves the plot.
    func y(_ v: Double) -> Double {
        let t = (max(lo, min(hi, v)) - lo) / (hi - lo)
        return bottom - t * height
    }

    /// The tick labels as written, lowest first.
    static func tickLabels(_ scale: Scale, numbers: ChartNumberFormat) -> [String] {
        scale.ticks.map { numbers.apply(Num.fixed($0, decimals: scale.decimals)) }
    }

    /// Room on the left for the widest y label.
    static func leftMargin(labels: [String]) -> Double {
        12 + Double(labels.map(\.count).max() ?? 1) * SVG.charWidth
    }

    /// A grid line and a label at every tick; the line at 0 (or the floor) in the axis colour,
    /// which is 3:1 against the page, the others in the lighter grid colour.
    /// `labels`: `tickLabels` of the scale, when the caller made them already.
    func drawAxes(_ doc: inout SVGDocument, numbers: ChartNumberFormat, labels: [String]? = nil) {
        let base = lo <= 0 && hi >= 0 ? 0 : lo
        for t in scale.ticks where t != base { doc.gridLine(x1: left, x2: right, y: y(t)) }
        doc.line(x1: left, y1: y(base), x2: right, y2: y(base))
        doc.beginText(size: SVG.smallFontSize)
        for (t, label) in zip(scale.ticks, labels ?? Plot.tickLabels(scale, numbers: numbers)) {
            doc.text(label, x: left - 6, y: y(t) + 4, anchor: "end")
        }
        doc.end()
    }
}

/// The axis titles of a bar or line chart: the y title (with its unit) over the axis labels
/// at the top left, the x title centred under the x labels.
struct AxisTitles {
    let x: String
    let y: String
    /// Height the y title takes above the plot.
    var yRow: Double { y.isEmpty ? 0 : 18 }
    /// Height the x title takes under the x labels.
    var xRow: Double { x.isEmpty ? 0 : 18 }

    init(_ options: SVGChartOptions) { x = options.xTitle; y = options.yTitle }

    func draw(_ doc: inout SVGDocument, yTop: Double) {
        guard !x.isEmpty || !y.isEmpty else { return }
        doc.beginText(size: SVG.smallFontSize)
        if !y.isEmpty { doc.text(SVG.fit(y, room: doc.width - 8), x: 4, y: yTop + 12) }
        if !x.isEmpty { doc.text(SVG.fit(x, room: doc.width - 8), x: doc.width / 2, y: doc.height - 5, anchor: "middle") }
        doc.end()
    }
}
