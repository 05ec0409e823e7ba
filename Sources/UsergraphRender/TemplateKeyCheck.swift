import Mustache
import UsergraphCore
import UsergraphPages

/// Checks every name a theme's templates use against the keys their page provides (`PageKeys`),
/// since Mustache renders a name it cannot find as nothing: `{{owner.nmae}}` would be an empty
/// space on the page and nowhere else. Names are resolved as Mustache resolves them: inside a
/// section, first among the keys of the section's value (a list's item), then outwards.
///
/// The `t.` names are the strings file's, checked when the theme loads (`TemplateKeys`); here
/// only the `{name}` places of the texts they name, which are filled from the page's keys. It also
/// checks that HTML keys are inserted with three braces and data texts with two, since either slip
/// shows markup as text or lets data's markup into the page.
///
/// The layout and a partial serve several pages, and may use a key only some of them have (the
/// repository card shows `starredOn` on the starred page): their names are problems only where
/// no page that renders them provides them.
package struct TemplateKeyCheck {
    package struct Problem: Hashable, Sendable, CustomStringConvertible {
        package enum Kind: Hashable, Sendable {
            case unknown
            /// A `{name}` place of the text `t.<words>` in the strings file `file`.
            case unknownInWords(words: String, file: String)
            case htmlAsText
            case textAsHTML
        }

        package let kind: Kind
        package let path: String
        package let line: Int
        package let key: String

        package var message: Message {
            let place = ["where": "\(path):\(line)", "key": key]
            return switch kind {
            case .unknown: Message("notes.templateKeys.unknown", place)
            case .unknownInWords(let words, let file):
                Message("notes.templateKeys.unknownInWords", place.merging(["words": words, "file": file]) { a, _ in a })
            case .htmlAsText: Message("notes.templateKeys.htmlAsText", place)
            case .textAsHTML: Message("notes.templateKeys.textAsHTML", place)
            }
        }

        package var description: String { message.description }
    }

    package let theme: Theme
    /// A page template's name → its keys; a page without keys here is not checked.
    package let pages: [String: TemplateSchema]
    package let assets: PublicAssets

    package init(theme: Theme, assets: PublicAssets, pages: [String: TemplateSchema] = PageKeys.pages) {
        self.theme = theme; self.assets = assets; self.pages = pages
    }

    /// Every problem, by file and line.
    package func problems() -> [Problem] {
        var found = Findings()
        for (name, keys) in pages.sorted(by: { $0.key < $1.key }) {
            guard let page = theme.pages[name] else { continue }
            var own = Set<Problem>()
            check(page.title.tags, File(path: page.path, firstLine: page.lines.title), scopes: [keys], into: &own, &found)
            if let description = page.description {
                check(description.tags, File(path: page.path, firstLine: page.lines.description), scopes: [keys], into: &own, &found)
            }
            check(page.body.tags, File(path: page.path, firstLine: page.lines.body), scopes: [keys], into: &own, &found)
            found.own.formUnion(own)
            var layout = Set<Problem>()
            let layoutKeys = PageKeys.layout(page: keys, assets: assets.keys)
            check(theme.layout.tags, File(path: theme.layoutPath, firstLine: 1), scopes: [layoutKeys], into: &layout, &found)
            found.shared[theme.layoutPath, default: []].append(layout)
        }
        var all = found.own
        for runs in found.shared.values {
            guard let first = runs.first else { continue }
            all.formUnion(runs.dropFirst().reduce(first) { $0.intersection($1) })
        }
        return all.sorted { ($0.path, $0.line, $0.key) < ($1.path, $1.line, $1.key) }
    }

    private struct File {
        let path: String
        /// The file's line of the template's first line.
        let firstLine: Int
    }

    private struct Findings {
        /// In templates of one page.
        var own = Set<Problem>()
        /// Shared template's file → its problems each time it was checked.
        var shared: [String: [Set<Problem>]] = [:]
        /// The partials being checked, innermost last: a partial that includes itself stops there.
        var including: [String] = []
    }

    /// `scopes`: the keys of the page and of each section the tags are in, innermost last.
    private func check(
        _ tags: [MustacheTemplate.Tag], _ file: File, scopes: [TemplateSchema],
        into problems: inout Set<Problem>, _ found: inout Findings
    ) {
        for tag in tags {
            let line = (tag.line ?? 1) + file.firstLine - 1
            func problem(_ kind: Problem.Kind, _ key: String) {
                problems.insert(Problem(kind: kind, path: file.path, line: line, key: key))
            }
            switch tag.kind {
            case .partial:
                if let partial = theme.library.getTemplate(named: tag.name), let path = theme.partials[tag.name],
                    !found.including.contains(tag.name)
                {
                    found.including.append(tag.name)
                    var inPartial = Set<Problem>()
                    check(partial.tags, File(path: path, firstLine: 1), scopes: scopes, into: &inPartial, &found)
                    found.shared[path, default: []].append(inPartial)
                    found.including.removeLast()
                }
                check(tag.children, file, scopes: scopes, into: &problems, &found)
            case .dynamicPartial, .block:
                if tag.kind == .dynamicPartial, case .unknown = Self.lookup(tag.name, in: scopes) { problem(.unknown, tag.name) }
                check(tag.children, file, scopes: scopes, into: &problems, &found)
            case .variable, .unescapedVariable, .section, .invertedSection:
                var inside: TemplateSchema = [:]
                switch Self.lookup(tag.name, in: scopes) {
                case .unknown:
                    problem(.unknown, tag.name)
                case .words(let key):
                    guard tag.kind != .section, tag.transforms.isEmpty, let text = theme.strings.template(key),
                        let words = try? MustacheTemplate(string: text)
                    else { break }
                    for place in words.tags {
                        if case .unknown = Self.lookup(place.name, in: scopes) { problem(.unknownInWords(words: key, file: theme.strings.file), place.name) }
                    }
                case .found(let value):
                    inside = value.keys
                    switch (tag.kind, value) {
                    case (.variable, .html): problem(.htmlAsText, tag.name)
                    case (.unescapedVariable, .text): problem(.textAsHTML, tag.name)
                    default: break
                    }
                case .unchecked:
                    break
                }
                // A section renders its tags with its value on top of the stack; an inverted one
                // renders them only when there is no value.
                let nested = tag.kind == .section ? scopes + [inside] : scopes
                check(tag.children, file, scopes: nested, into: &problems, &found)
            }
        }
    }

    package enum Lookup {
        case found(TemplateSchema.Value)
        /// `t.<key>`: a word of the strings file.
        case words(String)
        case unknown
        /// `.` (the current item) or a sequence's own transform (`{{#first()}}`): nothing to check.
        case unchecked
    }

    /// What `name` finds among `scopes`, as Mustache looks it up: its first part in the innermost
    /// scope that has it (only the innermost for `.name`), each further part inside that.
    static func lookup(_ name: String, in scopes: [TemplateSchema]) -> Lookup {
        let parts = name.split(separator: ".").map(String.init)
        guard name != ".", let first = parts.first else { return .unchecked }
        // `t` is the words in every template (`Theme.render`), never a page's key.
        if name == "t" { return .unchecked }
        if first == "t", !name.hasPrefix(".") { return .words(parts.dropFirst().joined(separator: ".")) }
        // `on` is the sections shown, `units` their words, in every template (`Theme.render`).
        if first == "on", !name.hasPrefix(".") {
            guard parts.count > 1 else { return .found(.object(PageKeys.on)) }
            return parts.count == 2 && PageKeys.on[parts[1]] != nil ? .found(.flag) : .unknown
        }
        if first == "units", !name.hasPrefix(".") {
            guard parts.count > 1 else { return .found(.object(PageKeys.units)) }
            return parts.count == 2 && PageKeys.units[parts[1]] != nil ? .found(.text) : .unknown
        }
        let candidates = name.hasPrefix(".") ? Array(scopes.suffix(1)) : scopes
        guard var value = candidates.reversed().lazy.compactMap({ $0[first] }).first else { return .unknown }
        for part in parts.dropFirst() {
            guard let next = value.keys[part] else { return .unknown }
            value = next
        }
        return .found(value)
    }
}
