import Foundation
import UsergraphPages
import UsergraphPublish
import UsergraphStore

/// The lists' route thumbnails as the last build drew them (`RouteThumbnails`), kept beside
/// the output (`.usergraph/_site/thumbnails`): after one new workout, every list page is made
/// again, and drawing its fifty thumbnails from their tracks read the whole history.
///
/// One line a workout, `id TAB key TAB svg` (an empty svg: nothing to draw). Each entry's key
/// says what it was drawn from, so the file is trusted whatever output it was written for.
enum KeptThumbnails {
    private static let header = ListFile.header("usergraph-thumbnails-1", field: nil, "any")

    static func path(forOutput output: String) -> String { StagedSite.beside(output, "thumbnails") }

    /// What the last build kept; none when the file is missing, of another version or damaged.
    static func load(output: String) -> RouteThumbnails {
        var entries: [String: RouteThumbnails.Entry] = [:]
        let read = ListFile.read(path(forOutput: output), header: { $0 == header }, count: { entries.reserveCapacity($0) }) { line in
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return false }
            let text = fields.map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
            entries[text[0]] = RouteThumbnails.Entry(key: text[1], svg: text[2].isEmpty ? nil : text[2])
            return true
        }
        return RouteThumbnails(kept: read ? entries : [:])
    }

    /// Writes the thumbnails of the workouts that have a track, when this build drew any or
    /// some workout lost its track; failing to write only makes the next build draw them again.
    static func save(_ thumbnails: RouteThumbnails, tracks: StoredTracks, output: String) {
        let entries = thumbnails.current(ids: tracks.ids)
        guard thumbnails.drewAny || entries.count != thumbnails.keptCount else { return }
        ListFile.write(to: path(forOutput: output), header: header) { writer in
            for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
                let svg = entry.svg ?? ""
                // A line holds one entry: one that would break it is drawn again next time.
                guard !(id + entry.key + svg).utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }) else { continue }
                writer.line(id, "\t", entry.key, "\t", svg)
            }
        }
    }
}
