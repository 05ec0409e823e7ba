import Foundation
import UsergraphStore

/// The line files usergraph keeps beside the output (`.usergraph/_site/pages`, `.usergraph/_site/spare.files`): a
/// header line, then one entry per line. Split on the bytes: String's generic `split` spent
/// 6 % of a rebuild on their 40,000 lines.
package enum ListFile {
    /// Reads the file at `path` line by line, on its bytes: the first line goes to `header`,
    /// which says whether to go on, then each other non-empty line to `line`, which says the
    /// same. False when the file cannot be read or is empty, or either said to stop. Lines are
    /// never made into strings all at once: at 100,000 users the manifest's 200,000 were 26 MB
    /// of a build's peak, read while the store was.
    /// `count` is told how many lines may follow the header, before the first of them, so the
    /// sets they go into are made their size once instead of growing (and rehashing) 15 times.
    package static func read(
        _ path: String, header: (String) -> Bool, count: (Int) -> Void = { _ in },
        line: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return false }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            count(bytes.count { $0 == UInt8(ascii: "\n") })
            var start = 0, first = true
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if first {
                    first = false
                    guard header(String(decoding: text, as: UTF8.self)) else { return false }
                } else if !text.isEmpty, !line(text) {
                    return false
                }
                start = end + 1
            }
            return !first
        }
    }

    /// A header line of `name`, one field that may be missing (written `-`) and the identity
    /// of the folder the file is trusted for, which ends it.
    package static func header(_ name: String, field: String?, _ identity: String) -> String {
        name + " " + (field ?? "-") + " " + identity
    }

    /// The field of a header `header(name, field:, identity)` wrote: nil inside `.some` when it
    /// was missing; nil when `line` is not such a header (another version, another folder).
    package static func field(of line: String, between name: String, and identity: String) -> String?? {
        guard line.hasPrefix(name + " "), line.hasSuffix(" " + identity) else { return nil }
        let field = line.dropFirst(name.count + 1).dropLast(identity.count + 1)
        guard !field.isEmpty, !field.contains(" ") else { return nil }
        return .some(field == "-" ? nil : String(field))
    }

    /// Writes the header and the lines `fill` gives the writer, 64 KB at a time: at 100,000
    /// users the spare's list made whole was 19 MB at the very end of a build, its peak.
    /// Failing to write is harmless to the callers (the next build does without the file).
    package static func write(to path: String, header: String, lines fill: (inout Writer) -> Void) {
        try? AtomicFile.write(to: path) { sink in
            var writer = Writer(sink: sink)
            writer.line(header)
            fill(&writer)
            writer.flush()
            sink = writer.sink
        }
    }

    /// Lines of a list file, made into one buffer and written out whenever it is full.
    package struct Writer {
        private var bytes: [UInt8] = []
        fileprivate private(set) var sink: AtomicFile.Sink
        private static let chunk = 1 << 16

        fileprivate init(sink: AtomicFile.Sink) {
            self.sink = sink
            bytes.reserveCapacity(Self.chunk + 512)
        }

        /// One line made of `parts` (after any `part`s before it).
        package mutating func line(_ parts: String...) {
            for part in parts { bytes.append(contentsOf: part.utf8) }
            bytes.append(UInt8(ascii: "\n"))
            if bytes.count >= Self.chunk { flush() }
        }

        /// The start of a line.
        package mutating func part(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// `value` in lowercase hex without leading zeros, as `String(value, radix: 16)` writes
        /// it, without making that string (a manifest has one or two per page).
        package mutating func part(hex value: UInt64) {
            let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
            for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
                let digit = UInt8((value >> UInt64(shift)) & 0xf)
                bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }

        fileprivate mutating func flush() {
            bytes.withUnsafeBytes { sink.write($0) }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}

extension Set<String> {
    /// The member equal to `path`, or `path` itself: the lists of a site's 200,000 paths
    /// (manifest, spare, staged) hold one string for each, not one per list.
    package func member(equalTo path: String) -> String { firstIndex(of: path).map { self[$0] } ?? path }
}
