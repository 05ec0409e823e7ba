import CZlibShim

/// Unpacks a gzipped FIT file (`.fit.gz`, as Garmin Connect and Strava exports hold them) with
/// the system's zlib. The output is capped, in size and in its ratio to the input, so that a
/// small file that unpacks to gigabytes (a "gzip bomb") stops early with a problem instead of
/// filling the memory: real FIT files shrink to a third or a tenth, never a hundredth.
enum FITGzip {
    struct Limits {
        /// No FIT file usergraph imports comes near this (a day-long recording is a few MB).
        var maxBytes = 64 << 20
        /// Output allowed per byte of input...
        var maxRatio = 100
        /// ...once the output is past this, so that small files are never refused for it.
        var ratioFloor = 1 << 20

        /// The most output allowed for `inputSize` bytes of input.
        func cap(forInput inputSize: Int) -> Int {
            let (scaled, overflow) = inputSize.multipliedReportingOverflow(by: maxRatio)
            return min(maxBytes, max(ratioFloor, overflow ? Int.max : scaled))
        }
    }

    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The bytes of every gzip member of `input` (gzip allows several, one after the other).
    static func unpack(_ input: [UInt8], limits: Limits = Limits()) throws -> [UInt8] {
        let cap = limits.cap(forInput: input.count)
        guard input.count <= Int(UInt32.max) else { throw FITProblem.gzipTooLarge(megabytes: cap >> 20) }
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { throw FITProblem.gzip() }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        output.reserveCapacity(min(cap, max(1 << 16, input.count * 8)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        try input.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { throw FITProblem.gzip() }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = UInt32(source.count)
            while true {
                var produced = 0
                let status = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                    return status
                }
                guard produced <= cap - output.count else { throw FITProblem.gzipTooLarge(megabytes: cap >> 20) }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_OK:
                    // No output and no input left: the stream stops before its end.
                    if produced == 0, stream.avail_in == 0 { throw FITProblem.gzip() }
                case Z_STREAM_END:
                    let rest = source.count - Int(stream.avail_in)
                    if stream.avail_in == 0 || source[rest...].allSatisfy({ $0 == 0 }) { return }
                    // Another member follows; anything else after the end is damage.
                    guard stream.avail_in >= 2, source[rest] == 0x1F, source[rest + 1] == 0x8B,
                        inflateReset(&stream) == Z_OK
                    else { throw FITProblem.gzip() }
                default:
                    // Z_BUF_ERROR (the input ends mid-stream), Z_DATA_ERROR, Z_MEM_ERROR, Z_NEED_DICT.
                    throw FITProblem.gzip()
                }
            }
        }
        return output
    }
}
