/// Inline SVG charts for HTML pages: no script, no external references, colours only through
/// CSS custom properties (`--ug-series-1…6`, `--ug-axis`, `--ug-grid`, `--ug-surface`, `--ug-text`,
/// `--ug-heat-0…4`) with
/// fallbacks, so a page's light and dark themes restyle them.
public enum SVGCharts {}

/// What every SVG chart needs besides its data.
public struct SVGChartOptions: Sendable, Equatable {
    /// Prefix for element ids (`PREFIX-title`, `PREFIX-desc`); unique per chart on a page.
    /// Characters other than ASCII letters, digits, `-` and `_` become `-`.
    public var idPrefix: String
    /// Accessible name, the `<title>`.
    public var title: String
    /// Accessible description, the `<desc>`; the title is used when empty.
    public var description: String
    /// Text drawn instead of the chart when there is nothing to draw.
    public var noData: String
    /// viewBox width in user units; the SVG itself is `width="100%"` up to this many pixels.
    public var width: Double
    /// viewBox height in user units.
    public var height: Double
    /// Digits after the point for value labels; nil means 0 for whole values, else 1.
    public var decimals: Int?
    /// The marks numbers are written with (decimal separator, grouping, percent sign).
    public var numbers: ChartNumberFormat
    /// Title of the x axis of a bar or line chart, e.g. "Week starting"; empty for none.
    public var xTitle: String
    /// Title of the y axis with its unit, e.g. "Steps" or "Weight, kg"; empty for none.
    public var yTitle: String

    /// Makes options; only the id prefix and the title are required.
    public init(
        idPrefix: String, title: String, description: String = "", noData: String = "",
        width: Double = 480, height: Double = 240, decimals: Int? = nil, numbers: ChartNumberFormat = .plain,
        xTitle: String = "", yTitle: String = ""
    ) {
        self.idPrefix = idPrefix
        self.title = title
        self.description = description
        self.noData = noData
        self.width = width
        self.height = height
        self.decimals = decimals
        self.numbers = numbers
        self.xTitle = xTitle
        self.yTitle = yTitle
    }
}

enum SVG {
    static let seriesFallback = ["#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2"]
    static let heatFallback = ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"]
    /// currentColor as the fallback keeps labels readable on whatever background the page has.
    static let text = "var(--ug-text,currentColor)"
    static let axis = "var(--ug-axis,#767676)"
    static let grid = "var(--ug-grid,#e0e0e0)"
    /// The card behind the chart: gaps between touching marks (donut slices) are drawn in it.
    static let surface = "var(--ug-surface,#ffffff)"
    static let fontSize = 13.0
    /// Axis, value and calendar labels: the smallest text of any chart, so that drawn at its
    /// own width (the page picks a narrow variant on phones) nothing is under 12 CSS px.
    static let smallFontSize = 12.0
    /// Rough advance of one character at `fontSize`, used to keep labels from overlapping;
    /// generous on purpose since the real font is the page's.
    static let charWidth = 7.8

    static func series(_ i: Int) -> String {
        let k = ((i % 6) + 6) % 6
        return "var(--ug-series-\(k + 1),\(seriesFallback[k]))"
    }

    static func heat(_ level: Int) -> String {
        let k = max(0, min(4, level))
        return "var(--ug-heat-\(k),\(heatFallback[k]))"
    }

    /// Escapes text for the document (see `XMLText`).
    static func esc(_ s: String) -> String { XMLText.escape(s) }

    /// An id prefix that is a valid XML name whatever the caller passed.
    static func idPrefix(_ raw: String) -> String {
        var out = ""
        for u in raw.unicodeScalars {
            let ok = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "-" || u == "_"
            out.unicodeScalars.append(ok ? u : "-")
        }
        if let first = out.unicodeScalars.first, (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") {
            return out
        }
        return "ug" + (out.isEmpty ? "" : "-") + out
    }

    static func n(_ x: Double) -> String { Num.short(x) }

    /// `x,y x,y …`, each as `n` writes it, into one buffer: a string a number was a tenth of a
    /// workout page's charts.
    static func points(_ points: [(x: Double, y: Double)]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 12)
        for (index, point) in points.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            Num.appendShort(point.x, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            Num.appendShort(point.y, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Cuts a label to about `room` user units, with an ellipsis; full text stays in the tooltip.
    static func fit(_ text: String, room: Double) -> String {
        let chars = Int(room / charWidth)
        guard text.count > chars else { return text }
        guard chars >= 2 else { return chars == 1 ? String(text.prefix(1)) : "" }
        return String(text.prefix(chars - 1)) + "…"
    }
}

/// Accumulates one SVG document, its parts a line each, into one string with room made for a
/// chart's usual size: an array of parts joined at the end was a tenth of a line chart's making.
struct SVGDocument {
    private var body = ""
    let width: Double
    let height: Double

    /// `fixed` draws the chart at its own size (`width="W"`), for a chart too wide to shrink
    /// that its page puts in a scrolling box; otherwise it is `width="100%"` up to its own width.
    /// `links`: the chart holds links, so it is not one picture (`role="img"`, whose parts
    /// assistive technology would not reach) but a graphics document, SVG's own role (HTML's
    /// checker allows no `group` on an `svg`).
    init(options: SVGChartOptions, width: Double? = nil, height: Double? = nil, fixed: Bool = false, links: Bool = false) {
        let w = max(1, Num.clean(width ?? options.width))
        let h = max(1, Num.clean(height ?? options.height))
        self.width = w
        self.height = h
        body.reserveCapacity(4096)
        let id = SVG.idPrefix(options.idPrefix)
        let desc = options.description.isEmpty ? options.title : options.description
        let size =
            fixed
            ? " width=\"\(SVG.n(w))\" height=\"\(SVG.n(h))\""
            : " width=\"100%\""
        let style = fixed ? "font-family:inherit" : "max-width:\(SVG.n(w))px;height:auto;font-family:inherit"
        body += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(SVG.n(w)) \(SVG.n(h))\"\(size)"
        body += links ? "" : " role=\"img\""
        body += " aria-labelledby=\"\(id)-title \(id)-desc\" style=\"\(style)\">"
        add("<title id=\"\(id)-title\">\(SVG.esc(options.title))</title>")
        add("<desc id=\"\(id)-desc\">\(SVG.esc(desc))</desc>")
    }

    /// A part on a line of its own.
    mutating func add(_ s: String) {
        body += "\n"
        body += s
    }

    /// Opens a group whose text inherits the label colour and the page's font.
    mutating func beginText(size: Double = SVG.fontSize) {
        add("<g style=\"fill:\(SVG.text);font-family:inherit;font-size:\(SVG.n(size))px\">")
    }

    mutating func end() { add("</g>") }

    mutating func text(_ s: String, x: Double, y: Double, anchor: String = "start") {
        let a = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        add("<text x=\"\(SVG.n(x))\" y=\"\(SVG.n(y))\"\(a)>\(SVG.esc(s))</text>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, dashed: Bool = false) {
        let dash = dashed ? ";stroke-dasharray:3 3" : ""
        add(
            "<line x1=\"\(SVG.n(x1))\" y1=\"\(SVG.n(y1))\" x2=\"\(SVG.n(x2))\" y2=\"\(SVG.n(y2))\""
                + " style=\"stroke:\(SVG.axis);stroke-width:1\(dash)\"/>")
    }

    /// A light horizontal grid line across the plot.
    mutating func gridLine(x1: Double, x2: Double, y: Double) {
        add(
            "<line x1=\"\(SVG.n(x1))\" y1=\"\(SVG.n(y))\" x2=\"\(SVG.n(x2))\" y2=\"\(SVG.n(y))\""
                + " style=\"stroke:\(SVG.grid);stroke-width:1\"/>")
    }

    /// A level across the plot (a goal): dashed, in the text colour so it reads on any bar.
    mutating func referenceLine(x1: Double, x2: Double, y: Double) {
        add(
            "<line x1=\"\(SVG.n(x1))\" y1=\"\(SVG.n(y))\" x2=\"\(SVG.n(x2))\" y2=\"\(SVG.n(y))\""
                + " style=\"stroke:\(SVG.text);stroke-width:1.5;stroke-dasharray:6 4\"/>")
    }

    /// A rectangle with an optional tooltip.
    /// `link`: the rectangle is a link there, named by its title.
    mutating func rect(x: Double, y: Double, w: Double, h: Double, fill: String, title: String = "", rx: Double = 0, link: String? = nil) {
        let r = rx > 0 ? " rx=\"\(SVG.n(rx))\"" : ""
        let head = "<rect x=\"\(SVG.n(x))\" y=\"\(SVG.n(y))\" width=\"\(SVG.n(max(0, w)))\" height=\"\(SVG.n(max(0, h)))\"\(r) style=\"fill:\(fill)\""
        let shape = title.isEmpty ? head + "/>" : head + "><title>\(SVG.esc(title))</title></rect>"
        guard let link else {
            add(shape)
            return
        }
        add("<a href=\"\(SVG.esc(link))\" aria-label=\"\(SVG.esc(title))\">" + shape + "</a>")
    }

    /// Legend swatches with names in one row from (x, y), each item sized by its text.
    mutating func legend(_ names: [String], x: Double, y: Double, maxX: Double) {
        var cx = x
        beginText()
        for (i, name) in names.enumerated() {
            let label = SVG.fit(name, room: max(0, maxX - cx - 18))
            if label.isEmpty { break }
            end()
            rect(x: cx, y: y - 10, w: 12, h: 12, fill: SVG.series(i), rx: 2)
            beginText()
            text(label, x: cx + 16, y: y)
            cx += 16 + Double(label.count) * SVG.charWidth + 14
        }
        end()
    }

    func finish() -> String { body + "\n</svg>" }

    /// The small chart shown for empty data: still titled, just the caller's words.
    static func empty(_ options: SVGChartOptions) -> String {
        var doc = SVGDocument(options: options, height: 48)
        doc.beginText()
        doc.text(options.noData, x: doc.width / 2, y: 29, anchor: "middle")
        doc.end()
        return doc.finish()
    }
}
