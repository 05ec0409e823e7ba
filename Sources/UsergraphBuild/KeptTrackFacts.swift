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
        let entries = KeyedListFile.read(path(forOutput: output), header: header) { line in TrackFacts(line: line[...]).map { ($0, line) } }
        return TrackFactsCache(kept: (entries ?? [:]).mapValues { TrackFactsCache.Entry(key: $0.key, facts: $0.value.0, line: $0.value.1) })
    }

    /// Writes the facts of the workouts that have a track, when this build computed any or
    /// some workout lost its track; failing to write only makes the next build compute them.
    static func save(_ cache: TrackFactsCache, tracks: StoredTracks, output: String) {
        let entries = cache.current(ids: tracks.ids)
        guard cache.computedAny || entries.count != cache.keptCount else { return }
        KeyedListFile.write(TrackFactsCache.lines(entries), to: path(forOutput: output), header: header)
    }
}
