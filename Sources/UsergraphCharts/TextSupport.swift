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

extension TextCharts {
    /// Caller text (a heading, a sentence of a report) made safe for the style, line by line:
    /// with `.ascii` it is transliterated to 7-bit ASCII as chart labels are, so a Russian
    /// report stays readable; no-break spaces become spaces. `.unicode` only drops control
    /// characters.
    public static func text(_ text: String, style: TextChartStyle) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextKit.clean(String($0), style) }
            .joined(separator: "\n")
    }
}

enum TextKit {
    /// Makes caller text safe for the style: ASCII gets a transliteration (Cyrillic by our own
    /// table, so Russian reads the same on every machine; other scripts through ICU when it is
    /// there) and "?" for anything left over; both styles lose control characters and newlines,
    /// which would break the grid.
    static func clean(_ text: String, _ style: TextChartStyle) -> String {
        var source = text
        if style == .ascii, !text.unicodeScalars.allSatisfy({ $0.isASCII }) {
            source = source.replacingOccurrences(of: "\u{00A0}", with: " ")
                .replacingOccurrences(of: "\u{202F}", with: " ")
                .replacingOccurrences(of: "—", with: "-")
                .replacingOccurrences(of: "–", with: "-")
                .replacingOccurrences(of: "…", with: "...")
            source = Cyrillic.latin(source)
            if !source.unicodeScalars.allSatisfy({ $0.isASCII }),
                let latin = source.applyingTransform(.toLatin, reverse: false)?
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

/// Russian (and Ukrainian, Belarusian) letters in the everyday Latin spelling of passports and
/// road signs (ya, zh, shch), written out so the result does not depend on the machine's ICU
/// data and reads naturally: "Статистика на 20 ноября" → "Statistika na 20 noyabrya".
enum Cyrillic {
    static let table: [Character: String] = {
        let lower: [Character: String] = [
            "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
            "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
            "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
            "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "w",
        ]
        var table = lower
        for (letter, latin) in lower {
            let upper = Character(String(letter).uppercased())
            table[upper] = latin.prefix(1).uppercased() + latin.dropFirst()
        }
        return table
    }()

    static func latin(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x400...0x4FF).contains($0.value) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text { if let latin = table[ch] { out += latin } else { out.append(ch) } }
        return out
    }
}
