import Foundation
import Testing
@testable import UsergraphPages
import UsergraphTestSupport

@Suite(.scratch) struct EmojiTests {
    @Test func knownShortcodesBecomeEmoji() {
        #expect(EmojiShortcodes.render(":gem:") == "💎")
        #expect(EmojiShortcodes.render("A :gem: of a tool") == "A 💎 of a tool")
        #expect(EmojiShortcodes.render(":+1: and :-1:") == "👍 and 👎")
        #expect(EmojiShortcodes.render("Tests :white_check_mark:") == "Tests ✅")
        #expect(EmojiShortcodes.render(":100:") == "💯")
        #expect(EmojiShortcodes.render("Write :e-mail:.") == "Write 📧.")
        #expect(EmojiShortcodes.render(":hash: :one:") == "#️⃣ 1️⃣")
        #expect(EmojiShortcodes.render("Привет :wave:, мир") == "Привет 👋, мир")
    }

    @Test func adjacentShortcodes() {
        #expect(EmojiShortcodes.render(":gem::gem:") == "💎💎")
        #expect(EmojiShortcodes.render(":gem::+1::zzz:") == "💎👍💤")
        // A failed candidate's closing colon opens the next one.
        #expect(EmojiShortcodes.render("x:y:gem:") == "x:y💎")
        #expect(EmojiShortcodes.render("::gem::") == ":💎:")
    }

    @Test func everythingElseIsLeftByteForByte() {
        for text in [
            ":nosuchemoji:", ":gem", "gem:", ":", "::", ":::", "a: b: c", ": gem :", ":Gem:", ":GEM:",
            "12:30:45", "at 09:15", "https://x", "https://github.com/a/b#readme", "mailto:a@b.c",
            "key: value", "C++: a language", ":gem :", ": gem:", "😀 : 💎", "<b>:not-an-alias:</b>",
            ":" + String(repeating: "a", count: 200) + ":",
        ] {
            #expect(EmojiShortcodes.render(text) == text, "\(text)")
        }
        // GitHub's custom emoji have no Unicode character: they stay text.
        #expect(EmojiShortcodes.render(":octocat:") == ":octocat:")
        #expect(EmojiShortcodes.render("Built by :octocat: with :heart:") == "Built by :octocat: with ❤️")
        // A name too long to be an alias ends the candidate, not the scan.
        #expect(
            EmojiShortcodes.render(":" + String(repeating: "a", count: 60) + ":gem:")
                == ":" + String(repeating: "a", count: 60) + "💎")
    }

    @Test func emptyAndColonFreeTextComeBackEqual() {
        #expect(EmojiShortcodes.render("") == "")
        let plain = "A static site generator, with no colon at all — и по-русски"
        #expect(EmojiShortcodes.render(plain) == plain)
        #expect(EmojiShortcodes.render("a:b") == "a:b")
    }

    @Test func neverIntroducesMarkup() {
        let out = EmojiShortcodes.render("<i>:gem:</i> & :x: [a](b) *c*")
        #expect(out == "<i>💎</i> & ❌ [a](b) *c*")
    }

    /// The generated table must be exactly the alias → emoji pairs of the data file it claims to
    /// come from: an edited data file without a re-run of Scripts/make-emoji-table.py fails here.
    @Test func tableMatchesGemojiData() throws {
        let path = TestPaths.repository + "/ThirdParty/gemoji/emoji.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var expected: [String: String] = [:]
        for entry in entries {
            // Custom emoji (no character) are not in the table.
            guard let emoji = entry["emoji"] as? String else { continue }
            for alias in entry["aliases"] as? [String] ?? [] { expected[alias] = emoji }
        }
        let table = EmojiShortcodes.table.emoji
        #expect(expected.count > 1_800)
        #expect(table.count == expected.count)
        #expect(EmojiShortcodes.table.longestAlias == expected.keys.map(\.utf8.count).max())
        let aliases = expected.keys.sorted()
        for index in stride(from: 0, to: aliases.count, by: 50) {
            let alias = aliases[index]
            #expect(table[alias] == expected[alias], "\(alias)")
        }
        // Cheap enough to check them all, and through `render` as a page would use it.
        for (alias, emoji) in expected {
            #expect(table[alias] == emoji, "\(alias)")
            #expect(EmojiShortcodes.render(":\(alias):") == emoji, "\(alias)")
        }
    }
}
