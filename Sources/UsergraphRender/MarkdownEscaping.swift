import Mustache
import UsergraphCore

/// Escaping for `{{value}}` in page templates, which are Markdown that may contain raw HTML.
///
/// Characters that could start inline Markdown or HTML syntax anywhere (`& < > " ' \\ ` * _ [ ] #`)
/// become character references, which CommonMark treats as literal text and browsers decode
/// inside raw HTML, so one escaping is right in both places. Line breaks become spaces, so a
/// value can never end a block and start another; block markers (`-`, `+`, `>`, `1.`, leading
/// spaces…) only mean something at the start of a line, so they are escaped only there.
package struct MarkdownEscaping: MustacheContentType {
    package static let name = "USERGRAPH_MARKDOWN"

    package init() {}

    package func escapeText(_ text: String) -> String { MarkdownEscaping.escape(text) }

    package static func escape(_ text: String) -> String {
        let text = ControlCharacters.strip(text)
        let bytes = text.utf8
        guard let first = bytes.first else { return text }
        let leadingMarker = blockStart(bytes)
        if leadingMarker == nil, !isBlockStart(first), !needsEscaping(text) { return text }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        for b in bytes {
            defer { index += 1 }
            if index == leadingMarker || (index == 0 && isBlockStart(b)) {
                appendNumeric(b, to: &out)
                continue
            }
            switch b {
            case 38: out.append(contentsOf: Array("&amp;".utf8))
            case 60: out.append(contentsOf: Array("&lt;".utf8))
            case 62: out.append(contentsOf: Array("&gt;".utf8))
            case 34: out.append(contentsOf: Array("&quot;".utf8))
            case 10, 13, 9: out.append(32)
            default:
                if inline[Int(b)] { appendNumeric(b, to: &out) } else { out.append(b) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether any byte has an inline meaning, scanned over the contiguous UTF-8 when there is
    /// one (every value of ours): each page escapes dozens of values.
    private static func needsEscaping(_ text: String) -> Bool {
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            inline.withUnsafeBufferPointer { table in bytes.contains { table[Int($0)] } }
        }
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? text.utf8.contains { inline[Int($0)] }
    }

    private static func appendNumeric(_ b: UInt8, to out: inout [UInt8]) {
        out.append(contentsOf: [38, 35])  // "&#"
        if b >= 100 { out.append(48 + b / 100) }
        out.append(48 + (b / 10) % 10)
        out.append(48 + b % 10)
        out.append(59)  // ";"
    }

    /// Characters with an inline meaning wherever they stand.
    package static let inline: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in "&<>\"'\\`*_[]#\n\r\t".utf8 { table[Int(c)] = true }
        return table
    }()

    /// A first character that can open a block: list, quote, heading, thematic break,
    /// setext underline, fence, table, or indentation.
    static func isBlockStart(_ b: UInt8) -> Bool {
        b == 32 || b == 9 || b == 45 || b == 43 || b == 61 || b == 124 || b == 126 || b == 58 || b == 62 || b == 33
    }

    /// The index of the `.` or `)` of an ordered-list marker (`12.` / `3)`) at the start.
    static func blockStart(_ bytes: String.UTF8View) -> Int? {
        var index = 0
        for b in bytes {
            if b >= 48, b <= 57, index < 9 { index += 1; continue }
            return index > 0 && (b == 46 || b == 41) ? index : nil
        }
        return nil
    }
}

/// `{{value}}` in `layout.html` and `.html` partials: HTML escaping of `& < > " '`, as
/// swift-mustache's own HTML content type does, but over UTF-8 bytes rather than through a
/// dictionary of Characters, which cost more than the rest of the layout's rendering.
package struct HTMLEscaping: MustacheContentType {
    package static let name = "USERGRAPH_HTML"

    package init() {}

    package func escapeText(_ text: String) -> String { HTML.escape(text) }
}
