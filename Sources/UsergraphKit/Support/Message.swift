/// A sentence usergraph says to a person (an error, a note of the build), sayable in the
/// site's language.
///
/// Its `key` names the sentence in the theme's strings files (`errors.config.unknownKey`);
/// `english` is the sentence itself, used where no strings file is loaded yet (a config that
/// does not parse) or the file lacks the key, so a message is never lost. `{name}` marks a
/// place for a value: `args` holds plain values (paths, keys, numbers as the user wrote them),
/// `nested` whole messages (the reason inside "cannot read X: REASON").
///
/// To make a new message: throw `UsergraphError("errors.<area>.<what>", "English text with {value}.",
/// ["value": v])` and add the key to every `Templates/strings/*.yml` (a test checks that each
/// key used in the sources is in every strings file with the same placeholders, and that the
/// English text matches `en.yml`).
public struct Message: Sendable, Equatable, Codable, CustomStringConvertible {
    /// nil for text that is said as it is (a message not converted yet, an OS error string).
    public let key: String?
    public let english: String
    public let args: [String: String]
    public let nested: [String: Message]
    /// For a counted phrase: the number, and the English form for one (`english` is the other).
    let count: Double?
    let places: Int?
    let englishOne: String?
    /// A value written the way the language writes it (a number, a date), not a sentence.
    let value: Formatted?

    /// Values a language writes its own way: `12,345` / `12 345`, `November 20, 2026` / `20 ноября 2026 г.`.
    enum Formatted: Sendable, Equatable, Codable {
        case number(Int)
        case decimal(Double, places: Int)
        case date(String)
    }

    public init(_ key: String, _ english: String, _ args: [String: String] = [:], nested: [String: Message] = [:]) {
        self.init(key: key, english: english, args: args, nested: nested, count: nil, places: nil, one: nil, value: nil)
    }

    /// Text that has no translation: said as it is in every language.
    public static func verbatim(_ text: String) -> Message {
        Message(key: nil, english: text, args: [:], nested: [:], count: nil, places: nil, one: nil, value: nil)
    }

    /// A number with its noun, a counted phrase of the strings files (`count.pages`: "247 pages",
    /// "247 страниц"); in English without them, `one` for 1 and `other` otherwise.
    public static func count(_ key: String, _ number: Int, one: String, other: String) -> Message {
        Message(key: key, english: other, args: [:], nested: [:], count: Double(number), places: nil, one: one, value: nil)
    }

    /// A counted phrase for a number with `places` decimals (`1.5 seconds`, `1,5 секунды`).
    public static func count(_ key: String, _ number: Double, places: Int, one: String, other: String) -> Message {
        Message(key: key, english: other, args: [:], nested: [:], count: number, places: places, one: one, value: nil)
    }

    /// A whole number with the language's group separator.
    public static func number(_ value: Int) -> Message { formatted(.number(value)) }

    /// A number with exactly `places` decimals and the language's decimal mark.
    public static func decimal(_ value: Double, places: Int) -> Message { formatted(.decimal(value, places: places)) }

    /// A day as the language writes it in a sentence.
    public static func date(_ day: Day) -> Message { formatted(.date(day.iso)) }

    private static func formatted(_ value: Formatted) -> Message {
        Message(key: nil, english: "", args: [:], nested: [:], count: nil, places: nil, one: nil, value: value)
    }

    private init(key: String?, english: String, args: [String: String], nested: [String: Message], count: Double?, places: Int?,
                 one: String?, value: Formatted?) {
        self.key = key; self.english = english; self.args = args; self.nested = nested
        self.count = count; self.places = places; self.englishOne = one; self.value = value
    }

    /// The sentence in the language of `strings`, or in English without them.
    public func text(_ strings: Strings?) -> String {
        if let value { return Self.write(value, strings?.format) }
        if let count, let key {
            let places = places ?? 0
            if let strings, case .plural = strings.entry(key) {
                return places == 0 ? strings.plural(key, Int(count)) : strings.plural(key, count, places: places)
            }
            let form = count == 1 ? (englishOne ?? english) : english
            let number = places == 0 ? String(Int(count)) : Format.decimal(count, places: places)
            return Placeholders.fill(form) { $0 == "n" ? number : nil }
        }
        let pattern = key.flatMap { strings?.optionalText($0) } ?? english
        return Placeholders.fill(pattern) { name in
            args[name] ?? nested[name]?.text(strings)
        }
    }

    private static func write(_ value: Formatted, _ format: LanguageFormat?) -> String {
        switch value {
        case .number(let n): format?.number(n) ?? String(n)
        case .decimal(let x, let places): format?.number(x, places: places) ?? Format.decimal(x, places: places)
        case .date(let iso): Day(iso: iso).map { format?.date($0) ?? $0.iso } ?? iso
        }
    }

    /// The same message with every occurrence of `secret` in its values replaced, so a token a
    /// server echoed back cannot be printed in any language.
    public func redacting(_ secret: String, as replacement: String) -> Message {
        guard !secret.isEmpty else { return self }
        func clean(_ text: String) -> String { text.replacingOccurrences(of: secret, with: replacement) }
        return Message(key: key, english: clean(english), args: args.mapValues(clean),
                       nested: nested.mapValues { $0.redacting(secret, as: replacement) },
                       count: count, places: places, one: englishOne.map(clean), value: value)
    }

    /// The English sentence.
    public var description: String { text(nil) }
}

/// `{name}` places in a sentence: letters, digits, `_` and `.`, starting with a letter.
enum Placeholders {
    /// Replaces each `{name}` that `value` knows; unknown ones stay as they are, so a typo shows.
    static func fill(_ pattern: String, _ value: (String) -> String?) -> String {
        guard pattern.utf8.contains(UInt8(ascii: "{")) else { return pattern }
        var out = ""
        out.reserveCapacity(pattern.utf8.count + 16)
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), isName(rest[after..<close]), let text = value(String(rest[after..<close])) {
                out += text
                rest = rest[rest.index(after: close)...]
            } else {
                out.append("{")
                rest = rest[after...]
            }
        }
        return out + rest
    }

    /// The names of the `{name}` places in `pattern`, in order.
    static func names(_ pattern: String) -> [String] {
        var names: [String] = []
        _ = fill(pattern) { name in names.append(name); return nil }
        return names
    }

    static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") }
    }
}
