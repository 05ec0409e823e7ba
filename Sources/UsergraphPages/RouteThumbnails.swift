import Foundation

/// The lists' route thumbnails, each drawn once from its track and kept from one build to the
/// next. A list page shows fifty routes, and one new workout moves a row on every page of
/// every list: drawing them all again would read every track of the history, which is most
/// of a full build's work.
///
/// Each thumbnail is kept under a key (`WorkoutDirectory.thumbnailKey`) that changes with its
/// track file, the privacy settings and the executable; a kept one whose key differs is drawn
/// again.
package final class RouteThumbnails: @unchecked Sendable {
    package struct Entry: Sendable, Equatable {
        package let key: String
        /// Nil: the workout has a track but no route to draw (none left after privacy, none
        /// recorded, or a file that cannot be read).
        package let svg: String?

        package init(key: String, svg: String?) {
            self.key = key
            self.svg = svg
        }
    }

    private let lock = NSLock()
    /// What the last build kept, by workout id.
    private let kept: [String: Entry]
    /// What this build drew, by workout id.
    private var drawn: [String: Entry] = [:]

    package init(kept: [String: Entry] = [:]) { self.kept = kept }

    /// The thumbnail of workout `id` under `key`: kept, drawn by this build, or drawn now.
    func thumbnail(id: String, key: String, draw: () -> String?) -> String? {
        if let entry = lock.withLock({ drawn[id] ?? kept[id] }), entry.key == key { return entry.svg }
        let svg = draw()
        lock.withLock { drawn[id] = Entry(key: key, svg: svg) }
        return svg
    }

    /// Keeps a thumbnail drawn while the track was read for another reason (the workout's page).
    func remember(id: String, key: String, svg: String?) {
        lock.withLock { drawn[id] = Entry(key: key, svg: svg) }
    }

    /// How many the last build kept.
    package var keptCount: Int { kept.count }

    /// Whether this build drew any.
    package var drewAny: Bool { lock.withLock { !drawn.isEmpty } }

    /// What the next build may keep: this build's, then the last build's, of the workouts in
    /// `ids` (those that still have a track).
    package func current(ids: some Sequence<String>) -> [String: Entry] {
        lock.withLock {
            var entries: [String: Entry] = [:]
            for id in ids { if let entry = drawn[id] ?? kept[id] { entries[id] = entry } }
            return entries
        }
    }
}
