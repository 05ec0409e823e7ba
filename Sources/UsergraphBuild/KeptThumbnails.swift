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
        let entries = KeyedListFile.read(path(forOutput: output), header: header) { svg -> String?? in .some(svg.isEmpty ? nil : svg) }
        return RouteThumbnails(kept: (entries ?? [:]).mapValues { RouteThumbnails.Entry(key: $0.key, svg: $0.value) })
    }

    /// Writes the thumbnails of the workouts that have a track, when this build drew any or
    /// some workout lost its track; failing to write only makes the next build draw them again.
    static func save(_ thumbnails: RouteThumbnails, tracks: StoredTracks, output: String) {
        let entries = thumbnails.current(ids: tracks.ids)
        guard thumbnails.drewAny || entries.count != thumbnails.keptCount else { return }
        KeyedListFile.write(entries.map { ($0.key, $0.value.key, $0.value.svg ?? "") }, to: path(forOutput: output), header: header)
    }
}
