#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `XMLByteScanner.next()` found.
enum XMLEvent {
    /// A start tag, or an empty-element tag (`isEmptyElement`); `XMLByteScanner.tag` shows its
    /// name and attributes until the next call.
    case startTag
    /// An end tag; `depth` is that of the element it closes.
    case endTag
    /// A run of character data or a CDATA section inside the root element, only from a scanner
    /// made with `reportsText`; `XMLByteScanner.textRun` shows it until the next call. One text
    /// may come in several runs (a chunk boundary, a comment, a reference the bytes held cut).
    case text
    /// A processing instruction inside the root element, only from a scanner made with
    /// `reportsText`: a reader that keeps text may need to know one stood there.
    case processingInstruction
    /// The root element's end tag and nothing but comments, instructions and whitespace after it.
    case endOfDocument
}

/// Raw character data the scanner found (`XMLEvent.text`), valid until its next call: checked
/// (references, characters), not decoded. `XMLTextDecoder` turns it into the text it stands for.
struct XMLTextRun {
    var bytes: UnsafeBufferPointer<UInt8>
    /// A CDATA section's content: no references to replace.
    var isCDATA: Bool
}

/// One attribute of the tag last returned: offsets into the scanner's buffer, valid until the
/// next call to `next()`.
struct XMLAttribute {
    var nameStart: Int
    var nameEnd: Int
    var valueStart: Int
    var valueEnd: Int
    /// The raw value holds references or tab/newline characters, which decoding changes.
    var needsDecoding: Bool
}

/// A streaming XML scanner over bytes, for machine-written files like Health's `export.xml`.
///
/// It reports start and end tags with their attributes, and checks what it passes over rather
/// than guess: names, attribute syntax, quoting, duplicate attributes, matching end tags, one
/// root element, references (only XML's five entities and character references are accepted),
/// control characters. Comments, processing instructions, CDATA sections and the document type
/// declaration (internal subset included) are skipped. Entities declared in the DTD are noted,
/// never expanded: a reference to one is a problem, which is what stops "billion laughs" and
/// external-entity files. External DTDs are never fetched.
///
/// Left out on purpose, for speed: the UTF-8 of what is skipped is not validated (what the
/// reader keeps is, or the window validates all of it: `FileByteWindow.validatesUTF8`), and
/// non-ASCII characters are allowed anywhere in names (unless `asciiNames`).
///
/// Text is skipped unless the scanner is made with `reportsText` (the Health reader reads
/// attributes only); then runs of it come as `.text` events.
struct XMLByteScanner {
    private let window: FileByteWindow
    private let classOwner: XMLByteClasses
    /// Whether text runs and processing instructions inside the root are reported as events.
    private let reportsText: Bool
    /// What a file that is not the expected document is called.
    private let problems: DocumentProblems
    /// The text run last returned.
    private var textStart = 0
    private var textEnd = 0
    private var textIsCDATA = false
    /// `classOwner.table`, held directly so the innermost loops read it without a reference hop.
    private let classes: UnsafeMutablePointer<UInt8>
    /// The window's buffer: allocated once, so the pointer never changes.
    let bytes: UnsafeMutablePointer<UInt8>
    private var position: Int
    private var limit: Int

    /// The tag last returned: where it starts, its name, its attributes (in `storage`).
    private var tagStart = 0
    private var nameStart = 0
    private var nameEnd = 0
    private var isEmptyElement = false
    private var attributeCount = 0
    /// The element's depth: 1 for the root, 2 for its children…
    private var depth = 0

    /// The names of the open elements, end to end, and where each starts.
    private var openNames = ContiguousArray<UInt8>()
    private var openNameStarts = ContiguousArray<Int>()
    var phase = Phase.prolog
    /// Whether anything but whitespace has been seen: text before it means the file is not XML.
    var sawMarkup = false
    var sawDoctype = false
    /// The XML declaration's `encoding`, if it has one.
    var declaredEncoding: String?
    /// Names of the general entities the DTD declares, to name them when they are referenced.
    var declaredEntities = Set<String>()
    /// Where a leading byte-order mark ends: an XML declaration may only start there.
    let documentStart: Int64
    /// The tag's attributes and room to decode a value, allocated once.
    private let storage: ScannerStorage

    /// Nesting deeper than this is refused: an export nests five deep at most, and each level
    /// costs the scanner memory.
    static let deepestNesting = 64
    /// Longer element names are refused: the open elements' names are kept, and an export's
    /// longest is 33 bytes.
    static let longestName = 1024
    /// More attributes in one tag are refused: checking that names differ costs the square of
    /// their number, and an export's elements have 15 at most.
    static let mostAttributes = 256
    /// Declared entity names remembered, at most: past this they are still refused when used,
    /// only named less precisely.
    static let rememberedEntities = 10_000

    enum Phase { case prolog, root, epilog }

    /// The keys of the problems of a file that is not the document a reader expects: no markup
    /// at all, markup but no root element, text where markup must start.
    struct DocumentProblems {
        var empty: String
        var noRoot: String
        var notXML: String

        static let health = DocumentProblems(
            empty: "errors.import.health.empty", noRoot: "errors.import.health.noHealthData",
            notXML: "errors.import.health.notXML")
        static let xml = DocumentProblems(
            empty: "errors.import.xml.empty", noRoot: "errors.import.xml.empty", notXML: "errors.import.xml.malformed")
    }

    /// Scans `window` from `start` (past a byte-order mark) in its buffer. `reportsText` adds
    /// `.text` and `.processingInstruction` events; `asciiNames` refuses names with non-ASCII
    /// characters instead of accepting them all (for a reader that must refuse whatever
    /// libxml2 would, and does not carry Unicode's name tables either).
    init(
        window: FileByteWindow, start: Int, reportsText: Bool = false, asciiNames: Bool = false,
        problems: DocumentProblems = .health
    ) {
        self.window = window
        self.reportsText = reportsText
        self.problems = problems
        classOwner = XMLByteClasses(asciiNames: asciiNames)
        classes = classOwner.table
        bytes = window.bytes
        position = start
        limit = window.count
        documentStart = window.fileOffset + Int64(start)
        storage = ScannerStorage(attributes: Self.mostAttributes, scratch: window.capacity)
    }

    /// The tag last returned, as a view into the buffer: valid until the next call to `next()`.
    /// A view of plain values, so that handing it on costs no copying or reference counting.
    var tag: XMLTag {
        XMLTag(
            bytes: UnsafePointer(bytes), limit: limit, fileOffset: window.fileOffset, start: tagStart,
            nameStart: nameStart, nameEnd: nameEnd, isEmptyElement: isEmptyElement, depth: depth,
            attributes: UnsafeBufferPointer(start: storage.attributes, count: attributeCount),
            scratch: storage.scratch, scratchCapacity: storage.scratchCapacity)
    }

    /// The text run last returned, as a view into the buffer: valid until the next call to `next()`.
    var textRun: XMLTextRun {
        XMLTextRun(bytes: UnsafeBufferPointer(start: bytes + textStart, count: textEnd - textStart), isCDATA: textIsCDATA)
    }

    /// The file offset of a buffer index.
    func offset(_ index: Int) -> Int64 { window.fileOffset + Int64(index) }

    // MARK: - Events

    /// The next start or end tag, or the end of the document (or, with `reportsText`, text).
    mutating func next() throws(ReadFailure) -> XMLEvent {
        while true {
            if position >= limit {
                if try !refill() { return try endOfInput() }
                continue
            }
            if bytes[position] != ASCII.less {
                let start = position
                let complete = try skipText()
                if reportsText, phase == .root {
                    if let event = try textEvent(from: start, complete: complete) { return event }
                    continue
                }
                if !complete, try !refill() { throw unfinishedAtEnd() }
                continue
            }
            let next = try markup(at: position)
            if next.index < 0 {
                if try !refill() { throw unfinishedAtEnd() }
                continue
            }
            position = next.index
            if let event = next.event { return event }
        }
    }

    /// The text skipped from `start` to `position` as an event, or nil when there is none yet
    /// (more bytes were read). A carriage return at the end of the bytes held is left for the
    /// next run, so that a CR LF pair is never cut in two (XML reads it as one line feed).
    private mutating func textEvent(from start: Int, complete: Bool) throws(ReadFailure) -> XMLEvent? {
        var end = position
        var needsMore = !complete
        if end == limit, end > start, bytes[end - 1] == ASCII.carriageReturn, !window.atEnd {
            end -= 1
            position = end
            needsMore = true
        }
        if end > start {
            (textStart, textEnd, textIsCDATA) = (start, end, false)
            return .text
        }
        if needsMore, try !refill() { throw unfinishedAtEnd() }
        return nil
    }

    /// A CDATA section's content as the next event (`reportsText` only).
    mutating func cdataEvent(from start: Int, to end: Int) -> XMLEvent? {
        guard reportsText else { return nil }
        (textStart, textEnd, textIsCDATA) = (start, end, true)
        return .text
    }

    /// A processing instruction as the next event, inside the root and with `reportsText` only.
    var instructionEvent: XMLEvent? { reportsText && phase == .root ? .processingInstruction : nil }

    /// Where a construct ends (-1: it runs past the bytes held), and the event it is.
    struct Step {
        var index: Int
        var event: XMLEvent?
        static let incomplete = Step(index: -1, event: nil)
    }

    /// Keeps the unfinished bytes from `position` on and reads more; false at the end of the file.
    private mutating func refill() throws(ReadFailure) -> Bool {
        let more = try window.refill(keepingFrom: position)
        position = 0
        limit = window.count
        return more
    }

    private func endOfInput() throws(ReadFailure) -> XMLEvent {
        switch phase {
        case .epilog: return .endOfDocument
        case .root: throw truncated(at: limit)
        case .prolog:
            throw ReadFailure(sawMarkup ? problems.noRoot : problems.empty)
        }
    }

    /// A construct the file ends in the middle of.
    private func unfinishedAtEnd() -> ReadFailure {
        phase == .root ? truncated(at: limit) : .xml("unfinished", at: offset(position))
    }

    private func truncated(at index: Int) -> ReadFailure {
        let name =
            openNameStarts.last.map { start in
                String(decoding: openNames[start...], as: UTF8.self)
            } ?? ""
        return .xml("truncated", ["element": name], at: offset(index))
    }

    // MARK: - Text

    /// Skips character data up to the next `<`, checking references and characters. False when
    /// a reference runs past the bytes held (`position` is then at its `&`).
    private mutating func skipText() throws(ReadFailure) -> Bool {
        var i = position
        if phase == .root {
            while i < limit {
                let byte = bytes[i]
                if classes[Int(byte)] & XMLByteClasses.textSpecial == 0 { i += 1; continue }
                if byte == ASCII.less { break }
                if byte == ASCII.rightBracket {
                    // `]]>` may only end a CDATA section.
                    guard i + 2 < limit else { position = i; return false }
                    if bytes[i + 1] == ASCII.rightBracket, bytes[i + 2] == ASCII.greater {
                        throw ReadFailure.xml("badMarkup", at: offset(i))
                    }
                    i += 1
                    continue
                }
                if byte == ASCII.ampersand {
                    let end = try reference(at: i)
                    if end < 0 { position = i; return false }
                    i = end
                    continue
                }
                if byte == ASCII.tab || byte == ASCII.newline || byte == ASCII.carriageReturn { i += 1; continue }
                throw badCharacter(UInt32(byte), at: i)
            }
        } else {
            // Outside the root element only whitespace may stand between markup.
            while i < limit {
                let byte = bytes[i]
                if classes[Int(byte)] & XMLByteClasses.whitespace != 0 { i += 1; continue }
                if byte == ASCII.less { break }
                if !sawMarkup { throw ReadFailure(problems.notXML, at: offset(i)) }
                throw ReadFailure.xml("contentOutsideRoot", at: offset(i))
            }
        }
        position = i
        return true
    }

    // MARK: - Tags

    private mutating func markup(at start: Int) throws(ReadFailure) -> Step {
        guard start + 1 < limit else { return .incomplete }
        switch bytes[start + 1] {
        case ASCII.slash: return try endTag(at: start)
        case ASCII.bang: return try declarationOrComment(at: start)
        case ASCII.question: return try processingInstruction(at: start)
        default: return try startTag(at: start)
        }
    }

    /// `<name attr="value" …>` or `<name …/>`.
    private mutating func startTag(at start: Int) throws(ReadFailure) -> Step {
        var i = start + 1
        guard classes[Int(bytes[i])] & XMLByteClasses.nameStart != 0 else {
            throw ReadFailure.xml("badMarkup", at: offset(start))
        }
        i += 1
        while i < limit, classes[Int(bytes[i])] & XMLByteClasses.nameChar != 0 { i += 1 }
        let tagNameEnd = i
        attributeCount = 0
        // One bit per (name length, last byte) seen in this tag: only an attribute whose bit is
        // already set can repeat a name, so most tags never compare names at all.
        var seen: UInt64 = 0
        var empty = false
        while true {
            guard i < limit else { return .incomplete }
            var byte = bytes[i]
            var spaced = false
            while classes[Int(byte)] & XMLByteClasses.whitespace != 0 {
                spaced = true
                i += 1
                guard i < limit else { return .incomplete }
                byte = bytes[i]
            }
            if byte == ASCII.greater { i += 1; break }
            if byte == ASCII.slash {
                guard i + 1 < limit else { return .incomplete }
                guard bytes[i + 1] == ASCII.greater else { throw badAttribute(start, tagNameEnd, at: i) }
                i += 2
                empty = true
                break
            }
            // An attribute, which must be apart from what precedes it.
            guard spaced, classes[Int(byte)] & XMLByteClasses.nameStart != 0 else {
                throw badAttribute(start, tagNameEnd, at: i)
            }
            let attributeNameStart = i
            i += 1
            while i < limit, classes[Int(bytes[i])] & XMLByteClasses.nameChar != 0 { i += 1 }
            let attributeNameEnd = i
            while i < limit, classes[Int(bytes[i])] & XMLByteClasses.whitespace != 0 { i += 1 }
            guard i < limit else { return .incomplete }
            guard bytes[i] == ASCII.equals else { throw badAttribute(start, tagNameEnd, at: i) }
            i += 1
            while i < limit, classes[Int(bytes[i])] & XMLByteClasses.whitespace != 0 { i += 1 }
            guard i < limit else { return .incomplete }
            let quote = bytes[i]
            guard quote == ASCII.quote || quote == ASCII.apostrophe else { throw badAttribute(start, tagNameEnd, at: i) }
            i += 1
            let valueStart = i
            var needsDecoding = false
            while true {
                guard i < limit else { return .incomplete }
                let value = bytes[i]
                if classes[Int(value)] & XMLByteClasses.valueSpecial == 0 { i += 1; continue }
                if value == quote { break }
                switch value {
                case ASCII.quote, ASCII.apostrophe:
                    i += 1
                case ASCII.less:
                    throw badAttribute(start, tagNameEnd, at: i)
                case ASCII.ampersand:
                    let end = try reference(at: i)
                    if end < 0 { return .incomplete }
                    needsDecoding = true
                    i = end
                case ASCII.tab, ASCII.newline, ASCII.carriageReturn:
                    needsDecoding = true
                    i += 1
                default:
                    throw badCharacter(UInt32(value), at: i)
                }
            }
            let attribute = XMLAttribute(
                nameStart: attributeNameStart, nameEnd: attributeNameEnd,
                valueStart: valueStart, valueEnd: i, needsDecoding: needsDecoding)
            i += 1
            guard attributeCount < Self.mostAttributes else {
                throw ReadFailure.xml(
                    "tooManyAttributes", ["element": text(start + 1, tagNameEnd), "limit": String(Self.mostAttributes)],
                    at: offset(start))
            }
            let nameLength = attributeNameEnd - attributeNameStart
            let bit: UInt64 = 1 << UInt64((nameLength &* 7 &+ Int(bytes[attributeNameEnd - 1])) & 63)
            if seen & bit != 0 { try checkUnique(attribute, start, tagNameEnd) }
            seen |= bit
            storage.attributes[attributeCount] = attribute
            attributeCount += 1
        }

        switch phase {
        case .prolog: phase = .root
        case .epilog: throw ReadFailure.xml("contentOutsideRoot", at: offset(start))
        case .root: break
        }
        sawMarkup = true
        tagStart = start
        nameStart = start + 1
        nameEnd = tagNameEnd
        isEmptyElement = empty
        if empty {
            depth = openNameStarts.count + 1
            if openNameStarts.isEmpty { phase = .epilog }
        } else {
            guard openNameStarts.count < Self.deepestNesting else {
                throw ReadFailure.xml("tooDeep", ["limit": String(Self.deepestNesting)], at: offset(start))
            }
            guard tagNameEnd - nameStart <= Self.longestName else {
                throw ReadFailure.xml("longName", ["limit": String(Self.longestName)], at: offset(start))
            }
            openNameStarts.append(openNames.count)
            openNames.append(contentsOf: UnsafeBufferPointer(start: bytes + nameStart, count: tagNameEnd - nameStart))
            depth = openNameStarts.count
        }
        return Step(index: i, event: .startTag)
    }

    /// `</name>`, which must close the innermost open element.
    private mutating func endTag(at start: Int) throws(ReadFailure) -> Step {
        var i = start + 2
        guard i < limit else { return .incomplete }
        guard classes[Int(bytes[i])] & XMLByteClasses.nameStart != 0 else {
            throw ReadFailure.xml("badMarkup", at: offset(start))
        }
        i += 1
        while i < limit, classes[Int(bytes[i])] & XMLByteClasses.nameChar != 0 { i += 1 }
        let closingNameEnd = i
        while i < limit, classes[Int(bytes[i])] & XMLByteClasses.whitespace != 0 { i += 1 }
        guard i < limit else { return .incomplete }
        guard bytes[i] == ASCII.greater else { throw ReadFailure.xml("badMarkup", at: offset(start)) }
        i += 1
        guard let open = openNameStarts.last else {
            throw ReadFailure.xml("contentOutsideRoot", at: offset(start))
        }
        let length = closingNameEnd - (start + 2)
        let matches =
            openNames.count - open == length
            && openNames.withUnsafeBufferPointer { names in
                guard let base = names.baseAddress else { return false }
                return memcmp(base + open, bytes + start + 2, length) == 0
            }
        guard matches else {
            throw ReadFailure.xml(
                "mismatchedTag",
                [
                    "expected": String(decoding: openNames[open...], as: UTF8.self),
                    "found": String(decoding: UnsafeBufferPointer(start: bytes + start + 2, count: length), as: UTF8.self),
                ], at: offset(start))
        }
        depth = openNameStarts.count
        openNames.removeLast(openNames.count - open)
        openNameStarts.removeLast()
        if openNameStarts.isEmpty { phase = .epilog }
        tagStart = start
        nameStart = start + 2
        nameEnd = closingNameEnd
        isEmptyElement = false
        return Step(index: i, event: .endTag)
    }

    /// XML allows each attribute name once in a tag: compares the name with those before it.
    private func checkUnique(_ attribute: XMLAttribute, _ tagStart: Int, _ tagNameEnd: Int) throws(ReadFailure) {
        let length = attribute.nameEnd - attribute.nameStart
        for other in UnsafeBufferPointer(start: storage.attributes, count: attributeCount)
        where other.nameEnd - other.nameStart == length
            && bytes[other.nameStart] == bytes[attribute.nameStart]
            && memcmp(bytes + other.nameStart, bytes + attribute.nameStart, length) == 0
        {
            throw ReadFailure.xml(
                "duplicateAttribute",
                [
                    "element": text(tagStart + 1, tagNameEnd),
                    "attribute": text(attribute.nameStart, attribute.nameEnd),
                ], at: offset(attribute.nameStart))
        }
    }

    private func badAttribute(_ tagStart: Int, _ tagNameEnd: Int, at index: Int) -> ReadFailure {
        .xml("badAttribute", ["element": text(tagStart + 1, tagNameEnd)], at: offset(index))
    }

    func badCharacter(_ code: UInt32, at index: Int) -> ReadFailure {
        let hex = String(code, radix: 16, uppercase: true)
        return .xml("badCharacter", ["code": String(repeating: "0", count: max(0, 4 - hex.count)) + hex], at: offset(index))
    }

    /// Buffer bytes as text, for problems (invalid UTF-8 shows as U+FFFD).
    func text(_ start: Int, _ end: Int) -> String {
        guard start >= 0, end <= limit, start <= end else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }

    // MARK: - Helpers for the skipping code

    /// Index past whitespace from `i`, or -1 if the bytes held end first.
    func skipWhitespace(from i: Int) -> Int {
        var i = i
        while i < limit {
            if classes[Int(bytes[i])] & XMLByteClasses.whitespace == 0 { return i }
            i += 1
        }
        return -1
    }

    /// Index past the name at `i` (which must start one), or -1 if the bytes held end first;
    /// `i` itself if no name starts there.
    func skipName(from i: Int) -> Int {
        guard i < limit else { return -1 }
        guard classes[Int(bytes[i])] & XMLByteClasses.nameStart != 0 else { return i }
        var i = i + 1
        while i < limit {
            if classes[Int(bytes[i])] & XMLByteClasses.nameChar == 0 { return i }
            i += 1
        }
        return -1
    }

    func isWhitespace(_ index: Int) -> Bool { classes[Int(bytes[index])] & XMLByteClasses.whitespace != 0 }

    /// Whether the bytes from `index` are `literal`: nil if the bytes held end first.
    func matches(_ literal: StaticString, at index: Int) -> Bool? {
        let length = literal.utf8CodeUnitCount
        guard index + length <= limit else { return nil }
        return memcmp(bytes + index, literal.utf8Start, length) == 0
    }

    /// The index of the first `terminator` at or after `i`, or -1 if the bytes held end first.
    func find(_ terminator: StaticString, from i: Int) -> Int {
        let length = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start[0]
        var i = i
        while i + length <= limit {
            if bytes[i] == first, memcmp(bytes + i, terminator.utf8Start, length) == 0 { return i }
            i += 1
        }
        return -1
    }

    var bytesHeld: Int { limit }
}

/// Memory the scanner allocates once and frees with itself: the attributes of the tag last
/// returned, and room to decode an attribute value into.
final class ScannerStorage {
    let attributes: UnsafeMutablePointer<XMLAttribute>
    let scratch: UnsafeMutablePointer<UInt8>
    let scratchCapacity: Int

    init(attributes count: Int, scratch capacity: Int) {
        attributes = .allocate(capacity: max(1, count))
        scratchCapacity = max(1, capacity)
        scratch = .allocate(capacity: scratchCapacity)
    }

    deinit {
        attributes.deallocate()
        scratch.deallocate()
    }
}
