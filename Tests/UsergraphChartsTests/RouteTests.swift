import Foundation
import Testing
@testable import UsergraphCharts

#if canImport(FoundationXML)
import FoundationXML
import UsergraphTestSupport
#endif

/// The subpaths of the route's path as absolute points in user units (its `d` is in tenths);
/// it reads only what `SVGPathData` writes (M, m, L, l and bare pairs), and fails the test on
/// anything else.
func subpaths(ofPathIn svg: String) -> [[(x: Double, y: Double)]] {
    guard let d = svg.components(separatedBy: "<path transform=\"scale(.1)\" d=\"").dropFirst().first?.prefix(while: { $0 != "\"" }) else {
        return []
    }
    var tokens: [String] = []
    var number = ""
    func flush() {
        if !number.isEmpty { tokens.append(number) }
        number = ""
    }
    for c in d {
        if c.isLetter {
            flush()
            tokens.append(String(c))
        } else if c == " " {
            flush()
        } else if c == "-" {
            flush()
            number = "-"
        } else {
            number.append(c)
        }
    }
    flush()
    var paths: [[(x: Double, y: Double)]] = []
    var command = ""
    var current = (x: 0.0, y: 0.0)
    var i = 0
    while i < tokens.count {
        if let letter = tokens[i].first, letter.isLetter {
            command = tokens[i]
            i += 1
            continue
        }
        guard i + 1 < tokens.count, let a = Int(tokens[i]).map({ Double($0) / 10 }), let b = Int(tokens[i + 1]).map({ Double($0) / 10 }) else {
            Issue.record("bad path data near token \(i): \(tokens[i])")
            return paths
        }
        i += 2
        switch command {
        case "M", "m":
            current = command == "M" ? (a, b) : (current.x + a, current.y + b)
            paths.append([current])
            // Bare pairs after a move are lines of the same kind.
            command = command == "M" ? "L" : "l"
        case "L", "l":
            current = command == "L" ? (a, b) : (current.x + a, current.y + b)
            if paths.isEmpty { Issue.record("a line before any move") } else { paths[paths.count - 1].append(current) }
        default:
            Issue.record("unexpected command \(command)")
            return paths
        }
    }
    return paths
}

/// The squared distance from `p` to the segment from `a` to `b` (to `a` when they coincide),
/// through the projection onto it: the tests' own measure of how far a drawn route strays,
/// apart from the simplifier's.
func squaredDistance(_ p: RoutePoint, toSegment a: RoutePoint, _ b: RoutePoint) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let length = dx * dx + dy * dy
    let t = length > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) : 0
    let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
    return ex * ex + ey * ey
}

/// The circles' centres, in order.
func circles(in svg: String) -> [(x: Double, y: Double)] {
    svg.components(separatedBy: "<circle cx=\"").dropFirst().compactMap { rest in
        let parts = rest.split(separator: "\"")
        guard parts.count > 2, let x = Double(parts[0]), let y = Double(parts[2]) else { return nil }
        return (x, y)
    }
}

@Suite struct RouteTests {
    static let page = SVGChartOptions(idPrefix: "route", title: "Route", description: "Morning run", width: 640, height: 400)

    @Test func aThumbnailIsDecorativeAndMatchesItsGolden() throws {
        let svg = try #require(SVGCharts.routeThumbnail(latitudes: SampleRoute.latitudes, longitudes: SampleRoute.longitudes))
        try expectGolden("svg-route-thumbnail.svg", svg)
        #expect(svg.contains("aria-hidden=\"true\"") && svg.contains("width=\"64\" height=\"48\""))
        #expect(!svg.contains("<title") && !svg.contains("role=") && !svg.contains("<circle"))
        let probe = XMLProbe()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = probe
        #expect(parser.parse(), "not XML: \(probe.error ?? "")")
        #expect(probe.elements == ["svg", "path"])
    }

    /// A realistic hour: 3,600 fixes at 1 Hz, a few metres of jitter each. Several walks, since
    /// one that winds tightly in a small area needs more points than one that goes somewhere
    /// (over a hundred seeds the page's median is about 3 KB, the largest about 9 KB).
    @Test(arguments: [1, 2, 3, 8, 42] as [UInt64])
    func anHourRunFitsItsSizeBudgets(seed: UInt64) throws {
        let run = SampleTrack.run(seconds: 3600, seed: seed)
        let page = try #require(SVGCharts.route(latitudes: run.latitudes, longitudes: run.longitudes, options: Self.page))
        let thumbnail = try #require(SVGCharts.routeThumbnail(latitudes: run.latitudes, longitudes: run.longitudes))
        #expect(page.utf8.count <= 8 * 1024)
        #expect(thumbnail.utf8.count <= 1024)
    }

    /// Simplified and rounded, the drawn line stays within about half a unit of every fix.
    @Test func theDrawnLineStaysWithinHalfAUnitOfTheTrack() throws {
        let run = SampleTrack.run(seconds: 3600, seed: 3)
        let svg = try #require(SVGCharts.route(latitudes: run.latitudes, longitudes: run.longitudes, options: Self.page))
        let drawn = subpaths(ofPathIn: svg).flatMap { $0 }.map { RoutePoint(x: $0.x, y: $0.y) }
        let full = try #require(RouteProjection(latitudes: run.latitudes, longitudes: run.longitudes, width: 640, height: 400, padding: 12))
        #expect(drawn.count > 10 && drawn.count < 3600 / 3, "\(drawn.count) points drawn")
        var worst = 0.0
        for p in full.runs.flatMap({ $0 }) {
            var nearest = Double.infinity
            for (a, b) in zip(drawn, drawn.dropFirst()) { nearest = min(nearest, squaredDistance(p, toSegment: a, b)) }
            worst = max(worst, nearest.squareRoot())
        }
        // 0.5 from the simplification, up to 0.07 from rounding to tenths.
        #expect(worst <= 0.58)
    }

    /// A route thinned to its picture draws that picture to the byte, gaps included; its
    /// thumbnail keeps within the thumbnail's half unit plus the page's, scaled down to it.
    @Test(arguments: [1, 3, 8] as [UInt64])
    func aThinnedRouteDrawsTheSamePicture(seed: UInt64) throws {
        var run = SampleTrack.run(seconds: 3600, seed: seed)
        for gap in 1200..<1260 { run.latitudes[gap] = .nan }
        let whole = try #require(MercatorRoute(latitudes: run.latitudes, longitudes: run.longitudes))
        let thinned = whole.thinned(width: 640, height: 400, padding: SVGCharts.routePadding)
        #expect(thinned.xs.count < whole.xs.count / 3, "\(thinned.xs.count) of \(whole.xs.count) kept")
        #expect(SVGCharts.route(thinned, options: Self.page) == SVGCharts.route(whole, options: Self.page))
        #expect(subpaths(ofPathIn: SVGCharts.route(thinned, options: Self.page)).count == 2)

        let thumbnail = SVGCharts.routeThumbnail(thinned)
        let drawn = subpaths(ofPathIn: thumbnail).map { $0.map { RoutePoint(x: $0.x, y: $0.y) } }
        let full = RouteProjection(whole, width: 64, height: 48, padding: 3)
        var worst = 0.0
        for p in full.runs.flatMap({ $0 }) {
            var nearest = Double.infinity
            for path in drawn {
                for (a, b) in zip(path, path.dropFirst()) { nearest = min(nearest, squaredDistance(p, toSegment: a, b)) }
            }
            worst = max(worst, nearest.squareRoot())
        }
        // 0.5 from the thumbnail's simplification, 0.5 × 64 / 640 from the page's, 0.07 from tenths.
        #expect(worst <= 0.63, "\(worst)")
    }

    @Test func aGapStartsANewSubpath() throws {
        let svg = try #require(SVGCharts.route(latitudes: SampleRoute.latitudes, longitudes: SampleRoute.longitudes, options: Self.page))
        let paths = subpaths(ofPathIn: svg)
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { $0.count >= 2 })
    }

    @Test func theStartAndTheEndAreMarked() throws {
        let svg = try #require(SVGCharts.route(latitudes: SampleRoute.latitudes, longitudes: SampleRoute.longitudes, options: Self.page))
        let paths = subpaths(ofPathIn: svg)
        let marks = circles(in: svg)
        // The end's ring comes first, so a loop's start dot sits on top of it.
        #expect(marks.count == 2)
        let (first, last) = (try #require(paths.first?.first), try #require(paths.last?.last))
        if marks.count == 2 {
            #expect(abs(marks[1].x - first.x) < 0.01 && abs(marks[1].y - first.y) < 0.01)
            #expect(abs(marks[0].x - last.x) < 0.01 && abs(marks[0].y - last.y) < 0.01)
        }
        #expect(svg.contains("var(--ug-series-3,") && svg.contains("var(--ug-text,"))
    }

    @Test func noPositionDrawsNoMap() {
        let inputs: [([Double], [Double])] = [([], []), ([.nan, .nan], [.nan, .nan]), ([52.5], []), ([91, .infinity], [13, 13])]
        for (lat, lon) in inputs {
            #expect(SVGCharts.route(latitudes: lat, longitudes: lon, options: Self.page) == nil)
            #expect(SVGCharts.routeThumbnail(latitudes: lat, longitudes: lon) == nil)
        }
    }

    @Test func aSinglePointSitsInTheMiddle() throws {
        for (lat, lon) in [([52.52], [13.405]), ([52.52, .nan, 52.52], [13.405, .nan, 13.405])] {
            let svg = try #require(SVGCharts.route(latitudes: lat, longitudes: lon, options: Self.page))
            #expect(!svg.contains("<path"))
            #expect(circles(in: svg).map { [$0.x, $0.y] } == [[320, 200], [320, 200]])
            let thumbnail = try #require(SVGCharts.routeThumbnail(latitudes: lat, longitudes: lon))
            #expect(thumbnail.contains("d=\"M320 240h0\""))
        }
    }

    /// Near its first latitude a route is projected by a Taylor series, further away and near
    /// the poles by the formula: every y must be the formula's, to far below a pixel's worth.
    @Test(arguments: [0, 55.75, -33.9, 69.9, 70.1, -80])
    func mercatorIsTheFormulasAtAnyLatitude(start: Double) throws {
        // Out 60 km north and back, and a zigzag, so samples lie near, at and past the series' reach.
        let direction: Double = start > 0 ? -1 : 1
        let lat: [Double] = (0...600).map { (i: Int) -> Double in
            let step = Double(i <= 300 ? i : 600 - i)
            return start + step * 0.0018 * direction
        }
        let lon: [Double] = lat.indices.map { (i: Int) -> Double in 37.6 + Double(i % 7) * 0.001 }
        let route = try #require(MercatorRoute(latitudes: lat, longitudes: lon))
        var worst = 0.0
        for (i, latitude) in lat.enumerated() {
            let exact = -log(tan(.pi / 4 + latitude * .pi / 180 / 2))
            worst = max(worst, abs(route.ys[i] - exact))
        }
        // A wrong or missing term of the series would be off by some 10⁻⁹ or more.
        #expect(worst < 1e-11, "\(worst)")
        #expect(route.minY == route.ys.min() && route.maxY == route.ys.max())
    }

    /// Mercator keeps shapes: a route due north is a vertical line, one north-east wider than
    /// tall at this latitude only by the projection's stretch, never squeezed into the box.
    @Test func theAspectRatioIsKept() throws {
        let north = try #require(SVGCharts.route(latitudes: [55.70, 55.71, 55.72], longitudes: [37.60, 37.601, 37.60], options: Self.page))
        let points = subpaths(ofPathIn: north).flatMap { $0 }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let (width, height) = ((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
        #expect(height > width * 10)
        // Fitted to the box's height less the padding, centred across.
        #expect(abs(height - (400 - 24)) < 0.2)
        #expect(abs(((xs.max() ?? 0) + (xs.min() ?? 0)) / 2 - 320) < 0.2)
        #expect(points.first.map { $0.y > 300 } == true, "north is up: the start, furthest south, is at the bottom")

        // 1 km east and 1 km north at 55.7°: a square, drawn as one.
        let metre = 1 / 111_320.0
        let east = metre / cos(55.7 * .pi / 180)
        let square = try #require(
            SVGCharts.route(
                latitudes: [55.7, 55.7, 55.7 + 1000 * metre, 55.7 + 1000 * metre, 55.7],
                longitudes: [37.6, 37.6 + 1000 * east, 37.6 + 1000 * east, 37.6, 37.6], options: Self.page))
        let corners = subpaths(ofPathIn: square).flatMap { $0 }
        let side = (corners.map(\.x).max() ?? 0) - (corners.map(\.x).min() ?? 0)
        let tall = (corners.map(\.y).max() ?? 0) - (corners.map(\.y).min() ?? 0)
        #expect(abs(side / tall - 1) < 0.01)
    }

    /// The published site holds no latitude or longitude as text, only the picture's own units.
    @Test func noCoordinateIsWrittenOut() throws {
        let run = SampleTrack.run(seconds: 600)
        let outputs = [
            SVGCharts.route(latitudes: run.latitudes, longitudes: run.longitudes, options: Self.page),
            SVGCharts.routeThumbnail(latitudes: run.latitudes, longitudes: run.longitudes),
            SVGCharts.route(latitudes: [55.751244], longitudes: [37.618423], options: Self.page),
        ]
        for svg in outputs {
            let text = try #require(svg)
            for fragment in ["55.75", "37.61", "55,75", "37,61", "55751", "37618"] {
                #expect(!text.contains(fragment), "\(fragment) in the output")
            }
            // Every number is a coordinate inside the box (the path's in tenths), a size or a style width.
            let numbers = text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").split(whereSeparator: {
                !($0.isNumber || $0 == "." || $0 == "-")
            }).compactMap { Double($0) }
            #expect(numbers.allSatisfy { abs($0) <= 6400 })
        }
    }

    /// A week of samples at 1 Hz: drawn without recursion, so without overflowing the stack.
    @Test func aHalfMillionPointTrackDraws() throws {
        let track = SampleTrack.run(seconds: 500_000, seed: 7)
        let svg = try #require(SVGCharts.route(latitudes: track.latitudes, longitudes: track.longitudes, options: Self.page))
        #expect(subpaths(ofPathIn: svg).count == 1)
    }

    /// Across the antimeridian a route stays one small route, not a line around the world.
    @Test func aRouteAcrossTheAntimeridianStaysSmall() throws {
        let svg = try #require(SVGCharts.route(latitudes: [-16.8, -16.8, -16.81], longitudes: [179.999, -179.999, -179.998], options: Self.page))
        let xs = subpaths(ofPathIn: svg).flatMap { $0 }.map(\.x)
        #expect(xs == xs.sorted())
    }

    /// Relative steps where they are shorter, absolute points where those are, no spare separator.
    @Test func pathDataIsCompact() {
        var data = SVGPathData()
        data.move(to: (100, 100))
        data.line(to: (105, 95))
        data.line(to: (6400, 100))
        data.line(to: (6400, 105))
        data.line(to: (10, 10))
        data.line(to: (12, 10))
        data.move(to: (14, 12))
        #expect(data.text == "M100 100l5-5 6295 5 0 5L10 10l2 0m2 2")
        #expect(SVGPathData.tenths(RoutePoint(x: 12.34, y: -0.06)) == (123, -1))
    }
}

/// Douglas–Peucker's promise, on shapes made to be awkward: no dropped point is further than the
/// tolerance from the line drawn in its place, the ends stay, and what is kept keeps all of
/// itself when simplified again.
@Suite struct RouteSimplifierTests {
    static func shapes() -> [[RoutePoint]] {
        var generator = SplitMix64(seed: 7)
        var shapes: [[RoutePoint]] = []
        for count in [3, 4, 5, 9, 17, 64, 257, 1000] {
            var (x, y) = (0.0, 0.0)
            shapes.append(
                (0..<count).map { _ in
                    x += Double(generator.below(2001)) / 100 - 10
                    y += Double(generator.below(2001)) / 100 - 10
                    return RoutePoint(x: x, y: y)
                })
        }
        // Ties (a zigzag), a loop whose ends meet, a line there and back, one point over and over.
        shapes.append((0..<40).map { RoutePoint(x: Double($0), y: $0 % 2 == 0 ? 0 : 5) })
        shapes.append(
            (0...36).map { (i: Int) -> RoutePoint in
                let angle = Double(i) * .pi / 18
                return RoutePoint(x: 100 * cos(angle), y: 100 * sin(angle))
            })
        shapes.append(
            (0..<41).map { (i: Int) -> RoutePoint in
                let out = Double(20 - abs(20 - i))
                return RoutePoint(x: out * 3, y: out)
            })
        shapes.append([RoutePoint](repeating: RoutePoint(x: 3, y: 4), count: 19))
        return shapes
    }

    @Test func noDroppedPointStraysAndTheKeptStay() {
        for (number, shape) in Self.shapes().enumerated() {
            for tolerance in [0.0, 0.5, 2, 7.5] {
                let keep = RouteSimplifier.kept(shape, tolerance: tolerance)
                #expect(keep.first == true && keep.last == true)
                let kept = shape.indices.filter { keep[$0] }
                var worst = 0.0
                for (a, b) in zip(kept, kept.dropFirst()) {
                    for i in (a + 1)..<b { worst = max(worst, squaredDistance(shape[i], toSegment: shape[a], shape[b]).squareRoot()) }
                }
                #expect(worst <= tolerance + 1e-9, "shape \(number) at \(tolerance): \(worst)")
                let again = RouteSimplifier.kept(kept.map { shape[$0] }, tolerance: tolerance)
                #expect(again.allSatisfy { $0 }, "shape \(number) at \(tolerance)")
            }
        }
    }
}
