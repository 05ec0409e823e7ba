import Foundation

/// Finds the `t.` keys a template names and checks them against a strings file when the theme
/// loads, so a word missing from a language stops the build with the template's line, the key
/// and the strings file, instead of rendering as nothing.
enum TemplateKeys {
    /// One use of a key: `{{t.nav.users}}` (text) or `{{t.count.days(streak)}}` (a counted phrase).
    struct Use: Equatable {
        var key: String
        var counted: Bool
        var line: Int
        var section: Bool
    }

    /// Every `t.` use in a template's source, with the line it is on (`firstLine` is the
    /// source's first line in its file).
    static func uses(in source: String, firstLine: Int = 1) -> [Use] {
        var uses: [Use] = []
        var line = firstLine
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            var tag = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            line += rest[..<close.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            rest = rest[close.upperBound...]
            if tag.hasPrefix("{") { tag.removeFirst() }
            guard let kind = tag.first else { continue }
            if "!>%=<$".contains(kind) { continue }
            let section = kind == "#" || kind == "^"
            if "#^/&".contains(kind) { tag.removeFirst() }
            if kind == "/" { continue }
            // `a(b(c))`: transforms a and b applied to the variable c.
            let names = tag.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "(" || $0 == ")" }).map(String.init)
            for (index, name) in names.enumerated() where name.hasPrefix("t.") {
                uses.append(Use(key: String(name.dropFirst(2)), counted: index < names.count - 1, line: line, section: section))
            }
        }
        return uses
    }

    /// Checks each use against `strings`; the first problem is an error naming the template's
    /// file and line, the key and the strings file.
    static func check(_ source: String, path: String, firstLine: Int = 1, strings: Strings) throws {
        for use in uses(in: source, firstLine: firstLine) {
            let entry = strings.entry(use.key)
            let place = "\(path):\(use.line)"
            if entry == nil && !(use.section && strings.isGroup(use.key)) {
                throw UsergraphError("errors.theme.missingWord", "{where}: `t.{key}` is not in {file}; add it there.",
                                     ["where": place, "key": use.key, "file": strings.file])
            }
            switch (entry, use.counted) {
            case (.plural, false):
                throw UsergraphError("errors.theme.countedWithoutNumber",
                                     "{where}: `t.{key}` is a counted phrase in {file}; say it with its number, as {{t.{key}(number)}}.",
                                     ["where": place, "key": use.key, "file": strings.file])
            case (.text, true), (.list, true):
                throw UsergraphError("errors.theme.numberWithoutCount",
                                     "{where}: `t.{key}(…)` needs a counted phrase in {file} (a mapping of plural forms), not a text.",
                                     ["where": place, "key": use.key, "file": strings.file])
            default: break
            }
        }
    }
}
