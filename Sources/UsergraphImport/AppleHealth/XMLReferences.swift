/// References (`&…;`) in attribute values and text. Only XML's own are accepted: the five
/// predefined entities and character references to characters XML allows. Any other entity is
/// refused, never expanded, whether the DTD declares it (which names the attack: billion
/// laughs, external entities) or not.
extension XMLByteScanner {
    /// The longest entity name the scanner reads before calling the reference malformed.
    static let longestEntityName = 256

    /// Index past the `;` of the reference at `start`, or -1 if the bytes held end first.
    func reference(at start: Int) throws(ReadFailure) -> Int {
        var i = start + 1
        guard i < bytesHeld else { return -1 }
        if bytes[i] == ASCII.hash {
            i += 1
            guard i < bytesHeld else { return -1 }
            let hex = bytes[i] == ASCII.x
            if hex { i += 1 }
            var code: UInt32 = 0
            var digits = 0
            while true {
                guard i < bytesHeld else { return -1 }
                let byte = bytes[i]
                if byte == ASCII.semicolon { break }
                guard let digit = XMLValueDecoder.digit(byte, hex: hex), digits < 8 else {
                    throw badReference(from: start, to: i + 1)
                }
                code = code * (hex ? 16 : 10) + digit
                digits += 1
                i += 1
            }
            guard digits > 0, XMLValueDecoder.isXMLCharacter(code) else { throw badReference(from: start, to: i + 1) }
            return i + 1
        }
        let nameEnd = skipName(from: i)
        if nameEnd < 0 {
            guard bytesHeld - i < Self.longestEntityName else { throw badReference(from: start, to: bytesHeld) }
            return -1
        }
        guard nameEnd > i, nameEnd - i <= Self.longestEntityName else { throw badReference(from: start, to: nameEnd + 1) }
        guard nameEnd < bytesHeld else { return -1 }
        guard bytes[nameEnd] == ASCII.semicolon else { throw badReference(from: start, to: nameEnd + 1) }
        for predefined: StaticString in ["lt", "gt", "amp", "quot", "apos"]
        where matches(predefined, at: i) == true && nameEnd - i == predefined.utf8CodeUnitCount {
            return nameEnd + 1
        }
        let name = text(i, nameEnd)
        throw ReadFailure.xml(declaredEntities.contains(name) ? "entity" : "unknownEntity", ["name": name], at: offset(start))
    }

    private func badReference(from start: Int, to end: Int) -> ReadFailure {
        .xml("badReference", ["reference": text(start, min(end, bytesHeld, start + 32))], at: offset(start))
    }
}

/// Turns a raw attribute value the scanner has checked into the characters it stands for.
enum XMLValueDecoder {
    /// Decodes `raw` into `output` (at least as long as `raw`: decoding never lengthens) and
    /// returns the decoded length: references replaced, and tab, newline and carriage return
    /// each read as a space, a CR LF pair as one (XML's attribute-value normalisation).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        var count = 0
        var i = 0
        let end = raw.count
        func put(_ byte: UInt8) {
            if count < capacity { output[count] = byte; count += 1 }
        }
        while i < end {
            let byte = raw[i]
            switch byte {
            case ASCII.carriageReturn:
                put(ASCII.space)
                i += (i + 1 < end && raw[i + 1] == ASCII.newline) ? 2 : 1
            case ASCII.tab, ASCII.newline:
                put(ASCII.space)
                i += 1
            case ASCII.ampersand:
                var close = i + 1
                while close < end, raw[close] != ASCII.semicolon { close += 1 }
                let body = UnsafeBufferPointer(rebasing: raw[min(i + 1, end)..<close])
                if let code = character(body) { UTF8.encode(code) { put($0) } }
                i = close + 1
            default:
                put(byte)
                i += 1
            }
        }
        return count
    }

    /// The character of a reference's body (`amp`, `#38`, `#x26`); nil for anything else (the
    /// scanner has refused those already).
    static func character(_ body: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        switch Array(body) {
        case Array("lt".utf8): return "<"
        case Array("gt".utf8): return ">"
        case Array("amp".utf8): return "&"
        case Array("quot".utf8): return "\""
        case Array("apos".utf8): return "'"
        default: break
        }
        guard body.count >= 2, body[0] == ASCII.hash else { return nil }
        let hex = body[1] == ASCII.x
        var code: UInt32 = 0
        for byte in body.dropFirst(hex ? 2 : 1) {
            guard let digit = digit(byte, hex: hex), code <= 0x10FFFF else { return nil }
            code = code * (hex ? 16 : 10) + digit
        }
        return isXMLCharacter(code) ? Unicode.Scalar(code) : nil
    }

    static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46 where hex: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where hex: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// XML 1.0's `Char`: tab, newline, carriage return and the rest of Unicode but the other
    /// controls, surrogates and U+FFFE/U+FFFF.
    static func isXMLCharacter(_ code: UInt32) -> Bool {
        switch code {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}

/// Turns a text run the scanner has checked (`XMLTextRun`) into the characters it stands for:
/// references replaced, and line ends as XML reads them, a CR LF pair or a lone CR as one line
/// feed (the scanner never ends a run between the two); a character reference to CR stays a
/// CR. A CDATA section's content is kept as it is, line ends included: that is what libxml2's
/// push parser, which `XMLParser` drives, hands out, and the two paths must read alike.
enum XMLTextDecoder {
    /// Appends the decoded text of `run` to `output`, stopping once `output` holds `limit` bytes
    /// (a character may take it a few bytes past).
    static func append(_ run: XMLTextRun, to output: inout [UInt8], limit: Int) {
        let raw = run.bytes
        var i = 0
        let end = raw.count
        while i < end, output.count < limit {
            // The plain run up to the next byte to decode, appended at once.
            var plain = i
            while plain < end, raw[plain] != ASCII.carriageReturn && raw[plain] != ASCII.ampersand || run.isCDATA {
                plain += 1
            }
            if plain > i {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[i..<min(plain, i + limit - output.count)]))
                i = plain
                continue
            }
            let byte = raw[i]
            switch byte {
            case ASCII.carriageReturn where !run.isCDATA:
                output.append(ASCII.newline)
                i += (i + 1 < end && raw[i + 1] == ASCII.newline) ? 2 : 1
            case ASCII.ampersand where !run.isCDATA:
                var close = i + 1
                while close < end, raw[close] != ASCII.semicolon { close += 1 }
                let body = UnsafeBufferPointer(rebasing: raw[min(i + 1, end)..<close])
                if let code = XMLValueDecoder.character(body) { UTF8.encode(code) { output.append($0) } }
                i = close + 1
            default:
                output.append(byte)
                i += 1
            }
        }
    }
}
