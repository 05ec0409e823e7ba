import Foundation

/// A `tEXt` chunk right after a PNG's header that names what the picture was drawn from
/// (`usergraph-source`, a hash). Viewers ignore it; `PNGRaster` reads it to skip redrawing.
package enum PNGStamp {
    package static let keyword = "usergraph-source"
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The signature and the IHDR chunk, which must come first.
    private static let headerLength = 8 + 4 + 4 + 13 + 4

    /// `png` with the stamp inserted after its header; unchanged if it is not a PNG.
    package static func write(_ stamp: String, into png: Data) -> Data {
        let bytes = [UInt8](png)
        guard bytes.count > headerLength, bytes.starts(with: signature) else { return png }
        let body = Array("tEXt".utf8) + Array(keyword.utf8) + [0] + Array(stamp.utf8)
        var chunk = bigEndian(UInt32(body.count - 4)) + body
        chunk += bigEndian(CRC32.of(body))
        return Data(bytes[..<headerLength] + chunk + bytes[headerLength...])
    }

    /// The stamp of a PNG, if it has one before its image data.
    package static func read(_ png: Data) -> String? {
        let b = [UInt8](png.prefix(512))
        guard b.starts(with: signature) else { return nil }
        var at = 8
        while at + 8 <= b.count {
            let length = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
            let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "IDAT" { return nil }
            let start = at + 8
            guard start + length <= b.count else { return nil }
            if type == "tEXt" {
                let data = b[start..<(start + length)]
                let prefix = Array(keyword.utf8) + [0]
                if data.starts(with: prefix) { return String(decoding: data.dropFirst(prefix.count), as: UTF8.self) }
            }
            at = start + length + 4
        }
        return nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The CRC-32 PNG chunks end with (ISO 3309, polynomial 0xEDB88320).
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    package static func of(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { c, byte in table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    }
}
