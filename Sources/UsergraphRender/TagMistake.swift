import Foundation
import Mustache

/// Where a template's Mustache mistake is: the tag a person has to mend, and its line. The
/// parser reports where it noticed, which for a section never closed is the end of the file
/// (`{{#nope}}` on line 9 said at line 311) and for an unfinished tag the line after it.
/// Read with the default delimiters only: a template that changes them gets the parser's place.
package struct TagMistake: Equatable {
    package var line: Int
    package var tag: String

    package static func find(in source: String, for error: Error) -> TagMistake? {
        let tags = scan(source)
        switch error as? MustacheTemplate.Error {
        case .unfinishedName?:
            return tags.unfinished
        case .expectedSectionEnd?:
            // The innermost section still open when the file ends.
            return tags.unclosed.last
        case .sectionCloseNameIncorrect?:
            return tags.wrongClose
        default:
            return nil
        }
    }

    /// What a walk over the tags finds.
    package struct Scan {
        package var unfinished: TagMistake?
        var unclosed: [TagMistake] = []
        var wrongClose: TagMistake?
    }

    package static func scan(_ source: String) -> Scan {
        var result = Scan()
        var open: [(name: Substring, mistake: TagMistake)] = []
        let bytes = Array(source.utf8)
        var line = 1
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A { line += 1; i += 1; continue }
            guard bytes[i] == 0x7B, i + 1 < bytes.count, bytes[i + 1] == 0x7B else { i += 1; continue }
            // A tag: up to the first `}}`, which must come before the next `{{` and the line's end.
            var j = i + 2
            var end: Int?
            while j + 1 < bytes.count, bytes[j] != 0x0A {
                if bytes[j] == 0x7D, bytes[j + 1] == 0x7D { end = j; break }
                if bytes[j] == 0x7B, bytes[j + 1] == 0x7B { break }
                j += 1
            }
            guard let close = end else {
                let text = String(decoding: bytes[i..<min(j, i + 60)], as: UTF8.self)
                if result.unfinished == nil { result.unfinished = TagMistake(line: line, tag: text) }
                i += 2
                continue
            }
            var tagEnd = close + 2
            if tagEnd < bytes.count, bytes[tagEnd] == 0x7D { tagEnd += 1 }  // {{{…}}}
            let text = String(decoding: bytes[i..<tagEnd], as: UTF8.self)
            let inner = Substring(String(decoding: bytes[(i + 2)..<close], as: UTF8.self)).drop { $0 == " " }
            if let sigil = inner.first, "#^$<".contains(sigil) {
                open.append((name: Self.name(inner.dropFirst()), mistake: TagMistake(line: line, tag: text)))
            } else if inner.first == "/" {
                let name = Self.name(inner.dropFirst())
                if let last = open.last, last.name == name {
                    open.removeLast()
                } else if result.wrongClose == nil {
                    result.wrongClose = TagMistake(line: line, tag: text)
                }
            }
            i = tagEnd
        }
        result.unclosed = open.map(\.mistake)
        return result
    }

    /// A section's name without spaces or its transforms' parentheses: `{{# uppercased(x) }}` is `x`.
    private static func name(_ text: Substring) -> Substring {
        var name = text.trimmingCharacters(in: .whitespaces)[...]
        if let open = name.lastIndex(of: "("), let close = name.firstIndex(of: ")"), open < close {
            name = name[name.index(after: open)..<close]
        }
        return name
    }
}
