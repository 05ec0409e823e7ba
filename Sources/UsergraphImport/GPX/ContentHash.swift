/// A 64-bit FNV-1a hash as 16 hex digits: the `sourceID` of an activity whose file gives it no
/// id of its own (a GPX track). Not cryptographic and not meant to be: it only has to be
/// stable across runs and machines (Swift's `Hasher` is seeded per process) and to tell a
/// person's tracks apart, which 64 bits do with room to spare.
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func hex(of text: String) -> String {
        var hash = ContentHash()
        hash.add(text)
        return hash.hex
    }
}
