#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tag the scanner found, as the reader of its meaning sees it: its name, depth and attributes,
/// all offsets into the scanner's buffer. Valid only until the scanner's next call, which is
/// how it is used: looked at while the event is handled, never kept.
struct XMLTag {
    let bytes: UnsafePointer<UInt8>
    /// The bytes held: nothing past this is read.
    let limit: Int
    /// The file offset of `bytes[0]`.
    let fileOffset: Int64
    /// Where the tag's `<` is.
    let start: Int
    let nameStart: Int
    let nameEnd: Int
    let isEmptyElement: Bool
    /// 1 for the root, 2 for its children…
    let depth: Int
    let attributes: UnsafeBufferPointer<XMLAttribute>
    /// Room for a decoded value (decoding never lengthens one).
    let scratch: UnsafeMutablePointer<UInt8>
    let scratchCapacity: Int

    /// The file offset of a buffer index.
    func offset(_ index: Int) -> Int64 { fileOffset + Int64(index) }

    /// Whether the tag's name is `name`.
    func nameIs(_ name: StaticString) -> Bool {
        let length = nameEnd - nameStart
        return length == name.utf8CodeUnitCount && memcmp(bytes + nameStart, name.utf8Start, length) == 0
    }

    /// The name's bytes.
    var nameBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes + nameStart, count: nameEnd - nameStart) }

    /// The tag's name.
    var name: String { text(nameStart, nameEnd) }

    /// The attribute called `name`.
    func attribute(_ name: StaticString) -> XMLAttribute? {
        let length = name.utf8CodeUnitCount
        for attribute in attributes
        where attribute.nameEnd - attribute.nameStart == length
            && memcmp(bytes + attribute.nameStart, name.utf8Start, length) == 0
        {
            return attribute
        }
        return nil
    }

    /// The attribute's value as bytes, decoded (references replaced, whitespace normalised)
    /// where that changes them. The bytes are valid only inside `body`.
    func withValue<Result, Failure: Error>(
        _ attribute: XMLAttribute, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let raw = UnsafeBufferPointer(start: bytes + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart)
        guard attribute.needsDecoding else { return try body(raw) }
        let count = XMLValueDecoder.decode(raw, into: scratch, capacity: scratchCapacity)
        return try body(UnsafeBufferPointer(start: scratch, count: count))
    }

    /// The attribute's decoded value as a string; invalid UTF-8 is a problem.
    func string(_ attribute: XMLAttribute) throws(ReadFailure) -> String {
        let made: String? = withValue(attribute) { value in String(validating: value, as: UTF8.self) }
        guard let made else { throw ReadFailure.xml("invalidUTF8", at: offset(attribute.valueStart)) }
        return made
    }

    /// Buffer bytes as text, for problems (invalid UTF-8 shows as U+FFFD).
    func text(_ from: Int, _ to: Int) -> String {
        guard from >= 0, to <= limit, from <= to else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes + from, count: to - from), as: UTF8.self)
    }
}
