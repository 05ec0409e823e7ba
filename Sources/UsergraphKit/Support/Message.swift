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
    let count: Int?
    let englishOne: String?

    public init(_ key: String, _ english: String, _ args: [String: String] = [:], nested: [String: Message] = [:]) {
        self.key = key; self.english = english; self.args = args; self.nested = nested
        self.count = nil; self.englishOne = nil
    }

    /// Text that has no translation: said as it is in every language.
    public static func verbatim(_ text: String) -> Message {
        Message(key: nil, english: text, count: nil, one: nil)
    }

    /// A number with its noun, a counted phrase of the strings files (`count.pages`: "247 pages",
    /// "247 страниц"); in English without them, `one` for 1 and `other` otherwise.
    public static func count(_ key: String, _ number: Int, one: String, other: String) -> Message {
        Message(key: key, english: other, count: number, one: one)
    }

    private init(key: String?, english: String, count: Int?, one: String?) {
        self.key = key; self.english = english; self.args = [:]; self.nested = [:]
        self.count = count; self.englishOne = one
    }

    /// The sentence in the language of `strings`, or in English without them.
    public func text(_ strings: Strings?) -> String {
        if let count, let key {
            if let strings, case .plural = strings.entry(key) { return strings.plural(key, count) }
            let form = count == 1 ? (englishOne ?? english) : english
            return Placeholders.fill(form) { $0 == "n" ? String(count) : nil }
        }
        let pattern = key.flatMap { strings?.optionalText($0) } ?? english
        return Placeholders.fill(pattern) { name in
            args[name] ?? nested[name]?.text(strings)
        }
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
