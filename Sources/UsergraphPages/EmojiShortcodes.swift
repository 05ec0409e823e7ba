/// GitHub's emoji shortcodes (`:gem:`, `:+1:`, `:white_check_mark:`) turned into the emoji GitHub
/// shows for them, using GitHub's own list (gemoji's `db/emoji.json`, in ThirdParty/gemoji, made
/// into `tableText` by Scripts/make-emoji-table.py).
///
/// It works on plain text, before the templates escape it for HTML or Markdown: the result is
/// plain text too, and only ever gains emoji characters, never markup.
///
/// Like GitHub, a `:name:` is replaced wherever it stands, with no word boundary required, as long
/// as the name is a known alias; everything else stays byte for byte: unknown names, a `:` with no
/// closing `:`, times such as `12:30:45`, URLs such as `https://x`. GitHub's custom emoji that have
/// no Unicode character (`:octocat:`, `:shipit:`) are left as text: there is no character to put
/// there, only GitHub's images, and gemoji's list no longer holds them.
package enum EmojiShortcodes {
    package static func render(_ text: String) -> String {
        var contiguous = text
        // `withUTF8` reads a native string's bytes in place (it copies only a bridged one, which
        // Linux does not have); a nil answer means nothing was replaced, and the caller's own
        // string is handed back without a new allocation.
        return contiguous.withUTF8 { replacing(in: $0) } ?? text
    }

    /// The text with its shortcodes replaced, or nil when it has none.
    private static func replacing(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let colon = UInt8(ascii: ":")
        // Most descriptions have no colon at all: one plain byte scan, and the table is not even parsed.
        guard var opening = bytes.firstIndex(of: colon) else { return nil }
        let table = Self.table
        var output: [UInt8] = []
        var copied = 0  // the bytes before this index are in `output` already
        while opening < bytes.count {
            // Look for the closing colon no further than the longest alias allows.
            var end = opening + 1
            let limit = min(bytes.count, opening + 1 + table.longestAlias + 1)
            while end < limit, isNameByte(bytes[end]) { end += 1 }
            let closed = end < limit && bytes[end] == colon && end > opening + 1
            if closed, let emoji = table.emoji[name(in: bytes, from: opening + 1, to: end)] {
                if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<opening]))
                output.append(contentsOf: emoji.utf8)
                copied = end + 1
                // The closing colon was used: `:gem::gem:` starts again after it.
                opening = end + 1
            } else if end < bytes.count, bytes[end] == colon {
                // Not a known name, but its closing colon may open the next one (`x:y:gem:`).
                opening = end
                continue
            } else {
                opening = end
            }
            // On to the next colon.
            guard let next = UnsafeBufferPointer(rebasing: bytes[opening...]).firstIndex(of: colon) else { break }
            opening += next
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        // Only whole ASCII `:name:` runs were cut out, so the bytes are still valid UTF-8.
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `start..<end` as a String: a name of up to 15 bytes is a small string, stored
    /// inline, so most lookups allocate nothing.
    private static func name(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The characters of gemoji's aliases (Scripts/make-emoji-table.py refuses any other): `a`–`z`,
    /// `0`–`9`, `_`, `+`, `-`. Anything else (`/`, a space, a dot) ends a candidate at once, so
    /// `https://x` and ordinary prose cost a byte or two per colon.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    package struct Table: Sendable {
        /// alias → emoji, e.g. `"gem"` → `"💎"`.
        let emoji: [String: String]
        /// In bytes (aliases are ASCII): no candidate name longer than this is looked up.
        let longestAlias: Int

        package init(lines: String) {
            var emoji: [String: String] = [:]
            var longest = 0
            for line in lines.split(separator: "\n") {
                // `alias emoji`; neither half has a space (the generator checks).
                guard let space = line.firstIndex(of: " ") else { continue }
                let alias = line[..<space]
                emoji[String(alias)] = String(line[line.index(after: space)...])
                longest = max(longest, alias.utf8.count)
            }
            self.emoji = emoji
            self.longestAlias = longest
        }
    }

    /// Parsed on first use; a `static let` is initialised once, safely across threads.
    package static let table = Table(lines: tableText)
}
