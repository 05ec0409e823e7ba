/// Numeric helpers shared by the text and SVG charts. Everything here is locale-free on purpose:
/// `String(format:)` and formatters may follow the process locale, golden files must not.
enum Num {
    /// Replaces NaN and infinities by 0 so no chart can ever print "nan" or "inf".
    static func clean(_ x: Double) -> Double { x.isFinite ? x : 0 }

    /// Formats with exactly `decimals` digits after the point (0…6), "-0" never appears.
    static func fixed(_ x: Double, decimals: Int) -> String { format(x, decimals: decimals, trimmed: false) }

    /// Formats with up to `decimals` digits, trailing zeros dropped (for SVG coordinates).
    static func short(_ x: Double, decimals: Int = 2) -> String { format(x, decimals: decimals, trimmed: true) }

    /// `short(x)` appended to `bytes`, with no string made: a polyline's hundred points.
    static func appendShort(_ x: Double, to bytes: inout [UInt8]) {
        format(x, decimals: 2, trimmed: true) { bytes.append(contentsOf: $0) }
    }

    private static func format(_ x: Double, decimals: Int, trimmed: Bool) -> String {
        format(x, decimals: decimals, trimmed: trimmed) { String(decoding: $0, as: UTF8.self) }
    }

    /// The digits written from the last into a small buffer, and handed to `use` once:
    /// inserting the point and dropping zeros from a string were a sixth of a workout page's
    /// drawing.
    private static func format<Result>(_ x: Double, decimals: Int, trimmed: Bool, _ use: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let d = max(0, min(6, decimals))
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        // Beyond 2^53 the digits are noise anyway; clamping keeps Int64 conversion safe.
        let n = Int64(max(-9.0e15, min(9.0e15, (clean(x) * scale).rounded())))
        var magnitude = n.magnitude
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var at = buffer.count
            func put(_ byte: UInt8) {
                at -= 1
                buffer[at] = byte
            }
            var fraction = false
            for _ in 0..<d {
                let digit = UInt8(magnitude % 10)
                magnitude /= 10
                if trimmed, !fraction, digit == 0 { continue }
                fraction = true
                put(48 + digit)
            }
            if fraction { put(UInt8(ascii: ".")) }
            repeat {
                put(48 + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if n < 0 { put(UInt8(ascii: "-")) }
            return use(UnsafeBufferPointer(rebasing: buffer[at...]))
        }
    }

    /// Decimals for value labels: 0 when every value is whole, else 1, unless the caller says.
    static func decimals(for values: [Double], requested: Int?) -> Int {
        if let requested { return max(0, min(6, requested)) }
        let whole = values.allSatisfy { v in
            let c = clean(v)
            return abs(c - c.rounded()) < 1e-9
        }
        return whole ? 0 : 1
    }

    /// Averages `values` into `count` buckets of (almost) equal size; used when a series is longer
    /// than the room it has.
    static func bucket(_ values: [Double], into count: Int) -> [Double] {
        let n = values.count
        guard count > 0, n > count else { return values }
        var out: [Double] = []
        out.reserveCapacity(count)
        for c in 0..<count {
            let start = c * n / count
            let end = max(start + 1, (c + 1) * n / count)
            var sum = 0.0
            for i in start..<end { sum += values[i] }
            out.append(sum / Double(end - start))
        }
        return out
    }

    /// Stretches a short series to `count` columns by linear interpolation, so a line stays a line.
    static func spread(_ values: [Double], to count: Int) -> [Double] {
        let n = values.count
        guard count > 0, n > 0, n < count else { return values }
        if n == 1 { return Array(repeating: values[0], count: count) }
        var out: [Double] = []
        out.reserveCapacity(count)
        for c in 0..<count {
            let t = Double(c) * Double(n - 1) / Double(count - 1)
            let i = min(n - 2, Int(t))
            let f = t - Double(i)
            out.append(values[i] + (values[i + 1] - values[i]) * f)
        }
        return out
    }

    /// Fits a series to exactly `count` columns: averaged when longer, interpolated when shorter.
    static func fit(_ values: [Double], to count: Int) -> [Double] {
        values.count > count ? bucket(values, into: count) : spread(values, to: count)
    }

    /// The value range to draw; widened so that a flat series still has a non-empty range.
    static func range(_ values: [Double], includeZero: Bool) -> (lo: Double, hi: Double) {
        var lo = values.min() ?? 0
        var hi = values.max() ?? 0
        if includeZero {
            lo = min(lo, 0)
            hi = max(hi, 0)
        }
        if hi - lo < 1e-12 {
            // A flat series: all zero sits on the floor of 0…1, anything else in the middle.
            if hi == 0 { return (0, 1) }
            let pad = max(abs(hi) * 0.1, 1e-6)
            return (lo - pad, hi + pad)
        }
        return (lo, hi)
    }

    /// Heat level 0…4: 0 for nothing, then quarters of the maximum, like GitHub's calendar.
    static func heatLevel(_ value: Double, max maxValue: Double) -> Int {
        let v = clean(value)
        guard v > 0, maxValue > 0 else { return 0 }
        let q = (v / maxValue * 4).rounded(.up)
        return Int(min(4, max(1, q)))
    }
}
