import Foundation
import Yams

/// One language of a theme: `Templates/strings/<code>.yml`, every word the site, the terminal
/// report and the messages of the commands say in that language.
///
/// The file is YAML; nested mappings are flattened to dotted keys (`nav: {users: Users}` is
/// `nav.users`), so it may be written nested or flat. A value is one of:
/// - text: `Users`, may hold `{name}` places filled from the template's data or by the code;
/// - a counted phrase: a mapping of plural forms (`{one: "{n} workout", other: "{n} workouts"}`),
///   the forms being those the language's plural rule (`language.plural`) needs;
/// - a list: `[Mon, Tue, …]` (month and weekday names).
///
/// Every key the templates and the code use is checked when the file is loaded: a missing key
/// stops the run with the key and the file, never an empty label.
///
/// A class, read-only once loaded: every number and date a page shows holds the language, and
/// as a struct of seven collections (twenty with its format) each copy of one retained and
/// released every one of them.
package final class Strings: Sendable {
    package enum Entry: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])
        case list([String])
    }

    /// What the code needs a key to be.
    package enum Kind: Sendable, Equatable {
        case text
        case plural
        case list(count: Int)
    }

    /// A key some code or template needs, with the kind it must be.
    package struct Requirement: Sendable, Equatable {
        package let key: String
        package let kind: Kind

        package init(_ key: String, _ kind: Kind = .text) { self.key = key; self.kind = kind }
    }

    /// The language code: the file's name without `.yml` (`ru`), also the pages' `lang`.
    package let code: String
    /// The file a missing word belongs in: the site's strings file (which may not exist yet),
    /// or the built-in one for a theme without a site folder.
    package let file: String
    package let entries: [String: Entry]
    /// Prefixes of keys (`nav`, `chart.weekly`), so templates can walk `t.chart.weekly.title`.
    package let groups: Set<String>
    /// Key → `file:line` it was read from, for messages.
    let places: [String: String]
    /// Texts with `{name}` places, as Mustache templates (`{{name}}`), made once per load.
    let templates: [String: String]
    /// Numbers, dates, durations and plural forms, read from the `language.*` and `dates.*` keys.
    package let format: LanguageFormat

    // MARK: - Files

    /// The theme name of a language's strings file: `Templates/strings/ru.yml`.
    package static func name(language: String) -> String { "Templates/strings/" + language + ".yml" }

    /// The languages a theme (the site's and the built-in files) has a strings file for, sorted.
    package static func available(theme: ThemeFiles) -> [String] {
        theme.names(under: "Templates/strings").compactMap { name in
            let file = name.dropFirst("Templates/strings/".count)
            return file.hasSuffix(".yml") && !file.contains("/") ? String(file.dropLast(4)) : nil
        }
    }

    /// A language code as a file name may hold it: `en`, `ru`, `pt-BR`, `zh-Hant`.
    package static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    /// Reads and checks a language of `theme`: the built-in `strings/LANGUAGE.yml` with the
    /// site's file of that name merged over it key by key, so a site's file holds only the
    /// words its owner changed, and a word a release adds reaches it.
    package static func load(theme: ThemeFiles, language: String, require requirements: [Requirement] = []) throws -> Strings {
        let name = Strings.name(language: language)
        let sitePath = theme.sitePath(name)
        let siteFile = sitePath.flatMap { FileManager.default.contents(atPath: $0) }
        let builtIn = ThemeFiles.builtIn.file(name)
        guard siteFile != nil || builtIn != nil else {
            let known = available(theme: theme)
            throw UsergraphError(
                "errors.strings.missingFile",
                ["file": theme.place(name), "language": language, "known": known.isEmpty ? "none" : known.joined(separator: ", ")],
                kind: .usage)
        }
        func parse(_ data: Data, _ path: String) throws -> Parsed {
            guard let text = String(data: data, encoding: .utf8) else {
                throw UsergraphError("errors.strings.notUTF8", ["file": path])
            }
            return try Parsed(yaml: text, file: path)
        }
        var parsed = try builtIn.map { try parse($0.data, $0.path) } ?? Parsed()
        if let siteFile, let sitePath { parsed.merge(try parse(siteFile, sitePath)) }
        let strings = try Strings(parsed, code: language, file: sitePath ?? builtIn?.path ?? name)
        try strings.check(requirements)
        return strings
    }

    /// Parses one strings file's text; `file` is only for messages.
    package convenience init(yaml text: String, code: String, file: String) throws {
        try self.init(try Parsed(yaml: text, file: file), code: code, file: file)
    }

    private init(_ parsed: Parsed, code: String, file: String) throws {
        self.code = code
        self.file = file
        self.entries = parsed.entries
        self.groups = parsed.groups
        self.places = parsed.places
        var templates: [String: String] = [:]
        for (key, entry) in parsed.entries {
            guard case .text(let value) = entry, !Placeholders.names(value).isEmpty else { continue }
            templates[key] = Placeholders.fill(value) { "{{" + $0 + "}}" }
        }
        self.templates = templates
        self.format = try LanguageFormat(entries: parsed.entries, file: file)
    }

    /// The keys of one or more files, flattened; a later file's key replaces an earlier one's.
    private struct Parsed {
        var entries: [String: Entry] = [:]
        var groups: Set<String> = []
        var places: [String: String] = [:]

        init() {}

        init(yaml text: String, file: String) throws {
            let node: Node?
            do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
                throw UsergraphError("errors.strings.yaml", ["file": file], nested: ["problem": error.problem])
            }
            guard let node else { return }
            guard node.mapping != nil else {
                throw UsergraphError("errors.strings.notMapping", ["file": file])
            }
            var lines: [String: Int] = [:]
            try Strings.flatten(node, prefix: "", file: file, into: &entries, groups: &groups, lines: &lines)
            places = lines.mapValues { "\(file):\($0)" }
        }

        mutating func merge(_ other: Parsed) {
            entries.merge(other.entries) { $1 }
            groups.formUnion(other.groups)
            places.merge(other.places) { $1 }
        }
    }

    private static func flatten(
        _ node: Node, prefix: String, file: String, into entries: inout [String: Entry],
        groups: inout Set<String>, lines: inout [String: Int]
    ) throws {
        for (keyNode, value) in node.mapping ?? [:] {
            let name = keyNode.string ?? ""
            let key = prefix.isEmpty ? name : prefix + "." + name
            var part = ""
            for piece in key.split(separator: ".").dropLast() {
                part = part.isEmpty ? String(piece) : part + "." + piece
                groups.insert(part)
            }
            lines[key] = keyNode.mark.map { $0.line }
            switch value {
            case .scalar(let scalar):
                entries[key] = .text(scalar.string)
            case .sequence(let sequence):
                entries[key] = .list(sequence.map { $0.string ?? "" })
            case .mapping(let mapping):
                let names = mapping.keys.compactMap(\.string)
                let forms = names.compactMap(PluralCategory.init(rawValue:))
                if !names.isEmpty, forms.count == names.count {
                    var plural: [PluralCategory: String] = [:]
                    for (k, v) in mapping { if let c = k.string.flatMap(PluralCategory.init(rawValue:)) { plural[c] = v.string ?? "" } }
                    entries[key] = .plural(plural)
                } else {
                    groups.insert(key)
                    try flatten(value, prefix: key, file: file, into: &entries, groups: &groups, lines: &lines)
                }
            }
        }
    }

    /// Checks that every required key is there and of the right kind, and that every counted
    /// phrase has the forms the language's plural rule needs.
    package func check(_ requirements: [Requirement]) throws {
        for requirement in requirements {
            try check(requirement.key, requirement.kind)
        }
        let rule = format.plural
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard case .plural(let forms) = entry else { continue }
            for category in rule.categories where forms[category] == nil {
                throw UsergraphError(
                    "errors.strings.pluralForm",
                    [
                        "where": place(key), "key": key, "form": category.rawValue, "rule": rule.rawValue,
                        "forms": rule.categories.map(\.rawValue).joined(separator: ", "),
                    ])
            }
        }
    }

    func check(_ key: String, _ kind: Kind) throws {
        guard let entry = entries[key] else {
            throw UsergraphError("errors.strings.missingKey", ["file": file, "key": key])
        }
        switch (kind, entry) {
        case (.text, .text), (.plural, .plural): return
        case (.list(let count), .list(let items)) where items.count == count: return
        case (.list(let count), _):
            throw UsergraphError("errors.strings.notList", ["where": place(key), "key": key, "count": String(count)])
        case (.plural, _):
            throw UsergraphError(
                "errors.strings.notPlural", ["where": place(key), "key": key, "forms": format.plural.categories.map(\.rawValue).joined(separator: ", ")])
        case (.text, _):
            throw UsergraphError("errors.strings.notText", ["where": place(key), "key": key])
        }
    }

    /// `file:line` of a key, for messages.
    func place(_ key: String) -> String {
        places[key] ?? file
    }

    // MARK: - Lookups

    package func entry(_ key: String) -> Entry? { entries[key] }

    package func isGroup(_ key: String) -> Bool { groups.contains(key) }

    /// A text with `{name}` places as a Mustache template (`{{name}}`); nil for plain text.
    package func template(_ key: String) -> String? { templates[key] }

    /// Every key of the file, sorted (for tests and tools).
    package var keys: [String] { entries.keys.sorted() }

    /// The text of a key; a key the code forgot to require shows as `⟦key⟧`, never as nothing.
    package func text(_ key: String) -> String {
        optionalText(key) ?? "⟦\(key)⟧"
    }

    /// The text of a key with its `{name}` places filled.
    package func text(_ key: String, _ values: [String: String]) -> String {
        Placeholders.fill(text(key)) { values[$0] }
    }

    /// The text of a key, or nil when the file does not have it (optional words such as the
    /// names of workout types, and messages that fall back to English).
    package func optionalText(_ key: String) -> String? {
        if case .text(let value) = entries[key] { return value }
        return nil
    }

    /// A counted phrase for a whole number, with `{n}` written in the language's digits.
    package func plural(_ key: String, _ number: Int) -> String {
        phrase(key, format.plural.category(number), format.number(number))
    }

    /// A counted phrase for a number with decimals (`{n}` with `places` digits after the mark).
    package func plural(_ key: String, _ number: Double, places: Int) -> String {
        let rounded = (number * pow(10, Double(places))).rounded() / pow(10, Double(places))
        return phrase(key, format.plural.category(rounded), format.number(number, places: places))
    }

    func phrase(_ key: String, _ category: PluralCategory, _ number: String) -> String {
        guard case .plural(let forms) = entries[key] else { return "⟦\(key)⟧" }
        let form = forms[category] ?? forms[.other] ?? forms[.few] ?? forms[.many] ?? forms.values.first ?? ""
        return Placeholders.fill(form) { $0 == "n" ? number : nil }
    }

    package func list(_ key: String) -> [String] {
        if case .list(let items) = entries[key] { return items }
        return []
    }
}
