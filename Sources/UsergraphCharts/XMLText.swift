/// Text for XML (SVG, the Atom feed): the five specials escaped and the characters XML 1.0
/// forbids dropped, so any label from data is inert text and the document always parses.
public enum XMLText {
    public static func escape(_ s: String) -> String {
        // Most labels are plain printable ASCII with nothing to escape: checked a byte at a
        // time and returned as they are (every chart has a title and a description).
        let plain = s.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
        }
        if plain { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                let v = u.value
                // Also DEL and C1: allowed by XML, but control characters in HTML and to a terminal.
                let allowed = (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v < 0xD800) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if allowed { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
