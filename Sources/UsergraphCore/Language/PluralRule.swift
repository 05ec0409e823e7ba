/// The grammatical number a count takes, as CLDR names it.
package enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// Which plural form a whole number takes in a language, written out as rules rather than taken
/// from the system's locale data (which a Linux machine may not have). A strings file names its
/// rule with `language.plural`; each rule is named after one language that uses it.
package enum PluralRule: String, Sendable, CaseIterable {
    /// one (1) / other: English, German, Dutch, Swedish, Italian, Spanish, Greek…
    case en
    /// one (0 and 1) / other: French, Portuguese (Brazil).
    case fr
    /// one (1, 21, 101…) / few (2–4, 22–24…) / many (0, 5–20, 25–30, 111…): Russian, Ukrainian, Belarusian.
    case ru
    /// one (1) / few (2–4, 22–24… but not 12–14) / many: Polish.
    case pl
    /// one (1) / few (2–4) / other: Czech, Slovak.
    case cs
    /// other only: Japanese, Chinese, Korean, Turkish, Vietnamese…
    case ja

    /// The forms a strings file must give for every counted phrase.
    var categories: [PluralCategory] {
        switch self {
        case .en, .fr: [.one, .other]
        case .ru, .pl: [.one, .few, .many]
        case .cs: [.one, .few, .other]
        case .ja: [.other]
        }
    }

    /// The form for a whole number (its sign does not matter).
    func category(_ number: Int) -> PluralCategory {
        let n = number.magnitude
        let mod10 = n % 10, mod100 = n % 100
        switch self {
        case .en: return n == 1 ? .one : .other
        case .fr: return n <= 1 ? .one : .other
        case .ru:
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .pl:
            if n == 1 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .cs:
            if n == 1 { return .one }
            if (2...4).contains(n) { return .few }
            return .other
        case .ja: return .other
        }
    }

    /// The form for any number: a whole one by the rule, one with a fractional part is `other`
    /// in every rule here (CLDR). A strings file may leave `other` out of the Slavic rules; its
    /// phrases then fall back to `few` (1,5 километра reads like 2 километра).
    func category(_ number: Double) -> PluralCategory {
        if number.isFinite, number == number.rounded(), number.magnitude < 1e15 { return category(Int(number)) }
        return .other
    }
}
