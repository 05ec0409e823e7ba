import Foundation

/// The start tags of an HTML document and their attributes, read as a browser's tokenizer
/// reads them (HTML's "tokenization" section, cut to what a link checker needs): names in any
/// case, values double-quoted, single-quoted, unquoted or absent, character references left to
/// the caller; comments, doctypes and the text of `script`, `style`, `textarea` and `title`
/// are not markup. A regular expression over `href="…"` missed `src='x.png'`, `href=about/`,
/// `HREF=…` and everything a `style` holds.
package struct HTMLTokens {
    package struct StartTag {
        /// Lower-cased.
        package var name: String
        /// Lower-cased names, values as written (references not decoded); the first of a name wins.
        package var attributes: [(name: String, value: String)]

        package func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    /// What a start tag contributes, and the text of a `style` element (for its `url()`s).
    package enum Token {
        case start(StartTag)
        case styleText(String)
    }

    package static func tokens(_ html: String) -> [Token] {
        let bytes = Array(html.utf8)
        var tokens: [Token] = []
        var i = 0
        let count = bytes.count
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func starts(_ text: String, at index: Int, caseless: Bool = false) -> Bool {
            let t = Array(text.utf8)
            guard index + t.count <= count else { return false }
            for k in 0..<t.count where (caseless ? lower(bytes[index + k]) : bytes[index + k]) != t[k] { return false }
            return true
        }
        func find(_ text: String, from index: Int, caseless: Bool = false) -> Int? {
            var k = index
            while k < count {
                if starts(text, at: k, caseless: caseless) { return k }
                k += 1
            }
            return nil
        }
        while i < count {
            guard bytes[i] == 0x3C else { i += 1; continue }  // <
            if starts("<!--", at: i) {
                i = (find("-->", from: i + 4).map { $0 + 3 }) ?? count
                continue
            }
            if i + 1 < count, bytes[i + 1] == 0x21 || bytes[i + 1] == 0x3F || bytes[i + 1] == 0x2F {  // <! <? </
                i = (find(">", from: i + 1).map { $0 + 1 }) ?? count
                continue
            }
            guard i + 1 < count, isLetter(bytes[i + 1]) else { i += 1; continue }
            // A start tag: its name, then attributes to `>`.
            var j = i + 1
            var name: [UInt8] = []
            while j < count, !isSpace(bytes[j]), bytes[j] != 0x3E, bytes[j] != 0x2F {
                name.append(lower(bytes[j])); j += 1
            }
            var attributes: [(name: String, value: String)] = []
            while j < count, bytes[j] != 0x3E {
                if isSpace(bytes[j]) || bytes[j] == 0x2F { j += 1; continue }
                var attribute: [UInt8] = []
                while j < count, !isSpace(bytes[j]), bytes[j] != 0x3E, bytes[j] != 0x2F, bytes[j] != 0x3D || attribute.isEmpty {
                    attribute.append(lower(bytes[j])); j += 1
                }
                while j < count, isSpace(bytes[j]) { j += 1 }
                var value: [UInt8] = []
                if j < count, bytes[j] == 0x3D {
                    j += 1
                    while j < count, isSpace(bytes[j]) { j += 1 }
                    if j < count, bytes[j] == 0x22 || bytes[j] == 0x27 {
                        let quote = bytes[j]
                        j += 1
                        while j < count, bytes[j] != quote { value.append(bytes[j]); j += 1 }
                        j += 1
                    } else {
                        while j < count, !isSpace(bytes[j]), bytes[j] != 0x3E { value.append(bytes[j]); j += 1 }
                    }
                }
                let attributeName = String(decoding: attribute, as: UTF8.self)
                if !attributes.contains(where: { $0.name == attributeName }) {
                    attributes.append((attributeName, String(decoding: value, as: UTF8.self)))
                }
            }
            let tagName = String(decoding: name, as: UTF8.self)
            tokens.append(.start(StartTag(name: tagName, attributes: attributes)))
            i = j + 1
            // Elements whose content is text, not markup, up to their end tag.
            if ["script", "style", "textarea", "title"].contains(tagName) {
                let end = find("</" + tagName, from: i, caseless: true) ?? count
                if tagName == "style" { tokens.append(.styleText(String(decoding: bytes[min(i, end)..<end], as: UTF8.self))) }
                i = end
            }
        }
        return tokens
    }

    /// The URLs of CSS `url(…)`s, quoted or not.
    static func cssURLs(_ css: String) -> [String] {
        var urls: [String] = []
        var rest = css[...]
        while let start = rest.range(of: "url(", options: .caseInsensitive) {
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            var value = rest[..<close].trimmingCharacters(in: .whitespaces)
            if let first = value.first, first == "\"" || first == "'", value.count >= 2, value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            urls.append(value)
            rest = rest[rest.index(after: close)...]
        }
        return urls
    }
}
