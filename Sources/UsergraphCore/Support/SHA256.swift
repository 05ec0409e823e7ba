/// SHA-256, for naming downloaded files after their URL and for content-hashed asset names.
/// Small enough to own; pulling a crypto package into every build for one hash is not worth it.
package enum SHA256 {
    fileprivate static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    package static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    package static func hex(_ bytes: some Collection<UInt8>) -> String { hexDigits(digest(bytes)) }

    fileprivate static func hexDigits(_ words: [UInt32]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for word in words {
            for shift in stride(from: 28, through: 0, by: -4) {
                out.append(digits[Int((word >> UInt32(shift)) & 0xf)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 32 bytes of the digest, big-endian as the standard writes them.
    package static func digestBytes(_ input: some Collection<UInt8>) -> [UInt8] {
        digest(input).flatMap { word in stride(from: 24, through: 0, by: -8).map { UInt8((word >> UInt32($0)) & 0xff) } }
    }

    package static func digest(_ input: some Collection<UInt8>) -> [UInt32] {
        // Hashed straight from the caller's bytes when they are contiguous (a String's UTF-8,
        // an Array, Data): a build hashes tens of thousands of URLs.
        if let result = input.withContiguousStorageIfAvailable({ digest(bytes: UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(input).withUnsafeBytes { digest(bytes: $0) }
    }

    private static func digest(bytes input: UnsafeRawBufferPointer) -> [UInt32] {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        k.withUnsafeBufferPointer { k in
            h.withUnsafeMutableBufferPointer { h in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                    let whole = input.count / 64
                    for block in 0..<whole {
                        compress(UnsafeRawBufferPointer(rebasing: input[block * 64..<block * 64 + 64]), k: k, w: w, h: h)
                    }
                    // The tail: the last partial block, the 0x80 marker, zeros, and the length in bits.
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                        tail.initialize(repeating: 0)
                        let rest = input.count - whole * 64
                        for i in 0..<rest { tail[i] = input[whole * 64 + i] }
                        tail[rest] = 0x80
                        let length = rest < 56 ? 64 : 128
                        let bitLength = UInt64(input.count) * 8
                        for i in 0..<8 { tail[length - 1 - i] = UInt8(truncatingIfNeeded: bitLength >> UInt64(i * 8)) }
                        let bytes = UnsafeRawBufferPointer(tail)
                        for offset in stride(from: 0, to: length, by: 64) {
                            compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]), k: k, w: w, h: h)
                        }
                    }
                }
            }
        }
        return h
    }

    /// A digest of bytes that arrive in pieces (a file read chunk by chunk), so a big file is
    /// hashed without being held in memory: `update` with each piece, then `hex`.
    package struct Stream {
        private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        /// The bytes of a block not yet full.
        private var pending: [UInt8] = []
        private var length: UInt64 = 0

        package init() {}

        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            length += UInt64(bytes.count)
            var offset = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, bytes.count)
                pending += bytes[0..<take]
                offset = take
                guard pending.count == 64 else { return }
                let block = pending
                pending.removeAll(keepingCapacity: true)
                block.withUnsafeBytes { compressBlocks($0) }
            }
            let whole = (bytes.count - offset) / 64 * 64
            if whole > 0 { compressBlocks(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + whole])) }
            pending += bytes[(offset + whole)...]
        }

        /// The digest as 64 lowercase hex digits; the stream is not changed.
        package func hex() -> String {
            var copy = self
            // The tail: the 0x80 marker, zeros, and the length in bits, as `digest` pads.
            var tail = pending + [0x80]
            while tail.count % 64 != 56 { tail.append(0) }
            let bits = length &* 8
            for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(i * 8))) }
            tail.withUnsafeBytes { copy.compressBlocks($0) }
            return SHA256.hexDigits(copy.h)
        }

        private mutating func compressBlocks(_ bytes: UnsafeRawBufferPointer) {
            SHA256.k.withUnsafeBufferPointer { k in
                h.withUnsafeMutableBufferPointer { h in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                        for offset in stride(from: 0, to: bytes.count, by: 64) {
                            SHA256.compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]), k: k, w: w, h: h)
                        }
                    }
                }
            }
        }
    }

    /// One 64-byte block into the state `h`.
    @inline(__always)
    fileprivate static func compress(
        _ block: UnsafeRawBufferPointer, k: UnsafeBufferPointer<UInt32>,
        w: UnsafeMutableBufferPointer<UInt32>, h: UnsafeMutableBufferPointer<UInt32>
    ) {
        for i in 0..<16 {
            let b = i * 4
            w[i] = UInt32(block[b]) << 24 | UInt32(block[b + 1]) << 16 | UInt32(block[b + 2]) << 8 | UInt32(block[b + 3])
        }
        for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
        for i in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
        }
        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
    }

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
