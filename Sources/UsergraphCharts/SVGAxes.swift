/// The plot rectangle and value scale shared by the bar and line charts.
struct Plot {
    let left: Double
    let top: Double
    let right: Double
    let bottom: Double
    let lo: Double
    let hi: Double

    var width: Double { right - left }
    var height: Double { bottom - top }

    /// y coordinate of a value; values outside lo…hi are clamped so nothing leaves the plot.
    func y(_ v: Double) -> Double {
        let t = (max(lo, min(hi, v)) - lo) / (hi - lo)
        return bottom - t * height
    }

    /// Room on the left for the widest y label.
    static func leftMargin(labels: [String]) -> Double {
        12 + Double(labels.map(\.count).max() ?? 1) * SVG.charWidth
    }

    /// Grid lines with labels at the range ends, plus a stronger line at 0 when it is inside.
    /// `flat` is the value of a flat series: its range is only padding, so only it is labelled.
    func drawAxes(_ doc: inout SVGDocument, decimals: Int, numbers: ChartNumberFormat, flat: Double? = nil) {
        var marks = [hi, lo]
        if lo < 0 && hi > 0 { marks.append(0) }
        for m in marks {
            doc.line(x1: left, y1: y(m), x2: right, y2: y(m), dashed: !(m == 0 || (m == lo && lo > 0)))
        }
        if let flat { marks = [flat] }
        doc.beginText(size: 12)
        for m in marks {
            doc.text(numbers.apply(Num.fixed(m, decimals: decimals)), x: left - 6, y: y(m) + 4, anchor: "end")
        }
        doc.end()
    }
}
