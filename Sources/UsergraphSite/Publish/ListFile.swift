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

    /// Writes the header and the lines `fill` gives the writer, 64 KB at a time: at 100,000
    /// users the spare's list made whole was 19 MB at the very end of a build, its peak.
    /// Failing to write is harmless to the callers (the next build does without the file).
    static func write(to path: String, header: String, lines fill: (inout Writer) -> Void) {
        try? AtomicFile.write(to: path) { sink in
            var writer = Writer(sink: sink)
            writer.line(header)
            fill(&writer)
            writer.flush()
            sink = writer.sink
        }
    }

    /// Lines of a list file, made into one buffer and written out whenever it is full.
    struct Writer {
        private var bytes: [UInt8] = []
        fileprivate private(set) var sink: AtomicFile.Sink
        private static let chunk = 1 << 16

        fileprivate init(sink: AtomicFile.Sink) {
            self.sink = sink
            bytes.reserveCapacity(Self.chunk + 512)
        }

        /// One line made of `parts`.
        mutating func line(_ parts: String...) {
            for part in parts { bytes.append(contentsOf: part.utf8) }
            bytes.append(UInt8(ascii: "\n"))
            if bytes.count >= Self.chunk { flush() }
        }

        fileprivate mutating func flush() {
            bytes.withUnsafeBytes { sink.write($0) }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
