/// FNV-1a, 64 bits: a hash that is the same in every run and on every machine (Swift's
/// `Hasher` is seeded per process), for ids a re-import must find again.
enum StableHash {
    /// 16 lowercase hex digits of the hash of `parts`' UTF-8, each part followed by a zero byte
    /// (so that `ab`+`c` and `a`+`bc` differ).
    static func hex(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
