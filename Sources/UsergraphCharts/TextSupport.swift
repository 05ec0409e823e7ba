import Foundation

/// Terminal charts. Each function returns lines joined by "\n" (no trailing newline); every line
/// is at most `width` characters, and `.ascii` output is pure 7-bit ASCII.
public enum TextCharts {}

/// Glyphs per style, kept in one place so the ASCII subset is easy to audit.
struct Glyphs {
    let full: Character
    let second: Character  // the paired series' fill
    let partials: [Character]  // left-aligned eighths 1…7, empty for ASCII
    let vertical: Character
    let horizontal: Character
    let tick: Character  // y-axis row that carries a label
    let corner: Character
    let upFrom: Character  // line leaves a row going up (╯)
    let upTo: Character  // line arrives at a higher row (╭)
    let downFrom: Character  // ╮
    let downTo: Character  // ╰
    let spark: [Character]
    let heat: [Character]  // level 0…4
    let ellipsis: String

    static let unicode = Glyphs(
        full: "█", second: "▒", partials: ["▏", "▎", "▍", "▌", "▋", "▊", "▉"],
        vertical: "│", horizontal: "─", tick: "┤", corner: "└",
        upFrom: "╯", upTo: "╭", downFrom: "╮", downTo: "╰",
        spark: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
        heat: ["·", "░", "▒", "▓", "█"], ellipsis: "…")

    static let ascii = Glyphs(
        full: "#", second: "=", partials: [],
        vertical: "|", horizontal: "-", tick: "+", corner: "+",
        upFrom: "+", upTo: "+", downFrom: "+", downTo: "+",
        spark: ["_", ".", "-", "=", "+", "*", "#"],
        heat: [".", "-", "=", "*", "#"], ellipsis: "~")

    static func of(_ style: TextChartStyle) -> Glyphs { style == .ascii ? ascii : unicode }
}

enum TextKit {
    /// Makes caller text safe for the style: ASCII gets a transliteration (so Russian labels stay
    /// readable) and "?" for anything left over; both styles lose control characters and newlines,
    /// which would break the grid.
    static func clean(_ text: String, _ style: TextChartStyle) -> String {
        var source = text
        if style == .ascii, !text.unicodeScalars.allSatisfy({ $0.isASCII }) {
            source = source.replacingOccurrences(of: "—", with: "-")
                .replacingOccurrences(of: "–", with: "-")
                .replacingOccurrences(of: "…", with: "...")
            if let latin = source.applyingTransform(.toLatin, reverse: false)?
                .applyingTransform(.stripDiacritics, reverse: false)
            {
                // ICU writes the soft and hard signs as modifier primes, which are not ASCII.
                source = latin.replacingOccurrences(of: "\u{02B9}", with: "'")
                    .replacingOccurrences(of: "\u{02BA}", with: "\"")
            }
        }
        var out = ""
        out.reserveCapacity(source.utf8.count)
        for scalar in source.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out.append(" ")
            } else if style == .ascii && !scalar.isASCII {
                out.append("?")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Cuts `text` to `width` characters, marking the cut so a truncated label is not misread.
    static func truncate(_ text: String, _ width: Int, _ glyphs: Glyphs) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        let mark = glyphs.ellipsis.count <= width ? glyphs.ellipsis : ""
        return String(text.prefix(width - mark.count)) + mark
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        let n = text.count
        return n >= width ? text : text + String(repeating: " ", count: width - n)
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        let n = text.count
        return n >= width ? text : String(repeating: " ", count: width - n) + text
    }

    /// Final guard for the width promise, and trailing blanks trimmed so goldens diff cleanly.
    static func finish(_ lines: [String], width: Int) -> String {
        let w = max(1, width)
        return lines.map { line in
            var l = line.count > w ? String(line.prefix(w)) : line
            while l.last == " " { l.removeLast() }
            return l
        }.joined(separator: "\n")
    }

    /// The caller's "no data" line, cleaned and cut to the width.
    static func noData(_ text: String, width: Int, style: TextChartStyle) -> String {
        truncate(clean(text, style), max(1, width), Glyphs.of(style))
    }
}
