import Mustache

/// Escaping for `{{value}}` in page templates, which are Markdown that may contain raw HTML.
///
/// Every character that could start Markdown or HTML syntax becomes a numeric character
/// reference. CommonMark treats references as literal text (never as markup), and inside raw
/// HTML blocks the browser decodes them, so one escaping is right in both places. Line breaks
/// become spaces so a value can never end a block and start a new one.
public struct MarkdownEscaping: MustacheContentType {
    public static let name = "USERGRAPH_MARKDOWN"

    public init() {}

    public func escapeText(_ text: String) -> String { MarkdownEscaping.escape(text) }

    public static func escape(_ text: String) -> String {
        var needs = false
        for b in text.utf8 where Self.special[Int(b)] { needs = true; break }
        if !needs { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        for b in text.utf8 {
            if Self.special[Int(b)] {
                if b == 10 || b == 13 || b == 9 { out.append(32); continue }
                out.append(contentsOf: [38, 35]) // "&#"
                if b >= 100 { out.append(48 + b / 100) }
                out.append(48 + (b / 10) % 10)
                out.append(48 + b % 10)
                out.append(59) // ";"
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ASCII punctuation with a meaning in CommonMark or HTML, plus line breaks and tabs.
    static let special: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in "&<>\"'\\`*_[](){}!#+-.=|~:\n\r\t".utf8 { table[Int(c)] = true }
        return table
    }()
}

/// HTML escaping for text and attribute values in HTML that usergraph builds itself.
public enum HTML {
    public static func escape(_ text: String) -> String {
        var needs = false
        for b in text.utf8 where b == 38 || b == 60 || b == 62 || b == 34 || b == 39 { needs = true; break }
        if !needs { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
