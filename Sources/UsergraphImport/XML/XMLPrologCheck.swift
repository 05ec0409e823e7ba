import Foundation

/// Reads the prolog of an untrusted XML file (what comes before its root element) before any
/// parser does, to keep two flaws of Foundation's `XMLParser` on Linux out of reach:
///
/// - It crashes the whole process on an attribute declaration without a default value
///   (`<!ATTLIST gpx version CDATA #IMPLIED>`, in every Apple Health export's DTD): its SAX
///   bridge takes libxml2's null default for a string and calls `strlen` on it
///   (swift-corelibs-foundation, `_NSXMLParserAttributeDecl`). So the document type
///   declaration is found here and blanked out (`XMLPatch`) before the parser sees it. Nothing
///   in it matters to an import: no reader validates, and defaults are not relied on.
/// - It asks libxml2 to substitute entities, yet its bridge drops what an internal entity
///   expands to: `<!ENTITY x "a">` then `&x;` silently reads as nothing, so a file with
///   entities would import wrong data without a word. Entities are also how XML attacks work
///   (external entities reading local files, "billion laughs" expanding without end); libxml2
///   stops both on its own, but refusing every `<!ENTITY` up front needs no trust in a library
///   version, and no real GPX, TCX or Apple Health export declares one.
///
/// It also refuses a prolog that is not well-formed as far as it reads it (what does not start
/// as XML, a second DOCTYPE, one cut short), so that the parser never resyncs past it.
///
/// It reads code units, not text: UTF-8 and the other ASCII-compatible encodings one byte at a
/// time, UTF-16 and UTF-32 (told by their byte-order mark or by how `<` is written) one unit at
/// a time, so `<!ENTITY` spelled in UTF-16 is found too. Markup is ASCII in every one of them.
struct XMLPrologCheck {
    enum Verdict: Equatable {
        /// No entity is declared: everything up to the root element's start was read. The
        /// patch, if any, blanks the document type declaration.
        case safe(XMLPatch?)
        case declaresEntities
        /// Not a well-formed prolog, at this position: something other than markup where
        /// markup must be (not XML, or XML in an encoding this check cannot follow, EBCDIC say),
        /// or a second DOCTYPE (which would escape the patch). Refused here rather than left to
        /// the parser, which in recover mode might read on into declarations it crashes on.
        case malformed(line: Int, column: Int)
        /// No markup at all, only white space or nothing.
        case empty
        /// The bytes end inside the prolog, at this position. Such a file is refused here, not
        /// left to the parser: it would read the declarations the patch could not blank.
        case unfinished(line: Int, column: Int)
    }

    /// How much of a file the prolog may take. Apple Health's DTD is about 10 KB; a prolog
    /// longer than this is refused rather than read without end.
    static let limit = 1 << 20

    private let units: CodeUnits

    init(_ bytes: UnsafeRawBufferPointer) { units = CodeUnits(bytes) }

    static func check(_ data: Data) -> Verdict {
        data.prefix(limit).withUnsafeBytes { XMLPrologCheck($0).verdict() }
    }

    func verdict() -> Verdict {
        var i = units.start
        var doctype: Range<Int>?
        var sawMarkup = false
        while true {
            while i < units.count, Self.isSpace(units[i]) { i += 1 }
            guard i < units.count else { return sawMarkup ? unfinished : .empty }
            guard units[i] == UInt32(UInt8(ascii: "<")) else { return malformed(at: i) }
            sawMarkup = true
            if units.matches("<?", at: i) {
                guard let end = units.end(of: "?>", from: i + 2) else { return unfinished }
                i = end
            } else if units.matches("<!--", at: i) {
                guard let end = units.end(of: "-->", from: i + 4) else { return unfinished }
                i = end
            } else if units.matches("<!DOCTYPE", at: i) {
                guard doctype == nil else { return malformed(at: i) }
                switch scanDoctype(from: i + 9) {
                case .end(let end):
                    doctype = i..<end
                    i = end
                case .entities: return .declaresEntities
                case .unfinished: return unfinished
                }
            } else {
                // The root element's start tag.
                return .safe(doctype.map(units.blanked))
            }
        }
    }

    private func malformed(at index: Int) -> Verdict {
        let (line, column) = position(of: index)
        return .malformed(line: line, column: column)
    }

    private var unfinished: Verdict {
        let (line, column) = position(of: units.count)
        return .unfinished(line: line, column: column)
    }

    /// The line and column of the unit `index`, counted from 1 as the parser does.
    private func position(of index: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = units.start
        for i in units.start..<index where units[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, index - lineStart + 1)
    }

    private enum DoctypeEnd { case end(Int), entities, unfinished }

    /// Walks `<!DOCTYPE …>` from after its keyword: quoted literals are skipped whole (they may
    /// hold `>` or `[`), and inside the `[ … ]` subset comments and processing instructions are
    /// too, so a `<!ENTITY` inside a comment is not mistaken for a declaration.
    private func scanDoctype(from start: Int) -> DoctypeEnd {
        var i = start
        var inSubset = false
        while i < units.count {
            let unit = units[i]
            if unit == UInt32(UInt8(ascii: "\"")) || unit == UInt32(UInt8(ascii: "'")) {
                guard let end = units.end(of: unit, from: i + 1) else { return .unfinished }
                i = end
            } else if inSubset, units.matches("<!--", at: i) {
                guard let end = units.end(of: "-->", from: i + 4) else { return .unfinished }
                i = end
            } else if inSubset, units.matches("<?", at: i) {
                guard let end = units.end(of: "?>", from: i + 2) else { return .unfinished }
                i = end
            } else if inSubset, units.matches("<!ENTITY", at: i) {
                return .entities
            } else if unit == UInt32(UInt8(ascii: "[")) {
                inSubset = true
                i += 1
            } else if unit == UInt32(UInt8(ascii: "]")) {
                inSubset = false
                i += 1
            } else if unit == UInt32(UInt8(ascii: ">")), !inSubset {
                return .end(i + 1)
            } else {
                i += 1
            }
        }
        return .unfinished
    }

    private static func isSpace(_ unit: UInt32) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x0D || unit == 0x09 || unit == 0xFEFF
    }
}

/// The bytes as code units of the encoding their first bytes announce.
private struct CodeUnits {
    let bytes: UnsafeRawBufferPointer
    let layout: XMLUnitLayout
    /// The first unit after a byte-order mark.
    let start: Int
    let count: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        layout = XMLUnitLayout.detect(bytes)
        start = layout.markUnits
        count = bytes.count / layout.width
    }

    subscript(_ index: Int) -> UInt32 { layout.unit(bytes, at: index * layout.width) }

    /// The units of `range` as spaces, line breaks kept (so the parser's line numbers stay
    /// right), encoded as the file is.
    func blanked(_ range: Range<Int>) -> XMLPatch {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * layout.width)
        for index in range {
            let unit = self[index]
            bytes += layout.encoded(unit == 0x0A || unit == 0x0D ? unit : 0x20)
        }
        return XMLPatch(offset: range.lowerBound * layout.width, bytes: bytes)
    }

    func matches(_ ascii: StaticString, at index: Int) -> Bool {
        let length = ascii.utf8CodeUnitCount
        guard index + length <= count else { return false }
        return ascii.withUTF8Buffer { text in
            (0..<length).allSatisfy { self[index + $0] == UInt32(text[$0]) }
        }
    }

    /// The index just after the first `ascii` at or after `index`.
    func end(of ascii: StaticString, from index: Int) -> Int? {
        let first = UInt32(ascii.utf8Start.pointee)
        var i = index
        while i < count {
            // The first unit alone rules out almost every position, without the full comparison.
            if self[i] == first, matches(ascii, at: i) { return i + ascii.utf8CodeUnitCount }
            i += 1
        }
        return nil
    }

    /// The index just after the first `unit` at or after `index`.
    func end(of unit: UInt32, from index: Int) -> Int? {
        var i = index
        while i < count {
            if self[i] == unit { return i + 1 }
            i += 1
        }
        return nil
    }
}

/// Bytes that replace the same number of bytes of a file at `offset` as it is fed to the parser.
struct XMLPatch: Equatable {
    var offset: Int
    var bytes: [UInt8]

    /// Writes the patch's part that falls in `buffer`, which holds the file's bytes from `start`.
    func apply(to buffer: UnsafeMutableRawBufferPointer, from start: Int) {
        let lower = max(offset, start)
        let upper = min(offset + bytes.count, start + buffer.count)
        guard lower < upper else { return }
        for position in lower..<upper {
            buffer[position - start] = bytes[position - offset]
        }
    }
}
