/// A sentence usergraph says to a person (an error, a note of the build), sayable in the
/// site's language.
///
/// Its `key` names the sentence in the theme's strings files (`errors.config.unknownKey`).
/// The words live there only: English in `en.yml`, which ships in the package
/// (`DefaultTheme`), so a message said before any strings file is loaded (a config that does
/// not parse) or with a theme that lacks the key is said in the bundled English, and a
/// message is never lost. `{name}` marks a place for a value: `args` holds plain values (paths,
/// keys, numbers as the user wrote them), `nested` whole messages (the reason inside "cannot
/// read X: REASON").
///
/// To make a new message: throw `UsergraphError("errors.<area>.<what>", ["value": v])` and add
/// the key to every `Templates/strings/*.yml` (a test checks that each key used in the sources
/// is in every strings file with the same placeholders as in en.yml).
package struct Message: Sendable, Equatable, Codable, CustomStringConvertible {
    /// nil for text that is said as it is (an OS error string, a value).
    package let key: String?
    /// The text of a message said as it is; empty for one with a key.
    let plain: String
    let args: [String: String]
    package let nested: [String: Message]
    /// For a counted phrase: the number, and its decimals.
    let count: Double?
    let places: Int?
    /// A value written the way the language writes it (a number, a date), not a sentence.
    let value: Formatted?

    /// Values a language writes its own way: `12,345` / `12 345`, `November 20, 2026` / `20 ноября 2026 г.`.
    enum Formatted: Sendable, Equatable, Codable {
        case number(Int)
        case decimal(Double, places: Int)
        case date(String)
    }

    package init(_ key: String, _ args: [String: String] = [:], nested: [String: Message] = [:]) {
        self.init(key: key, plain: "", args: args, nested: nested, count: nil, places: nil, value: nil)
    }

    /// Text that has no translation: said as it is in every language.
    package static func verbatim(_ text: String) -> Message {
        Message(key: nil, plain: text, args: [:], nested: [:], count: nil, places: nil, value: nil)
    }

    /// A number with its noun, a counted phrase of the strings files (`count.pages`: "247 pages",
    /// "247 страниц").
    package static func count(_ key: String, _ number: Int) -> Message {
        Message(key: key, plain: "", args: [:], nested: [:], count: Double(number), places: nil, value: nil)
    }

    /// A counted phrase for a number with `places` decimals (`1.5 seconds`, `1,5 секунды`).
    package static func count(_ key: String, _ number: Double, places: Int) -> Message {
        Message(key: key, plain: "", args: [:], nested: [:], count: number, places: places, value: nil)
    }

    /// A whole number with the language's group separator.
    package static func number(_ value: Int) -> Message { formatted(.number(value)) }

    /// A number with exactly `places` decimals and the language's decimal mark.
    package static func decimal(_ value: Double, places: Int) -> Message { formatted(.decimal(value, places: places)) }

    /// A day as the language writes it in a sentence.
    package static func date(_ day: Day) -> Message { formatted(.date(day.iso)) }

    private static func formatted(_ value: Formatted) -> Message {
        Message(key: nil, plain: "", args: [:], nested: [:], count: nil, places: nil, value: value)
    }

    private init(
        key: String?, plain: String, args: [String: String], nested: [String: Message], count: Double?, places: Int?,
        value: Formatted?
    ) {
        self.key = key; self.plain = plain; self.args = args; self.nested = nested
        self.count = count; self.places = places; self.value = value
    }

    /// The sentence in the language of `strings`, or in English without them (or where they
    /// lack the key).
    package func text(_ strings: Strings?) -> String {
        if let value { return Self.write(value, (strings ?? Strings.english)?.format) }
        guard let key else { return plain }
        guard let words = [strings, Strings.english].lazy.compactMap({ $0 }).first(where: { $0.entry(key) != nil }) else {
            // Only a package without its theme gets here: say the key and its values rather than nothing.
            let values =
                args.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                + nested.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text(strings))" }
            return values.isEmpty ? key : key + " (" + values.joined(separator: "; ") + ")"
        }
        if let count {
            let places = places ?? 0
            if case .plural = words.entry(key) {
                return places == 0 ? words.plural(key, Int(count)) : words.plural(key, count, places: places)
            }
        }
        return Placeholders.fill(words.text(key)) { name in
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
    package func redacting(_ secret: String, as replacement: String) -> Message {
        guard !secret.isEmpty else { return self }
        func clean(_ text: String) -> String { text.replacingOccurrences(of: secret, with: replacement) }
        return Message(
            key: key, plain: clean(plain), args: args.mapValues(clean),
            nested: nested.mapValues { $0.redacting(secret, as: replacement) },
            count: count, places: places, value: value)
    }

    /// The English sentence.
    package var description: String { text(nil) }
}

extension Strings {
    /// The English of the built-in theme: the words of every message said without a site's
    /// strings (nil only in a binary whose theme lost its English).
    static let english: Strings? = try? Strings.load(theme: .builtIn, language: "en")
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

    /// A pattern cut once at its places, to fill many times (a date on every row of a list):
    /// `fill(value)` gives what `Placeholders.fill` gives with a `value` that knows exactly
    /// `names`, without scanning the pattern's Characters again.
    struct Pattern: Sendable {
        private enum Part: Sendable {
            case text(String)
            /// The place of `names[index]`.
            case place(Int)
        }
        private let parts: [Part]
        /// The pattern and its names when it holds a NUL itself (never in a strings file):
        /// then it is filled by `Placeholders.fill` every time.
        private let uncut: (pattern: String, names: [String])?

        init(_ pattern: String, names: [String]) {
            // `fill` itself finds the places: each known one comes back between two NULs, a
            // control character no grapheme spans, so the text splits exactly there.
            guard !pattern.contains("\u{0}") else {
                parts = []
                uncut = (pattern, names)
                return
            }
            uncut = nil
            let marked = Placeholders.fill(pattern) { names.contains($0) ? "\u{0}" + $0 + "\u{0}" : nil }
            parts = marked.split(separator: "\u{0}", omittingEmptySubsequences: false).enumerated().compactMap { i, piece in
                if i % 2 == 0 { return piece.isEmpty ? nil : .text(String(piece)) }
                return names.firstIndex(of: String(piece)).map { .place($0) }
            }
        }

        /// The pattern with each place filled by `value(index into names)`.
        func fill(_ value: (Int) -> String) -> String {
            if let uncut { return Placeholders.fill(uncut.pattern) { name in uncut.names.firstIndex(of: name).map(value) } }
            var out = ""
            for part in parts {
                switch part {
                case .text(let text): out += text
                case .place(let index): out += value(index)
                }
            }
            return out
        }
    }

    /// The names of the `{name}` places in `pattern`, in order.
    static func names(_ pattern: String) -> [String] {
        var names: [String] = []
        _ = fill(pattern) { name in
            names.append(name); return nil
        }
        return names
    }

    static func isName(_ text: Substring) -> Bool {
        // ASCII letters by their ranges (the only ASCII the Alphabetic property holds): the
        // property lookup was most of the time filling a pattern took.
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
    }
}
