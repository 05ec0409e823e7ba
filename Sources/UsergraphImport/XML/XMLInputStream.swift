import Foundation

/// What `XMLParser` reads from: a file or a `Data`, in the chunks the parser asks for, made safe
/// for it on the way: the prolog check's patch (the blanked DOCTYPE) is written over the bytes
/// it covers, processing instructions without data are blanked (`EmptyPIFilter`; one split
/// between two chunks is held back until its end has been read), and a UTF-8 file ends, for
/// the parser, before its first invalid sequence (`UTF8Validator`).
///
/// A `Data` is lent, not copied whole: `InputStream(data:)` copies all of it first (into a
/// CFData), and `XMLParser(data:)` gives it to libxml2 in one chunk, which libxml2 copies into
/// its own buffer (and which fails on Linux for large inputs, swift-corelibs-foundation issue
/// 4851); either way a 500 MB file would take a second 500 MB.
final class XMLInputStream: InputStream {
    private enum Source {
        case data(Data)
        case file(FileHandle)
    }

    private let source: Source
    private let patch: XMLPatch?
    private let filter: EmptyPIFilter
    /// Bytes read from the source and made safe, from `pendingStart` not yet given out.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Where the next byte read from the source is in the file.
    private var sourceOffset = 0
    /// No more is read from the source: its end, or its first invalid UTF-8.
    private var exhausted = false
    private var validator: UTF8Validator?
    /// Set when the file could not be read to its end; the parse then stops as if cut short.
    private(set) var failed = false

    /// Where the file stops being valid UTF-8, if it is read as such and does.
    var invalidUTF8: (line: Int, column: Int)? {
        validator?.invalid.map { ($0.line, $0.column) }
    }

    init(_ data: Data, patch: XMLPatch?) {
        source = .data(data)
        self.patch = patch
        (filter, validator) = Self.checks(data.prefix(256))
        // The superclass needs some stream of its own; an empty one, never read.
        super.init(data: Data())
    }

    init(_ file: FileHandle, head: Data, patch: XMLPatch?) {
        source = .file(file)
        self.patch = patch
        (filter, validator) = Self.checks(head.prefix(256))
        super.init(data: Data())
    }

    private static func checks(_ head: Data) -> (EmptyPIFilter, UTF8Validator?) {
        let layout = XMLUnitLayout.detect(head)
        return (EmptyPIFilter(layout: layout), UTF8Validator.applies(to: head, layout: layout) ? UTF8Validator() : nil)
    }

    override func open() {}

    override func close() {
        if case .file(let handle) = source { try? handle.close() }
    }

    /// The parser asks after a failed read; the superclass's answer would come from its own
    /// (empty) stream, and crashes. What failed is in `failed`.
    override var streamError: Error? { nil }

    override var streamStatus: Stream.Status { failed ? .error : .open }

    override var hasBytesAvailable: Bool { !exhausted || pendingStart < pending.count }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        while true {
            if pending.count - pendingStart >= length || exhausted {
                var ready = pending.withUnsafeMutableBytes { filter.run($0, from: pendingStart, atEnd: exhausted) }
                if let invalid = validator?.invalid {
                    // The file offset of pending[pendingStart] is sourceOffset - (pending.count - pendingStart).
                    ready = min(ready, invalid.offset - (sourceOffset - pending.count + pendingStart))
                    if ready <= 0 { return -1 }
                }
                if ready > 0 || exhausted {
                    let count = min(ready, length)
                    pending.withUnsafeBufferPointer { bytes in
                        _ = UnsafeMutableBufferPointer(start: buffer, count: count)
                            .update(fromContentsOf: bytes[pendingStart..<(pendingStart + count)])
                    }
                    pendingStart += count
                    if pendingStart > pending.count / 2 {
                        pending.removeSubrange(0..<pendingStart)
                        pendingStart = 0
                    }
                    return count
                }
            }
            guard fetch(length) else { return -1 }
        }
    }

    /// Appends up to `length` bytes of the source to `pending`, patched; false if reading failed.
    private func fetch(_ length: Int) -> Bool {
        let chunk: Data
        switch source {
        case .data(let data):
            let count = min(length, data.count - sourceOffset)
            let start = data.startIndex + sourceOffset
            chunk = count > 0 ? data.subdata(in: start..<(start + count)) : Data()
        case .file(let handle):
            do {
                // Nil at the end of the file.
                chunk = try handle.read(upToCount: length) ?? Data()
            } catch {
                failed = true
                return false
            }
        }
        guard !chunk.isEmpty else {
            exhausted = true
            validator?.finish()
            return true
        }
        let start = pending.count
        pending.append(contentsOf: chunk)
        pending.withUnsafeMutableBytes { bytes in
            let added = UnsafeMutableRawBufferPointer(rebasing: bytes[start...])
            patch?.apply(to: added, from: sourceOffset)
            validator?.check(UnsafeRawBufferPointer(added), at: sourceOffset)
        }
        sourceOffset += chunk.count
        if validator?.invalid != nil { exhausted = true }
        return true
    }
}
