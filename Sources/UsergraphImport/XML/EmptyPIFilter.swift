import Foundation

/// Blanks processing instructions without data (`<?name?>`) out of the bytes on their way to
/// the parser: Foundation's `XMLParser` on Linux crashes the process on them, anywhere in a
/// file, because its SAX bridge takes libxml2's null data for a string and calls `strlen` on it
/// (swift-corelibs-foundation, `_NSXMLParserProcessingInstruction`). Processing instructions
/// mean nothing to an import, so the spaces that replace them change nothing a reader sees.
///
/// `<?` cannot stand in text or an attribute value, so everywhere but in comments and CDATA it
/// starts a processing instruction; those two are not told apart, so a literal `<?x?>` in
/// a CDATA section reads as spaces, which no reader of ours looks at.
struct EmptyPIFilter {
    let layout: XMLUnitLayout

    /// How far an unfinished `<?name` is held back waiting for its end. libxml2 refuses a name
    /// longer than 50,000 characters (at most 4 bytes each in UTF-8, as it holds them) before
    /// any callback, so one longer than this cannot reach the crash and is let through.
    static let holdLimit = 256 << 10

    private enum State { case text, open, target, question }

    /// Blanks every complete `<?name?>` in `bytes[start...]` (units from `start`, which is at a
    /// unit boundary), and says how many bytes from `start` may go to the parser now: all of
    /// them `atEnd`, else all whole units up to a `<?name` that may yet end in `?>`.
    func run(_ bytes: UnsafeMutableRawBufferPointer, from start: Int, atEnd: Bool) -> Int {
        let width = layout.width
        let end = start + (bytes.count - start) / width * width
        var state = State.text
        var candidate = start
        var index = start
        let read = UnsafeRawBufferPointer(bytes)
        while index < end {
            if state == .text, width == 1 {
                // Most of a file is outside markup's `<`: skip to the next one at memchr's speed.
                guard let base = read.baseAddress, let found = memchr(base + index, 0x3C, end - index) else { break }
                index = base.distance(to: UnsafeRawPointer(found))
            }
            let unit = layout.unit(read, at: index)
            switch state {
            case .text:
                if unit == 0x3C { (state, candidate) = (.open, index) }
            case .open:
                state = unit == 0x3F ? .target : unit == 0x3C ? .open : .text
                if unit == 0x3C { candidate = index }
            case .target:
                // A name runs to white space (then there is data), `?`, or markup.
                if unit == 0x3F {
                    state = index > candidate + 2 * width ? .question : .text
                } else if unit == 0x3C {
                    (state, candidate) = (.open, index)
                } else if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x3E {
                    state = .text
                }
            case .question:
                if unit == 0x3E {
                    var blank = candidate
                    while blank <= index {
                        layout.write(0x20, bytes, at: blank)
                        blank += width
                    }
                    state = .text
                } else if unit == 0x3C {
                    (state, candidate) = (.open, index)
                } else {
                    state = .text
                }
            }
            index += width
        }
        if atEnd { return bytes.count - start }
        if state != .text, end - candidate < Self.holdLimit { return candidate - start }
        return end - start
    }
}
