/// Douglas–Peucker line simplification in the picture's coordinates: keeps what the picture can
/// show and drops the rest (a one-hour run at 1 Hz is 3,600 points; at 640 × 400 a few hundred
/// of them make the same picture). Iterative with its own stack of ranges, so a 500,000-point
/// track cannot overflow the call stack.
enum RouteSimplifier {
    /// The points to keep: the first, the last and enough between them that no dropped point
    /// is further than `tolerance` from the line drawn in its place. Douglas–Peucker: keeps the
    /// point furthest from the line between a range's ends while it is further than
    /// `tolerance`, then does the same for the two halves.
    ///
    /// Distances are to the segment, not to its infinite line, so the far end of an
    /// out-and-back route is kept even though it lies on the line back.
    static func simplify(_ points: [RoutePoint], tolerance: Double) -> [RoutePoint] {
        let keep = kept(points, tolerance: tolerance)
        var kept: [RoutePoint] = []
        for i in points.indices where keep[i] { kept.append(points[i]) }
        return kept
    }

    /// Which of `points` `simplify` keeps, one flag per point.
    ///
    /// Simplifying what this keeps again, at the same tolerance and in the same coordinates,
    /// keeps all of it: each range's furthest point is among the kept ones, and a range that
    /// kept none has none to find. So a route thinned once can be drawn again at no cost.
    static func kept(_ points: [RoutePoint], tolerance: Double) -> [Bool] {
        let n = points.count
        guard n > 2 else { return [Bool](repeating: true, count: n) }
        let limit = tolerance * tolerance
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        var ranges: [(first: Int, last: Int)] = [(0, n - 1)]
        points.withUnsafeBufferPointer { p in
            while let (first, last) = ranges.popLast() {
                guard last - first > 1 else { continue }
                let segment = Segment(p[first], p[last])
                var worst = 0.0
                var worstIndex = first
                for i in (first + 1)..<last {
                    let d = segment.scaledDistance(to: p[i])
                    if d > worst {
                        worst = d
                        worstIndex = i
                    }
                }
                guard worst > limit * segment.scale else { continue }
                keep[worstIndex] = true
                ranges.append((first, worstIndex))
                ranges.append((worstIndex, last))
            }
        }
        return keep
    }

    /// A segment with what every distance to it needs worked out once: a range of a one-hour
    /// run measures some 3,600 points against the same segment.
    private struct Segment {
        let a: RoutePoint
        let dx: Double, dy: Double, length: Double

        init(_ a: RoutePoint, _ b: RoutePoint) {
            self.a = a
            dx = b.x - a.x
            dy = b.y - a.y
            length = dx * dx + dy * dy
        }

        /// The squared distance from a point to the segment times `scale`, so without a
        /// division: the points of a range are compared by it, and without a division a point
        /// the simplification takes about a third less time. The nearest point of a segment of
        /// length 0 is its end, so there it is the distance itself.
        var scale: Double { length > 0 ? length : 1 }

        @inline(__always)
        func scaledDistance(to p: RoutePoint) -> Double {
            let qx = p.x - a.x, qy = p.y - a.y
            let along = qx * dx + qy * dy
            // Before the start, past the end, or beside the segment (the cross product, squared).
            if along <= 0 || length == 0 { return (qx * qx + qy * qy) * scale }
            if along >= length {
                let rx = qx - dx, ry = qy - dy
                return (rx * rx + ry * ry) * length
            }
            let cross = qx * dy - qy * dx
            return cross * cross
        }
    }
}
