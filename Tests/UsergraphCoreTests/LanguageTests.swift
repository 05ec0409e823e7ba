import Foundation
import Testing
@testable import UsergraphCore
import UsergraphTestSupport

/// The rules of the two languages, read from the default theme's strings files.
@Suite(.scratch) struct LanguageTests {
    @Test func russianPluralCategories() {
        let expected: [Int: PluralCategory] = [
            0: .many, 1: .one, 2: .few, 4: .few, 5: .many, 11: .many, 12: .many, 14: .many, 21: .one, 22: .few,
            25: .many, 101: .one, 111: .many, 112: .many, 121: .one, 1_000_002: .few,
        ]
        for (n, category) in expected { #expect(PluralRule.ru.category(n) == category, "\(n)") }
        #expect(PluralRule.ru.category(-21) == .one)
        #expect(PluralRule.ru.category(1.5) == .other)
        #expect(PluralRule.ru.category(3.0) == .few)
    }

    @Test func russianCountedPhrases() throws {
        let ru = try DemoSite.strings("ru")
        let expected = [
            0: "0 тренировок", 1: "1 тренировка", 2: "2 тренировки", 5: "5 тренировок", 11: "11 тренировок",
            21: "21 тренировка", 22: "22 тренировки", 25: "25 тренировок", 111: "111 тренировок",
            1001: "1\u{00A0}001 тренировка", 12_345: "12\u{00A0}345 тренировок",
        ]
        for (n, text) in expected { #expect(ru.plural("count.workouts", n) == text) }
        #expect(ru.plural("count.years", 21) == "21 год")
        #expect(ru.plural("count.years", 22) == "22 года")
        #expect(ru.plural("count.years", 25) == "25 лет")
        #expect(ru.plural("count.days", 111) == "111 дней")
    }

    @Test func englishCountedPhrases() throws {
        let en = try DemoSite.strings("en")
        #expect(en.plural("count.workouts", 0) == "0 workouts")
        #expect(en.plural("count.workouts", 1) == "1 workout")
        #expect(en.plural("count.workouts", 2) == "2 workouts")
        #expect(en.plural("count.workouts", 21) == "21 workouts")
        #expect(en.plural("count.workouts", 12_345) == "12,345 workouts")
        #expect(PluralRule.en.category(1) == .one && PluralRule.en.category(11) == .other)
    }

    @Test func otherPluralRules() {
        #expect(PluralRule.fr.category(0) == .one && PluralRule.fr.category(2) == .other)
        #expect(PluralRule.pl.category(22) == .few && PluralRule.pl.category(21) == .many && PluralRule.pl.category(1) == .one)
        #expect(PluralRule.cs.category(3) == .few && PluralRule.cs.category(5) == .other)
        #expect(PluralRule.ja.category(1) == .other)
    }

    @Test func datesInBothLanguages() throws {
        let en = try DemoSite.strings("en").format, ru = try DemoSite.strings("ru").format
        let day = try #require(Day(iso: "2026-11-20"))
        #expect(en.date(day) == "November 20, 2026")
        #expect(ru.date(day) == "20 ноября 2026\u{00A0}г.")
        #expect(en.shortDate(day) == "Nov 20")
        #expect(ru.shortDate(day) == "20 ноя")
        let may = try #require(Day(iso: "2026-05-01"))
        #expect(ru.date(may) == "1 мая 2026\u{00A0}г.")
        #expect(ru.monthYear(Month(may)) == "Май 2026")
        #expect(en.monthYear(Month(may)) == "May 2026")
        #expect(ru.monthShort(5) == "май")
        #expect(ru.weekdaysShort == ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"])
        #expect(en.weekdaysShort.first == "Mon")
    }

    @Test func numbersInBothLanguages() throws {
        let en = try DemoSite.strings("en").format, ru = try DemoSite.strings("ru").format
        #expect(en.number(12_345.6, places: 1) == "12,345.6")
        #expect(ru.number(12_345.6, places: 1) == "12\u{00A0}345,6")
        #expect(en.number(1_234_567) == "1,234,567")
        #expect(ru.number(1_234_567) == "1\u{00A0}234\u{00A0}567")
        #expect(en.number(999) == "999" && ru.number(1000) == "1\u{00A0}000")
        #expect(en.number(-1234) == "-1,234")
        #expect(en.number(-0.04, places: 1) == "0.0")
        #expect(ru.number(0.05, places: 1) == "0,1")
        #expect(en.number(0.004, places: 2) == "0.00" && en.number(0.05, places: 3) == "0.050")
        #expect(en.number(-12.5, places: 2) == "-12.50" && en.number(1_234_567.891, places: 3) == "1,234,567.891")
        #expect(en.number(5.4, places: -1) == "5" && en.number(-999.96, places: 1) == "-1,000.0")
        #expect(en.signed(0.8) == "+0.8" && ru.signed(-2.1) == "-2,1" && en.signed(0.02) == "0.0")
        #expect(ru.chartNumbers.percentSuffix == "\u{00A0}%")
    }

    @Test func durationsInBothLanguages() throws {
        let en = try DemoSite.strings("en").format, ru = try DemoSite.strings("ru").format
        #expect(en.duration(seconds: 4800) == "1\u{00A0}h 20\u{00A0}min")
        #expect(ru.duration(seconds: 4800) == "1\u{00A0}ч 20\u{00A0}мин")
        #expect(en.duration(seconds: 2700) == "45\u{00A0}min")
        #expect(ru.duration(seconds: 29) == "0\u{00A0}мин")
        #expect(en.duration(seconds: 3599) == "1\u{00A0}h 0\u{00A0}min")
    }

    /// Every language of the default theme says the same things: the same keys, kinds,
    /// `{places}`, and the forms its plural rule needs.
    @Test func theDefaultLanguagesHaveTheSameKeysAndPlaces() throws {
        let en = try DemoSite.strings("en"), ru = try DemoSite.strings("ru")
        #expect(Strings.available(theme: .builtIn) == ["en", "ru"])
        #expect(Set(en.keys).symmetricDifference(ru.keys).isEmpty, "keys in only one file: \(Set(en.keys).symmetricDifference(ru.keys).sorted())")
        for key in en.keys {
            switch (en.entry(key), ru.entry(key)) {
            case (.text(let a), .text(let b)):
                #expect(Set(Placeholders.names(a)) == Set(Placeholders.names(b)), "`\(key)` has other places in ru.yml")
            case (.plural(let a), .plural(let b)):
                #expect(Set(a.values.flatMap(Placeholders.names)) == Set(b.values.flatMap(Placeholders.names)), "`\(key)`")
            case (.list(let a), .list(let b)):
                #expect(a.count == b.count, "`\(key)`")
            default:
                Issue.record("`\(key)` is of another kind in ru.yml")
            }
        }
        try en.check([])
        try ru.check([])
    }

    /// The message keys the sources say (`"errors.…"`, `"notes.…"`) and the counted phrases
    /// (`.count("count.…"`); a key built at run time (`"notes.collections." + name`) is left out.
    static func sourceKeys() throws -> (messages: Set<String>, counted: Set<String>) {
        let message = try NSRegularExpression(pattern: #""((?:errors|notes)\.[A-Za-z0-9_.]*[A-Za-z0-9_])""#)
        let counted = try NSRegularExpression(pattern: #"\.count\("(count\.[A-Za-z0-9_.]*[A-Za-z0-9_])""#)
        var messages: Set<String> = [], phrases: Set<String> = []
        let sources = TestPaths.repository + "/Sources"
        let walker = FileManager.default.enumerator(atPath: sources)
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try TestPaths.read(sources + "/" + file)
            let range = NSRange(text.startIndex..., in: text)
            for match in message.matches(in: text, range: range) {
                if let key = Range(match.range(at: 1), in: text) { messages.insert(String(text[key])) }
            }
            for match in counted.matches(in: text, range: range) {
                if let key = Range(match.range(at: 1), in: text) { phrases.insert(String(text[key])) }
            }
        }
        return (messages, phrases)
    }

    /// Each message the sources say is in every strings file (its English only in en.yml; that
    /// every language has en.yml's places is checked above), so a new message cannot be
    /// forgotten in a strings file, and none is said as a bare key.
    @Test func everyMessageOfTheSourcesIsInEveryLanguage() throws {
        let messages = try Self.sourceKeys().messages
        #expect(messages.count > 250)
        for language in Strings.available(theme: .builtIn) {
            let strings = try DemoSite.strings(language)
            for key in messages.sorted() where strings.optionalText(key) == nil {
                Issue.record("\(language).yml has no `\(key)`")
            }
        }
    }

    /// Each counted phrase a message says is a counted phrase of every language: one missing
    /// from a file would silently be said in English.
    @Test func everyCountedPhraseOfTheSourcesIsInEveryLanguage() throws {
        let phrases = try Self.sourceKeys().counted
        #expect(phrases.count >= 10)
        for language in Strings.available(theme: .builtIn) {
            let strings = try DemoSite.strings(language)
            for key in phrases.sorted() {
                guard case .plural = strings.entry(key) else {
                    Issue.record("\(language).yml has no counted phrase `\(key)`")
                    continue
                }
            }
        }
    }

    /// No message's English is written twice: the sources name keys, en.yml holds the words.
    @Test func noMessageOfTheSourcesCarriesItsOwnEnglish() throws {
        let inline = try NSRegularExpression(pattern: #""(?:errors|notes)\.[A-Za-z0-9_.]+",\s*"|one: "|other: ""#)
        let sources = TestPaths.repository + "/Sources"
        let walker = FileManager.default.enumerator(atPath: sources)
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".swift"), !file.hasPrefix("Mustache/") else { continue }
            // Code only: a doc comment may show a strings file's counted phrase.
            let text = try TestPaths.read(sources + "/" + file).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            let found = inline.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
            #expect(found == 0, "\(file) writes the English of \(found) message(s) inline")
        }
    }

    @Test func aCountedPhraseNeedsTheFormsOfItsRule() throws {
        let yaml = try TestPaths.read(TestPaths.theme + "/Templates/strings/ru.yml")
            .replacingOccurrences(of: #"  days: {one: "{n} день", few: "{n} дня", many: "{n} дней"}"#, with: #"  days: {one: "{n} день", many: "{n} дней"}"#)
        let strings = try Strings(yaml: yaml, code: "ru", file: "ru.yml")
        let error = #expect(throws: UsergraphError.self) { try strings.check([]) }
        #expect(error?.message.contains("`count.days` has no `few` form") == true)
        #expect(error?.message.hasPrefix("ru.yml:") == true)
    }

    @Test func anUnknownPluralRuleIsNamed() throws {
        let yaml = try TestPaths.read(TestPaths.theme + "/Templates/strings/en.yml").replacingOccurrences(of: "  plural: en ", with: "  plural: xx ")
        let error = #expect(throws: UsergraphError.self) { try Strings(yaml: yaml, code: "en", file: "en.yml") }
        #expect(error?.message == "en.yml: `language.plural` must be one of en, fr, ru, pl, cs, ja, not `xx`.")
    }

    @Test func messagesFallBackToEnglishAndSpeakRussianWithItsStrings() throws {
        let error = UsergraphError("errors.store.write", ["path": "/x", "reason": "No space left on device"])
        #expect(error.message == "Cannot write /x: No space left on device.")
        #expect(error.text(try DemoSite.strings("ru")) == "Не удаётся записать /x: No space left on device.")
        let counted = Message.count("count.pages", 21)
        #expect(counted.text(nil) == "21 pages")
        #expect(counted.text(try DemoSite.strings("ru")) == "21 страница")
        #expect(Message.verbatim("as it is {x}").text(try DemoSite.strings("ru")) == "as it is {x}")
    }

    @Test func placeholdersFillKnownNamesOnly() {
        #expect(Placeholders.fill("{a} and {b} and {c d} and {", { $0 == "a" ? "1" : $0 == "b" ? "2" : nil }) == "1 and 2 and {c d} and {")
        #expect(Placeholders.names("page {current} of {total}, {x.y}") == ["current", "total", "x.y"])
        #expect(Placeholders.fill("expected ',' or '}'", { _ in "?" }) == "expected ',' or '}'")
    }

    /// A pattern cut once fills as `fill` does with a `value` that knows exactly its names,
    /// on awkward patterns: nested and unclosed braces, unknown names, combining marks.
    @Test func aPatternCutOnceFillsAsFillDoes() {
        let names = ["day", "month", "year"]
        let values = ["20", "ноября", "2026"]
        let patterns = [
            "", "{day}", "{month} {day}, {year}", "{day}{day}{{month}}", "{unknown} {day", "{ day} {day}x", "{day}\u{301}{year}",
            "é{month}́ {year}}", "{{{year}", "no places", "{day.x}{mon}{year}", "\u{0}{day}",
        ]
        for pattern in patterns {
            let once = Placeholders.Pattern(pattern, names: names).fill { values[$0] }
            let each = Placeholders.fill(pattern) { name in names.firstIndex(of: name).map { values[$0] } }
            #expect(once == each, "\(pattern.debugDescription)")
        }
        #expect(Placeholders.Pattern("{month} {day}, {year}", names: names).fill { values[$0] } == "ноября 20, 2026")
    }

    @Test func languageCodes() {
        for code in ["en", "ru", "pt-BR", "zh-Hant", "fil"] { #expect(Strings.isLanguageCode(code), "\(code)") }
        for code in ["", "e", "EN", "../en", "en_US", "english", "en-"] { #expect(!Strings.isLanguageCode(code), "\(code)") }
    }
}

@Suite(.scratch) struct LanguageConfigTests {
    @Test func aLanguageNeedsAStringsFileInTheTheme() throws {
        let site = try TestPaths.site(store: [:], config: "language: ru\n")
        #expect(try ConfigLoader.load(path: site + "/usergraph.yml").language == "ru")
        try TestPaths.write("title: x\nlanguage: de\n", to: site + "/usergraph.yml")
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.load(path: site + "/usergraph.yml") }
        #expect(error?.kind == .usage)
        #expect(error?.message == "\(site)/usergraph.yml:2: `language` `de` has no strings file \(site)/Templates/strings/de.yml (the theme has: en, ru).")
    }

    @Test func theLanguageIsCheckedAgainstTheTemplatesTheConfigNames() throws {
        let site = try TestPaths.site(store: [:])
        try FileManager.default.moveItem(atPath: site + "/Templates", toPath: site + "/theme")
        try TestPaths.write("language: ru\ntemplates: theme\n", to: site + "/usergraph.yml")
        #expect(try ConfigLoader.load(path: site + "/usergraph.yml").templates == site + "/theme")
    }

    @Test func aBrokenConfigStillTellsItsLanguage() throws {
        let site = try TestPaths.site(store: [:])
        try TestPaths.write("language: ru\ntimezone: X\n", to: site + "/usergraph.yml")
        let hint = try #require(ConfigLoader.languageHint(path: site + "/usergraph.yml"))
        #expect(hint.language == "ru" && hint.theme.templates == site + "/Templates")
        let error = #expect(throws: UsergraphError.self) { try ConfigLoader.load(path: site + "/usergraph.yml") }
        let ru = try Strings.load(theme: hint.theme, language: hint.language)
        #expect(error?.text(ru) == "\(site)/usergraph.yml:2: неизвестный ключ `timezone` (может быть, `timeZone`?).")
        #expect(error?.message == "\(site)/usergraph.yml:2: unknown key `timezone` (did you mean `timeZone`?).")
    }
}
