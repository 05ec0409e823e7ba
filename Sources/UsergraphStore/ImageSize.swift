import Foundation
import UsergraphCore

/// The pixel size of a stored image, read from its header, so an `<img>` declares the shape
/// the browser will draw (a 4:3 photo declared square makes the page jump as it loads).
/// Reads the first 4 KiB (a JPEG whose frame header lies behind its metadata, up to 64 KiB);
/// PNG, GIF, JPEG, WebP and SVG. Anything else, or a header that does not parse, gives nil
/// and the caller keeps its default.
package struct ImageSize: Equatable, Sendable {
    package var width: Int
    package var height: Int

    package static func read(path: String) -> ImageSize? {
        // Not blocking: a FIFO in the store's folder reads as empty instead of waiting forever.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let head = FileBytes.prefix(4096, of: descriptor)
        if let size = parse(head) { return size }
        guard head.starts(with: [0xFF, 0xD8]), head.count == 4096 else { return nil }
        return parse(head + FileBytes.prefix(65_536 - 4096, of: descriptor))
    }

    package static func parse(_ b: [UInt8]) -> ImageSize? {
        let size: ImageSize?
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            size = b.count >= 24 ? ImageSize(width: be32(b, 16), height: be32(b, 20)) : nil
        } else if b.starts(with: Array("GIF8".utf8)) {
            size = b.count >= 10 ? ImageSize(width: Int(b[6]) | Int(b[7]) << 8, height: Int(b[8]) | Int(b[9]) << 8) : nil
        } else if b.starts(with: [0xFF, 0xD8]) {
            size = jpeg(b)
        } else if b.count >= 30, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            size = webp(b)
        } else {
            size = svg(b)
        }
        guard let size, size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else { return nil }
        return size
    }

    /// The height shown at `width`, keeping the aspect ratio.
    package func height(atWidth shown: Int) -> Int { max(1, Int((Double(shown) * Double(height) / Double(width)).rounded())) }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }

    /// Walks the segments to the first start-of-frame marker (C0–CF but C4, C8 and CC).
    private static func jpeg(_ b: [UInt8]) -> ImageSize? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker >= 0xC0, marker <= 0xCF, marker != 0xC4, marker != 0xC8, marker != 0xCC {
                return ImageSize(width: be16(b, i + 7), height: be16(b, i + 5))
            }
            i += 2 + be16(b, i + 2)
        }
        return nil
    }

    private static func webp(_ b: [UInt8]) -> ImageSize? {
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            return ImageSize(width: (Int(b[26]) | Int(b[27]) << 8) & 0x3FFF, height: (Int(b[28]) | Int(b[29]) << 8) & 0x3FFF)
        case "VP8L":
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ImageSize(
                width: (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16) + 1,
                height: (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16) + 1)
        default:
            return nil
        }
    }

    /// The root `<svg>` element's `width` and `height` in pixels, else its viewBox. Searched on
    /// the bytes (Foundation's `range(of:)` was most of a full build's time here), and only
    /// finite numbers count: `width="inf"` in a downloaded avatar would otherwise stop the build.
    private static func svg(_ b: [UInt8]) -> ImageSize? {
        guard let open = b[...].firstIndex(ofBytes: Array("<svg".utf8)),
            let close = b[(open + 4)...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let tag = b[(open + 4)..<close]
        func attribute(_ name: String) -> String? {
            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                let opening = Array(" \(name)=".utf8) + [quote]
                if let start = tag.firstIndex(ofBytes: opening), let end = tag[(start + opening.count)...].firstIndex(of: quote) {
                    return String(decoding: tag[(start + opening.count)..<end], as: UTF8.self)
                }
            }
            return nil
        }
        func pixels(_ value: String?) -> Int? {
            guard var value else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return whole(Double(value))
        }
        if let w = pixels(attribute("width")), let h = pixels(attribute("height")) { return ImageSize(width: w, height: h) }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4, let w = whole(box[2]), let h = whole(box[3]) else { return nil }
        return ImageSize(width: w, height: h)
    }

    /// `value` rounded to a whole number, or nil when it is not finite or not near any size
    /// (converting those to Int traps).
    private static func whole(_ value: Double?) -> Int? {
        guard let value, value.isFinite, value.magnitude < 1e9 else { return nil }
        return Int(value.rounded())
    }

}
