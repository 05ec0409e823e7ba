/// The constructs the scanner passes over: comments, processing instructions (the XML
/// declaration among them, whose encoding it checks), CDATA sections and the document type
/// declaration. Each is held whole in the window while it is checked (`Step.incomplete` asks for
/// more bytes and a fresh start), so each is limited to the window's longest construct.
extension XMLByteScanner {
    /// `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE …>`.
    mutating func declarationOrComment(at start: Int) throws(ReadFailure) -> Step {
        guard let isComment = matches("<!--", at: start) else { return .incomplete }
        if isComment {
            let end = try commentEnd(from: start + 4)
            if end < 0 { return .incomplete }
            try checkCharacters(from: start + 4, to: end - 3)
            sawMarkup = true
            return Step(index: end, event: nil)
        }
        guard let isData = matches("<![CDATA[", at: start) else { return .incomplete }
        if isData {
            guard phase == .root else { throw ReadFailure.xml("contentOutsideRoot", at: offset(start)) }
            let end = find("]]>", from: start + 9)
            if end < 0 { return .incomplete }
            try checkCharacters(from: start + 9, to: end)
            return Step(index: end + 3, event: cdataEvent(from: start + 9, to: end))
        }
        guard let isDoctype = matches("<!DOCTYPE", at: start) else { return .incomplete }
        if isDoctype { return try doctype(at: start) }
        throw ReadFailure.xml("badMarkup", at: offset(start))
    }

    /// Index past the `-->` ending a comment whose text starts at `i`; XML forbids `--` inside.
    private func commentEnd(from i: Int) throws(ReadFailure) -> Int {
        let dashes = find("--", from: i)
        if dashes < 0 { return -1 }
        guard dashes + 2 < bytesHeld else { return -1 }
        guard bytes[dashes + 2] == ASCII.greater else { throw ReadFailure.xml("badMarkup", at: offset(dashes)) }
        return dashes + 3
    }

    /// `<?target …?>`; `<?xml …?>` only at the very start, where its encoding is checked.
    mutating func processingInstruction(at start: Int) throws(ReadFailure) -> Step {
        let targetEnd = skipName(from: start + 2)
        if targetEnd < 0 { return .incomplete }
        guard targetEnd > start + 2 else { throw ReadFailure.xml("badMarkup", at: offset(start)) }
        let end = find("?>", from: targetEnd)
        if end < 0 { return .incomplete }
        let target = text(start + 2, targetEnd)
        if target.lowercased() == "xml" {
            guard target == "xml", offset(start) == documentStart else {
                throw ReadFailure.xml("badMarkup", at: offset(start))
            }
            declaredEncoding = try checkDeclaration(from: targetEnd, to: end)
        } else {
            guard targetEnd == end || isWhitespace(targetEnd) else { throw ReadFailure.xml("badMarkup", at: offset(start)) }
            try checkCharacters(from: targetEnd, to: end)
        }
        sawMarkup = true
        return Step(index: end + 2, event: instructionEvent)
    }

    /// Refuses the control characters XML does not allow in the text of a comment, an
    /// instruction, a CDATA section or the DTD (the scanner checks them in tags and text as it goes).
    private func checkCharacters(from start: Int, to end: Int) throws(ReadFailure) {
        var i = start
        while i < end {
            let byte = bytes[i]
            if byte < ASCII.space, byte != ASCII.tab, byte != ASCII.newline, byte != ASCII.carriageReturn {
                throw badCharacter(UInt32(byte), at: i)
            }
            i += 1
        }
    }

    /// The XML declaration's pseudo-attributes, in XML's order: `version="1.x"`, then optionally
    /// `encoding` (UTF-8 or ASCII, what the scanner reads) and `standalone` (`yes` or `no`).
    /// Returns the encoding, if declared.
    private func checkDeclaration(from start: Int, to end: Int) throws(ReadFailure) -> String? {
        let bad = ReadFailure.xml("badMarkup", at: offset(start))
        var i = start
        var names: [String] = []
        var encoding: String?
        while true {
            let spaced = i < end && isWhitespace(i)
            while i < end, isWhitespace(i) { i += 1 }
            if i == end { break }
            guard spaced else { throw bad }
            let nameEnd = skipName(from: i)
            guard nameEnd > i, nameEnd <= end else { throw bad }
            let name = text(i, nameEnd)
            i = nameEnd
            while i < end, isWhitespace(i) { i += 1 }
            guard i < end, bytes[i] == ASCII.equals else { throw bad }
            i += 1
            while i < end, isWhitespace(i) { i += 1 }
            guard i < end, bytes[i] == ASCII.quote || bytes[i] == ASCII.apostrophe else { throw bad }
            let quote = bytes[i]
            let valueStart = i + 1
            i = valueStart
            while i < end, bytes[i] != quote { i += 1 }
            guard i < end else { throw bad }
            let value = text(valueStart, i)
            i += 1
            switch name {
            case "version" where names.isEmpty:
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy(\.isASCII),
                    value.dropFirst(2).allSatisfy(\.isNumber)
                else { throw bad }
            case "encoding" where names == ["version"]:
                guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) else {
                    throw ReadFailure.xml("encoding", ["encoding": value], at: offset(valueStart))
                }
                encoding = value
            case "standalone" where names.first == "version" && !names.contains("standalone"):
                guard value == "yes" || value == "no" else { throw bad }
            default:
                throw bad
            }
            names.append(name)
        }
        guard names.first == "version" else { throw bad }
        return encoding
    }

    /// `<!DOCTYPE name (SYSTEM "…" | PUBLIC "…" "…")? ([ internal subset ])? >`, once, before
    /// the root. The external DTD it may name is never read.
    private mutating func doctype(at start: Int) throws(ReadFailure) -> Step {
        let bad = ReadFailure.xml("badDoctype", at: offset(start))
        guard phase == .prolog, !sawDoctype else { throw bad }
        var i = start + 9
        guard i < bytesHeld else { return .incomplete }
        guard isWhitespace(i) else { throw bad }
        i = skipWhitespace(from: i)
        if i < 0 { return .incomplete }
        let nameEnd = skipName(from: i)
        if nameEnd < 0 { return .incomplete }
        guard nameEnd > i else { throw bad }
        i = skipWhitespace(from: nameEnd)
        if i < 0 { return .incomplete }
        for keyword: StaticString in ["SYSTEM", "PUBLIC"] {
            guard let found = matches(keyword, at: i) else { return .incomplete }
            guard found else { continue }
            i += 6
            for _ in 0..<(keyword.utf8Start[0] == 0x50 ? 2 : 1) {
                guard i < bytesHeld else { return .incomplete }
                guard isWhitespace(i) else { throw bad }
                i = skipWhitespace(from: i)
                if i < 0 { return .incomplete }
                i = try literalEnd(at: i, else: bad)
                if i < 0 { return .incomplete }
            }
            i = skipWhitespace(from: i)
            if i < 0 { return .incomplete }
            break
        }
        var entities = Set<String>()
        if bytes[i] == ASCII.leftBracket {
            i = try internalSubsetEnd(from: i + 1, entities: &entities)
            if i < 0 { return .incomplete }
            i = skipWhitespace(from: i)
            if i < 0 { return .incomplete }
        }
        guard bytes[i] == ASCII.greater else { throw bad }
        try checkCharacters(from: start, to: i)
        sawDoctype = true
        sawMarkup = true
        declaredEntities.formUnion(entities)
        return Step(index: i + 1, event: nil)
    }

    /// Index past a quoted literal at `i`, or -1 if the bytes held end first.
    private func literalEnd(at i: Int, else bad: ReadFailure) throws(ReadFailure) -> Int {
        let quote = bytes[i]
        guard quote == ASCII.quote || quote == ASCII.apostrophe else { throw bad }
        var j = i + 1
        while j < bytesHeld {
            if bytes[j] == quote { return j + 1 }
            j += 1
        }
        return -1
    }

    /// Index past the `]` closing the internal subset, its markup declarations checked for
    /// shape only. Entity declarations are noted in `entities`; parameter-entity references are
    /// refused, as they would have to be expanded.
    private func internalSubsetEnd(from start: Int, entities: inout Set<String>) throws(ReadFailure) -> Int {
        var i = start
        while true {
            i = skipWhitespace(from: i)
            if i < 0 { return -1 }
            let bad = ReadFailure.xml("badDoctype", at: offset(i))
            switch bytes[i] {
            case ASCII.rightBracket:
                return i + 1
            case ASCII.percent:
                let end = skipName(from: i + 1)
                if end < 0 { return -1 }
                throw ReadFailure.xml("entity", ["name": "%" + text(i + 1, end)], at: offset(i))
            case ASCII.less:
                guard i + 1 < bytesHeld else { return -1 }
                if bytes[i + 1] == ASCII.question {
                    let end = find("?>", from: i + 2)
                    if end < 0 { return -1 }
                    i = end + 2
                    continue
                }
                guard bytes[i + 1] == ASCII.bang else { throw bad }
                guard let isComment = matches("<!--", at: i) else { return -1 }
                if isComment {
                    i = try commentEnd(from: i + 4)
                    if i < 0 { return -1 }
                    continue
                }
                let keywordEnd = skipName(from: i + 2)
                if keywordEnd < 0 { return -1 }
                let keyword = text(i + 2, keywordEnd)
                guard ["ELEMENT", "ATTLIST", "ENTITY", "NOTATION"].contains(keyword) else { throw bad }
                i = keywordEnd
                if keyword == "ENTITY" {
                    guard i < bytesHeld else { return -1 }
                    guard isWhitespace(i) else { throw bad }
                    i = skipWhitespace(from: i)
                    if i < 0 { return -1 }
                    var parameter = false
                    if bytes[i] == ASCII.percent {
                        parameter = true
                        i = skipWhitespace(from: i + 1)
                        if i < 0 { return -1 }
                    }
                    let nameEnd = skipName(from: i)
                    if nameEnd < 0 { return -1 }
                    guard nameEnd > i else { throw bad }
                    if !parameter, entities.count < Self.rememberedEntities { entities.insert(text(i, nameEnd)) }
                    i = nameEnd
                }
                i = try declarationEnd(from: i, else: bad)
                if i < 0 { return -1 }
            default:
                throw bad
            }
        }
    }

    /// Index past the `>` ending a markup declaration, quoted literals skipped whole.
    private func declarationEnd(from start: Int, else bad: ReadFailure) throws(ReadFailure) -> Int {
        var i = start
        while i < bytesHeld {
            switch bytes[i] {
            case ASCII.greater:
                return i + 1
            case ASCII.quote, ASCII.apostrophe:
                i = try literalEnd(at: i, else: bad)
                if i < 0 { return -1 }
            case ASCII.less:
                throw bad
            case ASCII.percent:
                let end = skipName(from: i + 1)
                if end < 0 { return -1 }
                if end > i + 1 {
                    throw ReadFailure.xml("entity", ["name": "%" + text(i + 1, end)], at: offset(i))
                }
                i += 1
            default:
                i += 1
            }
        }
        return -1
    }
}
