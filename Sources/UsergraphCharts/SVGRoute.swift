extension SVGCharts {
    /// User units kept clear around a route, for the markers.
    public static let routePadding = 12.0

    /// A workout's route drawn as a path in the picture's own coordinates: Web Mercator fitted
    /// to `options.width` × `options.height`, centred, with a solid dot at the start and a ring
    /// at the end (so a loop shows both). No map tiles, no script, no network, and no latitude
    /// or longitude in the text: only box coordinates, to a tenth of a unit.
    /// - Parameters:
    ///   - latitudes, longitudes: degrees, one pair per sample, already filtered for privacy;
    ///     NaN where a sample has no position, which breaks the line there.
    ///   - options: ids, title, description and the viewBox size (e.g. 640 × 400).
    ///   - padding: user units kept clear around the route, for the markers.
    /// - Returns: nil when no sample has a position (the page then draws no map).
    public static func route(latitudes: [Double], longitudes: [Double], options: SVGChartOptions, padding: Double = routePadding) -> String? {
        MercatorRoute(latitudes: latitudes, longitudes: longitudes).map { route($0, options: options, padding: padding) }
    }

    /// `route` of positions already projected, for a route drawn more than once.
    public static func route(_ mercator: MercatorRoute, options: SVGChartOptions, padding: Double = routePadding) -> String {
        let shape = RouteShape(mercator, width: options.width, height: options.height, padding: padding)
        var doc = SVGDocument(options: options, width: shape.width, height: shape.height)
        if !shape.path.isEmpty {
            // In tenths (see `SVGPathData`), so the 3-unit stroke is 30 of them.
            doc.add(
                "<path transform=\"scale(.1)\" d=\"\(shape.path)\""
                    + " style=\"fill:none;stroke:\(SVG.series(0));stroke-width:30;stroke-linejoin:round;stroke-linecap:round\"/>")
        }
        // The end first: where a loop ends at its start, the start's dot sits inside the end's ring.
        doc.add(
            "<circle cx=\"\(RouteShape.units(shape.end.x))\" cy=\"\(RouteShape.units(shape.end.y))\" r=\"6\""
                + " style=\"fill:\(SVG.surface);stroke:\(SVG.text);stroke-width:2.5\"/>")
        doc.add(
            "<circle cx=\"\(RouteShape.units(shape.start.x))\" cy=\"\(RouteShape.units(shape.start.y))\" r=\"4.5\""
                + " style=\"fill:\(SVG.series(2));stroke:\(SVG.surface);stroke-width:1.5\"/>")
        return doc.finish()
    }

    /// The route as a small picture for a list row: the line only, no markers, fixed size, and
    /// hidden from assistive technology since the row's text already names the workout.
    /// - Parameters:
    ///   - latitudes, longitudes: as for `route`.
    ///   - width, height: the picture's size in CSS pixels.
    /// - Returns: nil when no sample has a position.
    public static func routeThumbnail(latitudes: [Double], longitudes: [Double], width: Double = 64, height: Double = 48) -> String? {
        MercatorRoute(latitudes: latitudes, longitudes: longitudes).map { routeThumbnail($0, width: width, height: height) }
    }

    /// `routeThumbnail` of positions already projected.
    public static func routeThumbnail(_ mercator: MercatorRoute, width: Double = 64, height: Double = 48) -> String {
        let shape = RouteShape(mercator, width: width, height: height, padding: 3)
        // A single point has no line; a dot keeps the row's picture from being blank.
        let path = shape.path.isEmpty ? "M\(shape.start.x) \(shape.start.y)h0" : shape.path
        let w = SVG.n(shape.width)
        let h = SVG.n(shape.height)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\" aria-hidden=\"true\">"
            + "<path transform=\"scale(.1)\" d=\"\(path)\" style=\"fill:none;stroke:\(SVG.series(0));stroke-width:20;stroke-linejoin:round;stroke-linecap:round\"/>"
            + "</svg>"
    }
}

/// A route made ready to draw: projected, fitted, simplified per gap-free run and written as
/// compact path data, with its start and end in tenths of a unit.
struct RouteShape {
    /// The most a simplified line strays from the full one, in user units: at the picture's own
    /// size (the largest it is drawn) half a pixel, which a line 2 or 3 pixels wide hides.
    static let tolerance = 0.5

    let width: Double
    let height: Double
    /// The `d` of the route's path, in tenths of a unit; empty when no run has two distinct points.
    let path: String
    /// The first and the last position, in tenths of a unit.
    let start: (x: Int, y: Int)
    let end: (x: Int, y: Int)

    init(_ mercator: MercatorRoute, width: Double, height: Double, padding: Double) {
        let w = max(1, Num.clean(width))
        let h = max(1, Num.clean(height))
        let projection = RouteProjection(mercator, width: w, height: h, padding: padding)
        var data = SVGPathData()
        for run in projection.runs {
            var points = RouteSimplifier.simplify(run, tolerance: Self.tolerance).map(SVGPathData.tenths)
            // Rounding may merge neighbours; a run left with one point (a lone fix between two
            // gaps) draws nothing, and the markers still show the route's ends.
            points = points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
            guard points.count > 1 else { continue }
            data.move(to: points[0])
            for p in points.dropFirst() { data.line(to: p) }
        }
        self.width = w
        self.height = h
        self.path = data.text
        self.start = SVGPathData.tenths(projection.start)
        self.end = SVGPathData.tenths(projection.end)
    }

    /// Tenths written as user units: `12.3` for 123.
    static func units(_ tenths: Int) -> String { SVG.n(Double(tenths) / 10) }
}
