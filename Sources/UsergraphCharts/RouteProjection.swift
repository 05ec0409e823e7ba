import Foundation

/// A point of a drawn route in the picture's own user units (y grows downwards).
struct RoutePoint: Equatable {
    var x: Double
    var y: Double
}

/// A route's positions in Web Mercator (radians, y negated so north is up), worked out once
/// for every picture drawn of it (the route and its thumbnail): the logarithm and tangent of
/// each sample were a tenth of a full build's drawing when each picture projected its own.
/// Only the pictures' box coordinates are ever written out; these never are.
public struct MercatorRoute: Sendable {
    /// NaN where the sample has no position.
    let xs: [Double]
    let ys: [Double]
    let minX: Double, maxX: Double, minY: Double, maxY: Double

    /// Web Mercator is undefined at the poles; this is the latitude where its square world ends.
    static let latitudeLimit = 85.051_128_78

    /// Nil when no sample has a position.
    /// - Parameters:
    ///   - latitudes, longitudes: degrees, one pair per sample; NaN (or anything outside
    ///     ±90 / ±180) is a sample without a position. Extra values of the longer array are ignored.
    public init?(latitudes: [Double], longitudes: [Double]) {
        let count = min(latitudes.count, longitudes.count)
        // Longitudes are unwrapped, so a route across the antimeridian stays one route rather
        // than spanning the whole world.
        var xs = [Double](repeating: .nan, count: count)
        var ys = [Double](repeating: .nan, count: count)
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        var previousLongitude: Double?
        var wrap = 0.0
        var series: MercatorSeries?
        for i in 0..<count {
            let lat = latitudes[i]
            var lon = longitudes[i]
            guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { continue }
            if let previous = previousLongitude {
                if lon + wrap - previous > 180 { wrap -= 360 } else if lon + wrap - previous < -180 { wrap += 360 }
            }
            lon += wrap
            previousLongitude = lon
            // Multiplied by π / 180 rather than divided by 180 after: a division a coordinate.
            let phi = max(-Self.latitudeLimit, min(Self.latitudeLimit, lat)) * (.pi / 180)
            let x = lon * (.pi / 180)
            if series == nil { series = MercatorSeries(around: phi) }
            // Negated: north is up, and SVG's y grows downwards.
            let y = series?.y(phi) ?? -log(tan(.pi / 4 + phi / 2))
            xs[i] = x
            ys[i] = y
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        guard minX.isFinite else { return nil }
        self.init(xs: xs, ys: ys, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }

    private init(xs: [Double], ys: [Double], minX: Double, maxX: Double, minY: Double, maxY: Double) {
        self.xs = xs
        self.ys = ys
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    /// The route with only the samples its picture at `width` × `height` keeps (`RouteShape`),
    /// in the same box: drawn at that size it is the same picture, to the byte. A smaller
    /// picture of it (a list's thumbnail) strays from the full route by at most its own
    /// tolerance plus this one scaled down to it. Thinned once, a one-hour run's thumbnail is
    /// simplified from a few hundred points instead of 3,600.
    public func thinned(width: Double, height: Double, padding: Double) -> MercatorRoute {
        let projection = RouteProjection(self, width: max(1, Num.clean(width)), height: max(1, Num.clean(height)), padding: padding)
        var keptX: [Double] = [], keptY: [Double] = []
        for (run, first) in zip(projection.runs, projection.runStarts) {
            // A gap stays a gap.
            if !keptX.isEmpty {
                keptX.append(.nan)
                keptY.append(.nan)
            }
            for (offset, keep) in RouteSimplifier.kept(run, tolerance: RouteShape.tolerance).enumerated() where keep {
                keptX.append(xs[first + offset])
                keptY.append(ys[first + offset])
            }
        }
        // The box stays the whole route's, so the picture is fitted as before.
        return MercatorRoute(xs: keptX, ys: keptY, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }
}

/// Web Mercator's y (negated, as `MercatorRoute` keeps it) near one latitude, from its Taylor
/// series: y′ = sec φ, and four more derivatives. A route stays within a few kilometres of its
/// first position nearly all the time, and the logarithm and tangent each sample took were
/// 3.5 % of a full build; with the polynomial the whole projection is 1.5 %. Within `reach`
/// of that latitude the sixth term, the first left out, is under 2·10⁻¹² radians up to 70°: a
/// few millionths of a pixel on a route 640 pixels across. Further away, and nearer the poles,
/// `y` says nil and the caller uses the formula.
struct MercatorSeries {
    let phi0: Double
    let y0: Double
    let c1: Double, c2: Double, c3: Double, c4: Double, c5: Double

    /// Radians of latitude either side of `phi0` (about 30 km).
    static let reach = 0.005

    /// Nil beyond 70° (in radians), where the terms grow too fast.
    init?(around phi: Double) {
        guard abs(phi) <= 70 * .pi / 180 else { return nil }
        let s = 1 / cos(phi), t = tan(phi)
        let s2 = s * s, t2 = t * t
        phi0 = phi
        y0 = -log(tan(.pi / 4 + phi / 2))
        c1 = s
        c2 = s * t / 2
        c3 = s * (t2 + s2) / 6
        c4 = s * t * (t2 + 5 * s2) / 24
        c5 = s * (t2 * t2 + 18 * s2 * t2 + 5 * s2 * s2) / 120
    }

    @inline(__always)
    func y(_ phi: Double) -> Double? {
        let d = phi - phi0
        guard abs(d) <= Self.reach else { return nil }
        return y0 - d * (c1 + d * (c2 + d * (c3 + d * (c4 + d * c5))))
    }
}

/// A route fitted to a box: the scale keeps the aspect ratio (Mercator is conformal, so a
/// street corner stays square) and the route is centred.
struct RouteProjection {
    /// The gap-free runs of the route, in order; a sample without a position ends a run.
    let runs: [[RoutePoint]]
    /// The sample each run starts at: its points are that sample and the ones after it.
    let runStarts: [Int]
    /// The first and the last sample with a position.
    let start: RoutePoint
    let end: RoutePoint

    /// Projects and fits; nil when no sample has a position.
    init?(latitudes: [Double], longitudes: [Double], width: Double, height: Double, padding: Double) {
        guard let mercator = MercatorRoute(latitudes: latitudes, longitudes: longitudes) else { return nil }
        self.init(mercator, width: width, height: height, padding: padding)
    }

    /// Fits to `width` × `height`, with `padding` kept clear on every side, so markers and the
    /// stroke's width stay inside.
    init(_ mercator: MercatorRoute, width: Double, height: Double, padding: Double) {
        let xs = mercator.xs, ys = mercator.ys
        let count = xs.count
        let minX = mercator.minX, maxX = mercator.maxX, minY = mercator.minY, maxY = mercator.maxY
        let w = max(1, Num.clean(width))
        let h = max(1, Num.clean(height))
        let pad = max(0, min(Num.clean(padding), w / 2, h / 2))
        // A side with no extent (a single point, a route due north) sets no scale; with
        // neither, the point sits in the middle at scale 0 rather than dividing by zero.
        let spanX = maxX - minX
        let spanY = maxY - minY
        let scaleX = spanX > 0 ? (w - 2 * pad) / spanX : .infinity
        let scaleY = spanY > 0 ? (h - 2 * pad) / spanY : .infinity
        var scale = min(scaleX, scaleY)
        if !scale.isFinite { scale = 0 }
        let midX = (minX + maxX) / 2
        let midY = (minY + maxY) / 2

        var runs: [[RoutePoint]] = []
        var runStarts: [Int] = []
        var run: [RoutePoint] = []
        var first: RoutePoint?
        var last = RoutePoint(x: w / 2, y: h / 2)
        for i in 0..<count {
            guard xs[i].isFinite else {
                if !run.isEmpty { runs.append(run) }
                run = []
                continue
            }
            let p = RoutePoint(x: w / 2 + (xs[i] - midX) * scale, y: h / 2 + (ys[i] - midY) * scale)
            if first == nil { first = p }
            last = p
            if run.isEmpty {
                runStarts.append(i)
                // Room for the rest of the route at once: nearly every route is one run.
                run.reserveCapacity(count - i)
            }
            run.append(p)
        }
        if !run.isEmpty { runs.append(run) }
        self.runs = runs
        self.runStarts = runStarts
        self.start = first ?? last
        self.end = last
    }
}
