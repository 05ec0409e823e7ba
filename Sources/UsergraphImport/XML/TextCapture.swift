/// The text of the one element a handler is reading, gathered from the parser's pieces. Text
/// elsewhere (most of a file: indentation, extensions) is dropped as it comes, and a captured
/// text is cut at `limit` bytes, so a hostile file's megabyte-long `<time>` costs nothing.
struct TextCapture {
    static let limit = 1024

    private var text = ""
    private var capturing = false

    mutating func start() {
        text = ""
        capturing = true
    }

    mutating func append(_ piece: String) {
        guard capturing, text.utf8.count < Self.limit else { return }
        text += piece
    }

    /// The text, trimmed of XML white space; capture ends until the next `start()`.
    mutating func finish() -> String {
        capturing = false
        return String(decoding: XMLText.trimmed(text.utf8.prefix(Self.limit)), as: UTF8.self)
    }
}

/// Small helpers for element and attribute text.
enum XMLText {
    /// `bytes` without the XML white space (space, tab, CR, LF) at either end.
    static func trimmed<Bytes: BidirectionalCollection>(_ bytes: Bytes) -> Bytes.SubSequence where Bytes.Element == UInt8 {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
    }

    /// A decimal number as XML Schema writes one (`-12.5`, `1e3`, white space around it); not
    /// `nan`, `inf` or hexadecimal, which `Double.init` would also take.
    static func decimal(_ text: String) -> Double? {
        let bytes = trimmed(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
            let value = Double(Substring(bytes)), value.isFinite
        else { return nil }
        return value
    }

    /// `decimal(_:)` of text given as UTF-8 bytes (valid, the caller has made sure), without
    /// making a `String` of the untrimmed text first: the byte scanner's GPX path reads a few
    /// of these a track point.
    static func decimal(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let bytes = trimmed(bytes)
        guard !bytes.isEmpty, bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
            let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }
}
