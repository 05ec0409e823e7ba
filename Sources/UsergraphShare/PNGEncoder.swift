import CZlibShim
import Foundation

/// A cairo image surface's pixels as a PNG. cairo's own writer goes through libpng, whose
/// filter search and default compression were half of drawing a card; ours writes every row
/// unfiltered at zlib level 3, which for flat-coloured cards and charts makes smaller files
/// (the demo's social card 60 KB instead of 63, a stats card 19 KB instead of 23) in about a
/// fifth of the time.
package enum PNGEncoder {
    /// zlib's level: 3 packs these pictures smaller than libpng's filtered level 6 at half the
    /// time of an unfiltered level 6.
    package static let level: Int32 = 3

    /// Encodes `height` rows of `width` pixels, each row `stride` bytes apart, in cairo's
    /// ARGB32 format (native-endian words, colours premultiplied by alpha). A picture whose
    /// every pixel is opaque is written as RGB, others as RGBA with the colours divided by
    /// alpha again, as cairo's writer does. Nil when zlib fails.
    package static func encode(argb pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Data? {
        guard width > 0, height > 0 else { return nil }
        func row(_ y: Int) -> UnsafeBufferPointer<UInt32> {
            UnsafeBufferPointer(start: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), count: width)
        }
        let opaque = (0..<height).allSatisfy { y in row(y).allSatisfy { $0 >> 24 == 0xFF } }
        let channels = opaque ? 3 : 4
        // One row at a time: the social card's 2.3 MB of raw rows, and as much again for zlib's
        // output, would be held at once for each picture drawn.
        func fill(_ y: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) {
            var at = 0
            for pixel in row(y) {
                let alpha = pixel >> 24
                var red = pixel >> 16 & 0xFF, green = pixel >> 8 & 0xFF, blue = pixel & 0xFF
                if !opaque, alpha != 0xFF, alpha != 0 {
                    red = (red * 255 + alpha / 2) / alpha
                    green = (green * 255 + alpha / 2) / alpha
                    blue = (blue * 255 + alpha / 2) / alpha
                }
                // A premultiplied colour is at most its alpha, so each is at most 255 here.
                bytes[at] = UInt8(truncatingIfNeeded: red); bytes[at + 1] = UInt8(truncatingIfNeeded: green); bytes[at + 2] = UInt8(truncatingIfNeeded: blue)
                if !opaque { bytes[at + 3] = UInt8(truncatingIfNeeded: alpha) }
                at += channels
            }
        }
        guard var packed = deflate(rows: height, length: width * channels, up: false, fill) else { return nil }
        // Icons, small and drawn once per theme, are smooth shades, which the "up" filter (each
        // byte less the one above it) packs a fifth smaller; both are tried.
        if width * height <= smallPicture, let up = deflate(rows: height, length: width * channels, up: true, fill), up.count < packed.count {
            packed = up
        }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.reserveCapacity(packed.count + 64)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits a channel, RGB or RGBA, deflate, no filter set, no interlace
        append("IHDR", header[...], to: &png)
        append("IDAT", packed[...], to: &png)
        append("IEND", [][...], to: &png)
        return png
    }

    /// Pictures of at most this many pixels are also tried with the "up" filter.
    static let smallPicture = 256 * 256

    /// The zlib stream of `rows` rows of `length` bytes each, as `fill` makes them, each after
    /// its filter type: 0 (none) or, with `up`, 2 (each byte less the one above it).
    private static func deflate(rows: Int, length: Int, up: Bool, _ fill: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_deflate_init(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var packed: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // Each row is made in place after its filter byte; with "up", `above` keeps the row
        // before as it was made.
        var above = [UInt8](repeating: 0, count: up ? length : 0)
        var line = [UInt8](repeating: 0, count: 1 + length)
        for y in 0..<rows {
            line.withUnsafeMutableBufferPointer { line in
                line[0] = up ? 2 : 0
                let row = UnsafeMutableBufferPointer(rebasing: line[1...])
                fill(y, row)
                guard up else { return }
                above.withUnsafeMutableBufferPointer { above in
                    for at in 0..<length {
                        let made = row[at]
                        row[at] = made &- above[at]
                        above[at] = made
                    }
                }
            }
            let flush = y == rows - 1 ? Z_FINISH : Z_NO_FLUSH
            let status: Int32 = line.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                var status = Z_OK
                repeat {
                    status = chunk.withUnsafeMutableBufferPointer { output in
                        stream.next_out = output.baseAddress
                        stream.avail_out = uInt(output.count)
                        return CZlibShim.deflate(&stream, flush)
                    }
                    packed.append(contentsOf: chunk[..<(chunk.count - Int(stream.avail_out))])
                } while stream.avail_out == 0 && status == Z_OK
                return status
            }
            guard status == (flush == Z_FINISH ? Z_STREAM_END : Z_OK) else { return nil }
        }
        return packed
    }

    /// A chunk: its length, type, data and the CRC-32 of type and data (zlib's, which is
    /// table-driven on words).
    private static func append(_ type: String, _ data: ArraySlice<UInt8>, to png: inout Data) {
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: bigEndian(UInt32(data.count)))
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        // Not with no bytes: zlib takes a null buffer as a request for the starting value.
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) } }
        png.append(contentsOf: bigEndian(UInt32(crc)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
