/// Control characters in text that comes from data (a username holding ESC, a repository
/// description with a form feed): HTML forbids them in text, XML 1.0 refuses most of them and a
/// terminal obeys them. Every writer of data text drops them: the pages' escaping, the feeds,
/// the cards (their XML escaping) and the terminal report.
package enum ControlCharacters {
    /// Whether `scalar` is dropped: C0 but tab, line feed and carriage return; DEL; C1.
    @inline(__always)
    package static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (v >= 0x7F && v <= 0x9F)
    }

    /// Whether the UTF-8 of a text may hold one: a byte below 0x20 other than tab and line
    /// ends, DEL, or the lead byte 0xC2 of U+0080–U+00BF (checked exactly by `strip`).
    @inline(__always)
    package static func mayHold(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2
    }

    /// `text` without them; the text itself when it has none (the common case costs a scan).
    package static func strip(_ text: String) -> String {
        let bytes = text.utf8
        let hasAny = bytes.withContiguousStorageIfAvailable { $0.contains(where: mayHold) } ?? bytes.contains(where: mayHold)
        guard hasAny, text.unicodeScalars.contains(where: isDropped) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isDropped(scalar) { scalars.append(scalar) }
        return String(scalars)
    }
}
