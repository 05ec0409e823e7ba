import Foundation
import UsergraphCore

/// Finds the `t.` keys a template names and checks them against a strings file when the theme
/// loads, so a word missing from a language stops the build with the template's line, the key
/// and the strings file, instead of rendering as nothing.
package enum TemplateKeys {
    /// One use of a key: `{{t.nav.users}}` (text) or `{{t.count.days(streak)}}` (a counted phrase).
    package struct Use: Equatable {
        package var key: String
        package var counted: Bool
        package var line: Int
        package var section: Bool
    }

    /// Every `t.` use in a template's source, with the line it is on (`firstLine` is the
    /// source's first line in its file).
    package static func uses(in source: String, firstLine: Int = 1) -> [Use] {
        let bytes = Array(source.utf8)
        let open: UInt8 = 0x7B, close: UInt8 = 0x7D, newline: UInt8 = 0x0A
        var uses: [Use] = []
        var line = firstLine
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == newline { line += 1; i += 1; continue }
            guard bytes[i] == open, bytes[i + 1] == open else { i += 1; continue }
            let tagLine = line
            var j = i + 2
            while j + 1 < bytes.count, !(bytes[j] == close && bytes[j + 1] == close) {
                if bytes[j] == newline { line += 1 }
                j += 1
            }
            guard j + 1 < bytes.count else { break }
            let tag = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            i = j + 2
            uses += keys(inTag: tag, line: tagLine)
        }
        return uses
    }

    /// The `t.` keys of one tag's inside: `#t.x`, `{t.x`, `t.count.days(streak.n)`.
    package static func keys(inTag raw: String, line: Int) -> [Use] {
        var tag = Substring(raw.trimmingCharacters(in: .whitespaces))
        if tag.hasPrefix("{") { tag = tag.dropFirst() }
        guard let kind = tag.first, !"!>%=<$/".contains(kind) else { return [] }
        let section = kind == "#" || kind == "^"
        if "#^&".contains(kind) { tag = tag.dropFirst() }
        // `a(b(c))`: transforms a and b applied to the variable c.
        let names = tag.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "(" || $0 == ")" }).map(String.init)
        return names.enumerated().compactMap { index, name in
            name.hasPrefix("t.") ? Use(key: String(name.dropFirst(2)), counted: index < names.count - 1, line: line, section: section) : nil
        }
    }

    /// Checks each use against `strings`; the first problem is an error naming the template's
    /// file and line, the key and the strings file.
    package static func check(_ source: String, path: String, firstLine: Int = 1, strings: Strings) throws {
        for use in uses(in: source, firstLine: firstLine) {
            let entry = strings.entry(use.key)
            let place = "\(path):\(use.line)"
            if entry == nil && !(use.section && strings.isGroup(use.key)) {
                throw UsergraphError("errors.theme.missingWord", ["where": place, "key": use.key, "file": strings.file])
            }
            switch (entry, use.counted) {
            case (.plural, false):
                throw UsergraphError("errors.theme.countedWithoutNumber", ["where": place, "key": use.key, "file": strings.file])
            case (.text, true), (.list, true):
                throw UsergraphError("errors.theme.numberWithoutCount", ["where": place, "key": use.key, "file": strings.file])
            default: break
            }
        }
    }
}
