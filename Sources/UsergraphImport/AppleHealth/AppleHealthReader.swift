import Foundation

/// Reads an Apple Health `export.xml` (from the Health app's "Export All Health Data", possibly
/// several GB) for `usergraph import`: workouts, body weights, step counts and dietary records.
///
/// The file is streamed in chunks through a byte scanner made for this machine-written format,
/// in constant memory whatever its size; the records it returns are all it keeps. A file that is
/// not an export, is not well-formed XML, uses entities, or holds values it cannot read is an
/// `ImportProblem` (`errors.import.health.…`, `errors.import.xml.…`) with the line and column.
///
///     let contents = try AppleHealthReader(path: "export.xml", since: cutoff) { bytes in bar.update(bytes) }.read()
package struct AppleHealthReader: Sendable {
    package var path: String
    /// Records and workouts that start before this are passed over (`--since`).
    package var since: Date?
    /// Called with the bytes read so far, every few MB and once at the end.
    package var progress: (@Sendable (_ bytesRead: Int64) -> Void)?

    /// Bytes per read. Tests make it tiny, to put chunk ends everywhere.
    var chunkSize = 4 << 20
    /// The longest tag, comment or DTD held whole; longer ones are refused.
    var longestConstruct = 4 << 20
    var progressInterval: Int64 = 8 << 20

    package init(path: String, since: Date? = nil, progress: (@Sendable (_ bytesRead: Int64) -> Void)? = nil) {
        self.path = path; self.since = since; self.progress = progress
    }

    package func read() throws(ImportProblem) -> AppleHealthContents {
        do {
            return try scan()
        } catch {
            throw problem(error)
        }
    }

    private func scan() throws(ReadFailure) -> AppleHealthContents {
        let window = try FileByteWindow(
            path: path, chunkSize: chunkSize, longestConstruct: longestConstruct,
            progressEvery: progressInterval, progress: progress)
        var scanner = XMLByteScanner(window: window, start: try Self.documentStart(window))
        var assembler = HealthExportAssembler(since: since?.timeIntervalSince1970)
        reading: while true {
            switch try scanner.next() {
            case .startTag: try assembler.start(scanner.tag)
            case .endTag: try assembler.end(scanner.tag)
            case .endOfDocument: break reading
            // Not reported: the scanner is made without `reportsText`.
            case .text, .processingInstruction: continue
            }
        }
        window.reportFinalProgress()
        return assembler.contents(bytesRead: window.bytesRead)
    }

    /// Looks at the first bytes: skips a UTF-8 byte-order mark, and names the two wrong files
    /// people pick most (the zip itself, a UTF-16 file) before the scanner calls them not XML.
    private static func documentStart(_ window: FileByteWindow) throws(ReadFailure) -> Int {
        while window.count < 4, try window.refill(keepingFrom: 0) {}
        let bytes = UnsafeBufferPointer(start: window.bytes, count: window.count)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw ReadFailure.xml("encoding", ["encoding": "UTF-16"], at: 0)
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw ReadFailure.health("zipped") }
        return 0
    }

    /// The problem to show: the failure's key and values, with the line and column of its offset.
    private func problem(_ failure: ReadFailure) -> ImportProblem {
        var args = failure.args
        if let offset = failure.offset {
            args["offset"] = String(offset)
            if let position = TextPosition.locate(offset, inFileAt: path) {
                args["line"] = String(position.line)
                args["column"] = String(position.column)
            }
        }
        return ImportProblem(failure.key, args)
    }
}
