import Foundation
import UsergraphPages
import UsergraphPublish
import UsergraphStats
import UsergraphStore

/// The tracks' facts for the history (`TrackFactsCache`) as the last build computed them,
/// kept beside the output (`.usergraph/_site/track-facts`): the statistics and year pages need
/// every track's bests and heart rate, and after one new workout only its own are computed.
///
/// One line a workout, `id TAB key TAB facts` (`TrackFacts.line`). Each entry's key says what
/// it was computed from, so the file is trusted whatever output it was written for.
package enum KeptTrackFacts {
    private static let header = ListFile.header("usergraph-track-facts-1", field: nil, "any")

    static func path(forOutput output: String) -> String { StagedSite.beside(output, "track-facts") }

    /// What the last build kept; none when the file is missing, of another version or damaged.
    package static func load(output: String) -> TrackFactsCache {
        var entries: [String: TrackFactsCache.Entry] = [:]
        let read = ListFile.read(path(forOutput: output), header: { $0 == header }, count: { entries.reserveCapacity($0) }) { line in
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return false }
            let text = fields.map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
            guard let facts = TrackFacts(line: text[2][...]) else { return false }
            entries[text[0]] = TrackFactsCache.Entry(key: text[1], facts: facts)
            return true
        }
        return TrackFactsCache(kept: read ? entries : [:])
    }

    /// Writes the facts of the workouts that have a track, when this build computed any or
    /// some workout lost its track; failing to write only makes the next build compute them.
    static func save(_ cache: TrackFactsCache, tracks: StoredTracks, output: String) {
        let entries = cache.current(ids: tracks.ids)
        guard cache.computedAny || entries.count != cache.keptCount else { return }
        ListFile.write(to: path(forOutput: output), header: header) { writer in
            for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
                // A line holds one entry: an id that would break it is computed again next time.
                guard !id.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }) else { continue }
                writer.line(id, "\t", entry.key, "\t", entry.facts.line)
            }
        }
    }
}
