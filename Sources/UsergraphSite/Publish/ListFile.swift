import Foundation
import UsergraphStore

/// The line files usergraph keeps beside the output (`._site.pages`, `._site.spare.files`): a
/// header line, then one entry per line. Split on the bytes: String's generic `split` spent
/// 6 % of a rebuild on their 40,000 lines.
enum ListFile {
    /// The header and the other lines of the file at `path`; nil when it cannot be read.
    static func read(_ path: String) -> (header: String, lines: [String])? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var lines: [String] = []
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                if index > start { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            if bytes.count > start { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
        }
        guard !lines.isEmpty else { return nil }
        let header = lines.removeFirst()
        return (header, lines)
    }

    /// Writes the header and the lines; failing to is harmless to the callers (the next build
    /// does without the file).
    static func write(header: String, lines: some Sequence<String>, to path: String) {
        var writer = Writer(header: header)
        for line in lines { writer.line(line) }
        writer.save(to: path)
    }

    /// A list file's bytes made in one buffer, line by line: at 100,000 users the manifest's
    /// 200,000 lines made as strings, joined and copied were 30 MB at the end of a build.
    struct Writer {
        private var bytes: [UInt8] = []

        init(header: String) { line(header) }

        mutating func reserve(lines: Int) { bytes.reserveCapacity(lines * 64) }

        /// One line made of `parts`.
        mutating func line(_ parts: String...) {
            for part in parts { bytes.append(contentsOf: part.utf8) }
            bytes.append(UInt8(ascii: "\n"))
        }

        func save(to path: String) {
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none)
                try? AtomicFile.write(data, to: path)
            }
        }
    }
}
