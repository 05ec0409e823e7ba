/// HTML escaping for text and attribute values in HTML that usergraph builds itself.
package enum HTML {
    package static func escape(_ text: String) -> String {
        let text = ControlCharacters.strip(text)
        let bytes = text.utf8
        let special = { (b: UInt8) -> Bool in b == 38 || b == 60 || b == 62 || b == 34 || b == 39 }
        guard bytes.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? bytes.contains(where: special) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 16)
        for b in bytes {
            switch b {
            case 38: out.append(contentsOf: [38, 97, 109, 112, 59])  // &amp;
            case 60: out.append(contentsOf: [38, 108, 116, 59])  // &lt;
            case 62: out.append(contentsOf: [38, 103, 116, 59])  // &gt;
            case 34: out.append(contentsOf: [38, 113, 117, 111, 116, 59])  // &quot;
            case 39: out.append(contentsOf: [38, 35, 51, 57, 59])  // &#39;
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// JavaScript string literals for the scripts usergraph writes itself (the users search's
/// index): data from outside becomes a string and nothing else.
package enum JavaScript {
    /// Appends `text` as a double-quoted literal. Quotes, backslashes and control characters
    /// are escaped, and so are U+2028 and U+2029 (line ends to engines before ES2019) and `<`
    /// (so no `</script>` or `<!--` can appear should the text ever be inlined in a page).
    /// Worked on the UTF-8 bytes, and a text with nothing to escape is copied whole.
    package static func appendString(_ text: String, to script: inout [UInt8]) {
        script.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0xE2 }) else {
                script.append(contentsOf: bytes)
                return
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x22, 0x5C: script.append(contentsOf: [0x5C, byte])
                case 0x0A: script.append(contentsOf: Array("\\n".utf8))
                case 0x0D: script.append(contentsOf: Array("\\r".utf8))
                case 0x09: script.append(contentsOf: Array("\\t".utf8))
                case 0x3C: script.append(contentsOf: Array("\\u003c".utf8))
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    script.append(contentsOf: Array((bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                    index += 2
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    script.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: script.append(byte)
                }
            }
        }
        script.append(UInt8(ascii: "\""))
    }
}
