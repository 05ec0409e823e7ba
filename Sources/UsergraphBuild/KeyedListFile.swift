import Foundation
import UsergraphPublish

/// A state file of one line per workout, `id TAB key TAB value`, where the key says what the
/// value was made from (a track file, the settings, the binary): what `KeptThumbnails` and
/// `KeptTrackFacts` keep beside the output. A reader trusts an entry only while its key holds.
enum KeyedListFile {
    /// The entries of the file at `path`, by id; nil when it is missing, of another version
    /// (`header`) or damaged (a line `value` refuses).
    static func read<Value>(_ path: String, header: String, value: (String) -> Value?) -> [String: (key: String, value: Value)]? {
        var entries: [String: (key: String, value: Value)] = [:]
        let read = ListFile.read(path, header: { $0 == header }, count: { entries.reserveCapacity($0) }) { line in
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return false }
            let text = fields.map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
            guard let parsed = value(text[2]) else { return false }
            entries[text[0]] = (text[1], parsed)
            return true
        }
        return read ? entries : nil
    }

    /// Writes `entries` (id → key and value as text), sorted by id; an entry a line cannot hold
    /// (a tab or a newline in it) is left out, to be made again next time.
    static func write(_ entries: [(id: String, key: String, value: String)], to path: String, header: String) {
        ListFile.write(to: path, header: header) { writer in
            // Checked one by one, without joining the three into a new string a line.
            func breaks(_ text: String) -> Bool { text.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") } }
            for entry in entries.sorted(by: { $0.id < $1.id }) {
                guard !breaks(entry.id), !breaks(entry.key), !breaks(entry.value) else { continue }
                writer.line(entry.id, "\t", entry.key, "\t", entry.value)
            }
        }
    }
}
