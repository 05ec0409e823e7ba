import Foundation
import Mustache
import UsergraphCore

/// What a page is made of, as 128 bits: its template (and the layout, partials and strings
/// every page shares), what the layout is given for it, and its context, which holds every
/// value the page reads from the store and the statistics. Two builds that give a page the
/// same fingerprint write the same bytes for it, so a rebuild keeps the published file and
/// renders only the pages whose fingerprint changed.
///
/// Not a cryptographic hash: a store would have to be built to collide on purpose, and the
/// worst it could do is keep an old page of its own site.
package struct PageFingerprint: Hashable, Sendable {
    package let high: UInt64
    package let low: UInt64

    package init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// As the manifest writes it.
    package var hex: String { String(high, radix: 16) + ":" + String(low, radix: 16) }

    /// Reads the manifest's `high:low` (both in lowercase hex, as `PageManifest.save` writes
    /// them) back; nil for anything else. On the bytes: a manifest holds 20,000 of them, and
    /// the generic `split` spent 4 % of a rebuild on them. Of the manifest's line bytes, not of
    /// any sequence: generic and called from the manifest's target, it ran unspecialized and
    /// was a third of a rebuild's time again.
    package init?(hexBytes bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        var high: UInt64 = 0, low: UInt64 = 0
        var digits = 0, seenColon = false
        for byte in bytes {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: ":") where !seenColon && digits > 0:
                seenColon = true; digits = 0; continue
            default: return nil
            }
            digits += 1
            guard digits <= 16 else { return nil }
            if seenColon { low = low << 4 | UInt64(value) } else { high = high << 4 | UInt64(value) }
        }
        guard seenColon, digits > 0 else { return nil }
        self.init(high: high, low: low)
    }
}

/// Serializes values unambiguously (a tag and a length before each) into a buffer, then hashes
/// the buffer in 8-byte words on two lanes.
package struct FingerprintHasher {
    private var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(4096) }

    package mutating func add(_ text: String) {
        var text = text
        tag(1, count: text.utf8.count)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func add(_ data: some Collection<UInt8>) {
        tag(2, count: data.count)
        bytes.append(contentsOf: data)
    }

    package mutating func add(_ number: Int) { tag(3, count: 0); word(UInt64(bitPattern: Int64(number))) }
    package mutating func add(_ number: Double) { tag(4, count: 0); word(number.bitPattern) }
    package mutating func add(_ flag: Bool) { tag(flag ? 5 : 6, count: 0) }
    package mutating func add(_ fingerprint: PageFingerprint) { tag(7, count: 0); word(fingerprint.high); word(fingerprint.low) }

    /// A context value: dictionaries with their keys sorted (their order is per process), lists,
    /// text, numbers and the template values. False for a value it cannot read (a closure), so
    /// the caller renders that page rather than trust a fingerprint that missed something.
    package mutating func add(context value: Any) -> Bool {
        switch value {
        case let text as String: add(text)
        // Bool before the numbers: where Foundation bridges them, `true` also reads as 1.
        case let flag as Bool: add(flag)
        case let number as Int: add(number)
        case let number as Double: add(number)
        case let dictionary as [String: Any]:
            tag(8, count: dictionary.count)
            for key in dictionary.keys.sorted() {
                add(key)
                guard let item = dictionary[key], add(context: item) else { return false }
            }
        case let dictionary as [String: String]:
            tag(8, count: dictionary.count)
            for key in dictionary.keys.sorted() { add(key); add(dictionary[key] ?? "") }
        case let list as [Any]:
            tag(9, count: list.count)
            for item in list { guard add(context: item) else { return false } }
        case let node as MustacheNode:
            switch node.value {
            case let number as TemplateNumber: tag(10, count: number.places); add(number.value)
            case let date as TemplateDate: tag(11, count: 0); add(date.day.number)
            case let month as TemplateMonth: tag(12, count: 0); add(month.month.index)
            case let duration as TemplateDuration: tag(13, count: 0); add(duration.seconds)
            default: return false
            }
        case let text as Substring: add(String(text))
        default: return false
        }
        return true
    }

    private mutating func tag(_ kind: UInt8, count: Int) {
        bytes.append(kind)
        word(UInt64(count))
    }

    private mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package func finish() -> PageFingerprint { Self.digest(bytes) }

    /// The 128-bit hash of `bytes`, 8 bytes a step on two lanes.
    package static func digest(_ bytes: [UInt8]) -> PageFingerprint {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            var index = 0
            while index < raw.count {
                var word: UInt64 = 0
                let take = min(8, raw.count - index)
                if take == 8 {
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                } else {
                    for shift in 0..<take { word |= UInt64(raw[index + shift]) << (UInt64(shift) * 8) }
                }
                a = (a ^ word) &* 0xFF51_AFD7_ED55_8CCD
                a ^= a >> 29
                b = (b &+ word) &* 0xC4CE_B9FE_1A85_EC53
                b = (b << 31 | b >> 33) ^ a
                index += take
            }
        }
        return PageFingerprint(high: mix(a), low: mix(b ^ a))
    }

    /// MurmurHash3's finalizer: every input bit reaches every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
