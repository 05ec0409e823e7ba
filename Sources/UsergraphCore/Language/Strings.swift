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
public struct Strings: Sendable {
    public enum Entry: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])
        case list([String])
    }

    /// What the code needs a key to be.
    public enum Kind: Sendable, Equatable {
        case text
        case plural
        case list(count: Int)
    }

    /// A key some code or template needs, with the kind it must be.
    public struct Requirement: Sendable, Equatable {
        public let key: String
        public let kind: Kind

        public init(_ key: String, _ kind: Kind = .text) { self.key = key; self.kind = kind }
    }

    /// The language code: the file's name without `.yml` (`ru`), also the pages' `lang`.
    public let code: String
    public let file: String
    public let entries: [String: Entry]
    /// Prefixes of keys (`nav`, `chart.weekly`), so templates can walk `t.chart.weekly.title`.
    public let groups: Set<String>
    let lines: [String: Int]
    /// Texts with `{name}` places, as Mustache templates (`{{name}}`), made once per load.
    let templates: [String: String]
    /// Numbers, dates, durations and plural forms, read from the `language.*` and `dates.*` keys.
    public let format: LanguageFormat

    // MARK: - Files

    /// The folder of a theme's strings files.
    public static func folder(templates: String) -> String { templates + "/strings" }

    public static func path(templates: String, language: String) -> String {
        folder(templates: templates) + "/" + language + ".yml"
    }

    /// The languages a theme has a strings file for, sorted.
    public static func available(templates: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(templates: templates))) ?? []
        return names.filter { $0.hasSuffix(".yml") && !$0.hasPrefix(".") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// A language code as a file name may hold it: `en`, `ru`, `pt-BR`, `zh-Hant`.
    public static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    /// Reads and checks `TEMPLATES/strings/LANGUAGE.yml`.
    public static func load(templates: String, language: String, require requirements: [Requirement] = []) throws -> Strings {
        let file = path(templates: templates, language: language)
        guard let data = FileManager.default.contents(atPath: file) else {
            let known = available(templates: templates)
            throw UsergraphError("errors.strings.missingFile", ["file": file, "language": language, "known": known.isEmpty ? "none" : known.joined(separator: ", ")],
                                 kind: .usage)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsergraphError("errors.strings.notUTF8", ["file": file])
        }
        let strings = try Strings(yaml: text, code: language, file: file)
        try strings.check(requirements)
        return strings
    }

    /// Parses a strings file's text; `file` is only for messages.
    public init(yaml text: String, code: String, file: String) throws {
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw UsergraphError("errors.strings.yaml", ["file": file], nested: ["problem": error.problem])
        }
        var entries: [String: Entry] = [:]
        var groups: Set<String> = []
        var lines: [String: Int] = [:]
        if let node {
            guard node.mapping != nil else {
                throw UsergraphError("errors.strings.notMapping", ["file": file])
            }
            try Strings.flatten(node, prefix: "", file: file, into: &entries, groups: &groups, lines: &lines)
        }
        self.code = code
        self.file = file
        self.entries = entries
        self.groups = groups
        self.lines = lines
        var templates: [String: String] = [:]
        for (key, entry) in entries {
            guard case .text(let value) = entry, !Placeholders.names(value).isEmpty else { continue }
            templates[key] = Placeholders.fill(value) { "{{" + $0 + "}}" }
        }
        self.templates = templates
        self.format = try LanguageFormat(entries: entries, file: file)
    }

    private static func flatten(_ node: Node, prefix: String, file: String, into entries: inout [String: Entry],
                                groups: inout Set<String>, lines: inout [String: Int]) throws {
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
    public func check(_ requirements: [Requirement]) throws {
        for requirement in requirements {
            try check(requirement.key, requirement.kind)
        }
        let rule = format.plural
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard case .plural(let forms) = entry else { continue }
            for category in rule.categories where forms[category] == nil {
                throw UsergraphError("errors.strings.pluralForm", ["where": place(key), "key": key, "form": category.rawValue, "rule": rule.rawValue,
                                      "forms": rule.categories.map(\.rawValue).joined(separator: ", ")])
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
            throw UsergraphError("errors.strings.notPlural", ["where": place(key), "key": key, "forms": format.plural.categories.map(\.rawValue).joined(separator: ", ")])
        case (.text, _):
            throw UsergraphError("errors.strings.notText", ["where": place(key), "key": key])
        }
    }

    /// `file:line` of a key, for messages.
    func place(_ key: String) -> String {
        lines[key].map { "\(file):\($0)" } ?? file
    }

    // MARK: - Lookups

    public func entry(_ key: String) -> Entry? { entries[key] }

    public func isGroup(_ key: String) -> Bool { groups.contains(key) }

    /// A text with `{name}` places as a Mustache template (`{{name}}`); nil for plain text.
    public func template(_ key: String) -> String? { templates[key] }

    /// Every key of the file, sorted (for tests and tools).
    public var keys: [String] { entries.keys.sorted() }

    /// The text of a key; a key the code forgot to require shows as `⟦key⟧`, never as nothing.
    public func text(_ key: String) -> String {
        optionalText(key) ?? "⟦\(key)⟧"
    }

    /// The text of a key with its `{name}` places filled.
    public func text(_ key: String, _ values: [String: String]) -> String {
        Placeholders.fill(text(key)) { values[$0] }
    }

    /// The text of a key, or nil when the file does not have it (optional words such as the
    /// names of workout types, and messages that fall back to English).
    public func optionalText(_ key: String) -> String? {
        if case .text(let value) = entries[key] { return value }
        return nil
    }

    /// A counted phrase for a whole number, with `{n}` written in the language's digits.
    public func plural(_ key: String, _ number: Int) -> String {
        phrase(key, format.plural.category(number), format.number(number))
    }

    /// A counted phrase for a number with decimals (`{n}` with `places` digits after the mark).
    public func plural(_ key: String, _ number: Double, places: Int) -> String {
        let rounded = (number * pow(10, Double(places))).rounded() / pow(10, Double(places))
        return phrase(key, format.plural.category(rounded), format.number(number, places: places))
    }

    func phrase(_ key: String, _ category: PluralCategory, _ number: String) -> String {
        guard case .plural(let forms) = entries[key] else { return "⟦\(key)⟧" }
        let form = forms[category] ?? forms[.other] ?? forms[.few] ?? forms[.many] ?? forms.values.first ?? ""
        return Placeholders.fill(form) { $0 == "n" ? number : nil }
    }

    public func list(_ key: String) -> [String] {
        if case .list(let items) = entries[key] { return items }
        return []
    }
}
