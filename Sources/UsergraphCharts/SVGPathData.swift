/// A compact SVG path's `d` text in whole tenths of a user unit, for a path drawn with
/// `transform="scale(.1)"`: one decimal of precision without writing a single decimal point,
/// which makes a route's path about a fifth shorter than "12.3"-style numbers.
///
/// Each point is written absolute or relative, whichever is shorter, with no separator before
/// a minus sign or after a command letter. Relative steps are differences of the rounded
/// tenths, so they add up exactly: the path never drifts from where the absolute points are.
struct SVGPathData {
    private(set) var text = ""
    /// The current point, in tenths.
    private var x = 0
    private var y = 0
    /// Whether a bare pair is a relative line: true after "m" or "l", false after "M" or "L".
    private var relativeMode = false
    /// Whether the last thing written is a number (then a number not starting with "-" needs a space).
    private var lastIsNumber = false

    /// A point rounded to tenths of a unit.
    static func tenths(_ p: RoutePoint) -> (x: Int, y: Int) {
        (Int((Num.clean(p.x) * 10).rounded()), Int((Num.clean(p.y) * 10).rounded()))
    }

    /// Starts a subpath at `p`.
    mutating func move(to p: (x: Int, y: Int)) {
        let absolute = (String(p.x), String(p.y))
        let relative = (String(p.x - x), String(p.y - y))
        // The first subpath must be absolute; later ones may start relative to the last point.
        // After "M" bare pairs are absolute lines, after "m" relative ones.
        if !text.isEmpty && Self.length(relative) < Self.length(absolute) {
            write(command: "m", relative)
            relativeMode = true
        } else {
            write(command: "M", absolute)
            relativeMode = false
        }
        (x, y) = p
    }

    /// A straight line from the current point to `p`.
    mutating func line(to p: (x: Int, y: Int)) {
        let relative = (String(p.x - x), String(p.y - y))
        let absolute = (String(p.x), String(p.y))
        // Staying in the current command costs at most a separator; switching costs a letter.
        let relativeCost = Self.length(relative) + (relativeMode ? separatorLength(before: relative.0) : 1)
        let absoluteCost = Self.length(absolute) + (relativeMode ? 1 : separatorLength(before: absolute.0))
        if absoluteCost < relativeCost {
            if relativeMode { write(command: "L", absolute) } else { write(absolute) }
            relativeMode = false
        } else {
            if relativeMode { write(relative) } else { write(command: "l", relative) }
            relativeMode = true
        }
        (x, y) = p
    }

    /// The length of a pair as written: two numbers and a space unless the second is negative.
    private static func length(_ pair: (String, String)) -> Int {
        pair.0.utf8.count + pair.1.utf8.count + (pair.1.utf8.first == UInt8(ascii: "-") ? 0 : 1)
    }

    private func separatorLength(before number: String) -> Int { needsSpace(before: number) ? 1 : 0 }

    private func needsSpace(before number: String) -> Bool {
        lastIsNumber && number.utf8.first != UInt8(ascii: "-")
    }

    private mutating func write(command: Character, _ pair: (String, String)) {
        text.append(command)
        lastIsNumber = false
        write(pair)
    }

    private mutating func write(_ pair: (String, String)) {
        write(number: pair.0)
        write(number: pair.1)
    }

    private mutating func write(number: String) {
        if needsSpace(before: number) { text.append(" ") }
        text += number
        lastIsNumber = true
    }
}
