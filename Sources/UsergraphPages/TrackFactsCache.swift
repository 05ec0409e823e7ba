import Foundation
import UsergraphCore
import UsergraphStats
import UsergraphStore

/// What the history needs of every track (`TrackFacts`), each read once and kept from one run
/// to the next: the bests, the held heart rate and the zones are all of the history, and one
/// new workout must not read ten years of tracks again.
///
/// Each entry is kept under a key that changes with the track file, the workout's type (which
/// decides its bests) and the executable that computed it; a kept entry whose key differs is
/// computed again.
package final class TrackFactsCache: @unchecked Sendable {
    package struct Entry: Sendable, Equatable {
        package let key: String
        package let facts: TrackFacts
        /// `facts.line` as the state file held it, for an entry read from there: written back
        /// as it was, a kept entry costs no formatting (that was a twentieth of a one-workout
        /// rebuild).
        package let line: String?

        package init(key: String, facts: TrackFacts, line: String? = nil) {
            self.key = key
            self.facts = facts
            self.line = line
        }
    }

    private let lock = NSLock()
    private let kept: [String: Entry]
    private var computed: [String: Entry] = [:]
    /// Every key starts from the executable: a new one may compute differently.
    private let seed: PageFingerprint

    package init(kept: [String: Entry] = [:]) {
        self.kept = kept
        var hasher = FingerprintHasher()
        for word in FileIdentity.words(of: "/proc/self/exe") ?? [] { hasher.add(word) }
        seed = hasher.finish()
    }

    /// The key of the facts of workout `workout`'s track; nil when it has none.
    package func key(of workout: Workout, tracks: StoredTracks) -> String? {
        guard let identity = tracks.identity(of: workout.id) else { return nil }
        var hasher = FingerprintHasher()
        hasher.add(seed)
        hasher.add(workout.type)
        for word in identity { hasher.add(word) }
        return hasher.finish().hex
    }

    /// Keeps the facts of a track read for another reason (the workout's page).
    func remember(_ track: Track, steps: TrackSteps, of workout: Workout, tracks: StoredTracks) {
        guard let key = key(of: workout, tracks: tracks) else { return }
        if lock.withLock({ (computed[workout.id] ?? kept[workout.id])?.key == key }) { return }
        let facts = TrackFacts(track, type: workout.type, steps: steps)
        lock.withLock { computed[workout.id] = Entry(key: key, facts: facts) }
    }

    /// The facts of every workout of `workouts` with a track, by id: kept, computed by this run,
    /// or read now, on all cores. A track that cannot be read has none; `failed` hears of it.
    package func facts(
        of workouts: [Workout], tracks: StoredTracks, failed: @Sendable (String, Error) -> Void = { _, _ in }
    ) -> [String: TrackFacts] {
        let found = Parallel.map(workouts.count, chunk: 16) { index -> (String, TrackFacts)? in
            let workout = workouts[index]
            guard let key = self.key(of: workout, tracks: tracks) else { return nil }
            if let entry = self.lock.withLock({ self.computed[workout.id] ?? self.kept[workout.id] }), entry.key == key {
                return (workout.id, entry.facts)
            }
            do {
                guard let track = try tracks.track(of: workout.id) else { return nil }
                let facts = TrackFacts(track, type: workout.type)
                self.lock.withLock { self.computed[workout.id] = Entry(key: key, facts: facts) }
                return (workout.id, facts)
            } catch {
                failed(workout.id, error)
                return nil
            }
        }
        return Dictionary(found.compactMap { $0 }, uniquingKeysWith: { first, _ in first })
    }

    /// How many the last run kept.
    package var keptCount: Int { kept.count }

    /// Whether this run computed any.
    package var computedAny: Bool { lock.withLock { !computed.isEmpty } }

    /// `entries` as the state file's lines (id, key, and `facts.line` as the value), formatted
    /// on all cores: a full build's 5,000 computed entries took some 0.07 s on one, at the
    /// build's very end.
    package static func lines(_ entries: [String: Entry]) -> [(id: String, key: String, value: String)] {
        let list = Array(entries)
        return Parallel.map(list.count, chunk: 128) { index in
            let (id, entry) = list[index]
            return (id, entry.key, entry.line ?? entry.facts.line)
        }
    }

    /// What the next run may keep: this run's, then the last run's, of the workouts in `ids`.
    package func current(ids: some Sequence<String>) -> [String: Entry] {
        lock.withLock {
            var entries: [String: Entry] = [:]
            for id in ids { if let entry = computed[id] ?? kept[id] { entries[id] = entry } }
            return entries
        }
    }
}

/// The tracks a run could not read, with why, collected from many threads; said once.
package final class UnreadableTracks: @unchecked Sendable {
    private let lock = NSLock()
    private var failed: [(id: String, error: Error)] = []

    package init() {}

    @Sendable package func add(_ id: String, _ error: Error) { lock.withLock { failed.append((id, error)) } }

    /// One warning: the first by id, and how many more; nil when every track was read.
    package var warning: Message? {
        let failed = lock.withLock { self.failed }
        guard let first = failed.min(by: { $0.id < $1.id }) else { return nil }
        let problem = (first.error as? UsergraphError)?.messages.first ?? .verbatim("\(first.error)")
        // A track a list and its page both tried counts once.
        let others = Set(failed.map(\.id)).count - 1
        let more = others > 0 ? Message("notes.unreadableTracksMore", nested: ["count": .count("count.tracks", others)]) : .verbatim("")
        return Message("notes.unreadableTrack", nested: ["problem": problem, "more": more])
    }
}
