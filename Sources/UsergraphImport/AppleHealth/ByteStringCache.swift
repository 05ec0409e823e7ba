#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns repeated byte strings (source names, food names, record types) into one shared
/// `String` each, with a small number for each: a large export names a few devices millions of
/// times, and a String per record would be an allocation per record. The last few strings seen
/// are compared byte for byte before anything is allocated.
struct ByteStringCache {
    private(set) var strings: [String] = []
    private var numbers: [String: Int] = [:]
    /// The most recently used entries: their bytes and number, newest first.
    private var recent: [(bytes: [UInt8], number: Int)] = []
    private static let recentCount = 8

    /// The number of `bytes` if they were seen before, without adding them.
    func knownNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let entry = recent.first(where: { $0.bytes.count == bytes.count && $0.bytes.elementsEqual(bytes) }) {
            return entry.number
        }
        return numbers[String(decoding: bytes, as: UTF8.self)]
    }

    /// The number of the string `bytes` spell; `makeString` makes it the first time (and may
    /// refuse, e.g. invalid UTF-8).
    mutating func number<Failure: Error>(
        _ bytes: UnsafeBufferPointer<UInt8>, makeString: (UnsafeBufferPointer<UInt8>) throws(Failure) -> String
    ) throws(Failure) -> Int {
        for index in recent.indices where recent[index].bytes.count == bytes.count {
            let same = recent[index].bytes.withUnsafeBufferPointer { known in
                guard let a = known.baseAddress, let b = bytes.baseAddress else { return bytes.isEmpty }
                return memcmp(a, b, bytes.count) == 0
            }
            if same {
                let hit = recent[index]
                if index > 0 { recent.remove(at: index); recent.insert(hit, at: 0) }
                return hit.number
            }
        }
        let string = try makeString(bytes)
        let number: Int
        if let known = numbers[string] {
            number = known
        } else {
            number = strings.count
            strings.append(string)
            numbers[string] = number
        }
        recent.insert((Array(bytes), number), at: 0)
        if recent.count > Self.recentCount { recent.removeLast() }
        return number
    }
}

/// How many of each kind of element the reader passed over without importing: a record by its
/// `type`, anything else by its element name. Kinds past the first `mostKinds` are counted
/// together as `otherKinds`, so that a file of made-up types cannot grow the table without end
/// (an export has a few hundred).
struct SkipCounter {
    static let mostKinds = 2000
    static let otherKinds = "…"
    private var names = ByteStringCache()
    private var counts: [Int] = []
    private var others = 0

    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        if counts.count >= Self.mostKinds {
            if let known = names.knownNumber(bytes), known < counts.count { counts[known] += 1 } else { others += 1 }
            return
        }
        let number = names.number(bytes) { bytes in String(decoding: bytes, as: UTF8.self) }
        if number == counts.count { counts.append(0) }
        if number < counts.count { counts[number] += 1 }
    }

    var byKind: [String: Int] {
        var kinds = Dictionary(zip(names.strings, counts)) { first, second in first + second }
        if others > 0 { kinds[Self.otherKinds, default: 0] += others }
        return kinds
    }
}
