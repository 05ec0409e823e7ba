import Foundation
import UsergraphCore

/// Every change the command line makes to the store. Each one reads the files it needs
/// (a file that does not parse stops it with its path, line and column, untouched), checks,
/// then writes through `AtomicFile`. It takes the site's lock as a parameter so an edit can
/// only run while holding it: a cron build never reads half an edit or loses one.
package struct StoreEditor {
    package let layout: StoreLayout
    package let zone: TimeZone
    package let now: Date
    private let lock: SiteLock

    package init(config: SiteConfig, holding lock: SiteLock, now: Date) {
        self.layout = StoreLayout(root: config.store)
        self.zone = config.timeZone
        self.now = now
        self.lock = lock
        sweepLeftovers()
    }

    /// The calendar day of `now` in the site's zone (not the config's pinned `asOf`:
    /// edits happen in real time).
    package var today: Day { Day(now, in: zone) }

    // MARK: owner.json

    package enum OwnerOutcome: Equatable, Sendable {
        case unchanged(Owner)
        case created(Owner)
        /// With the names of the fields that changed.
        case updated(Owner, changed: [String])
    }

    package func setOwner(_ change: OwnerChange) throws -> OwnerOutcome {
        let current = try JSONFile.read(Owner.self, at: layout.owner)
        var next = change.applied(to: current ?? Owner())
        // The picture goes in first, so owner.json never names a file that is not there.
        if let avatar = change.avatar {
            let path = layout.root + "/" + avatar.storePath
            if FileManager.default.contents(atPath: path) != avatar.data { try AtomicFile.write(avatar.data, to: path) }
        }
        if let current, next == current { return .unchanged(current) }
        next.createdAt = current?.createdAt ?? today.iso
        next.updatedAt = today.iso
        try JSONFile.write(next, to: layout.owner)
        guard let current else { return .created(next) }
        let texts: [(String, KeyPath<Owner, String?>)] = [
            ("email", \.email), ("name", \.name), ("sex", \.sex), ("birthDate", \.birthDate), ("avatar", \.avatar),
        ]
        let numbers: [(String, KeyPath<Owner, Double?>)] = [("heightCm", \.heightCm), ("targetWeightKg", \.targetWeightKg)]
        return .updated(
            next,
            changed: texts.filter { current[keyPath: $0.1] != next[keyPath: $0.1] }.map(\.0)
                + numbers.filter { current[keyPath: $0.1] != next[keyPath: $0.1] }.map(\.0))
    }

    // MARK: weights.json

    package enum WeightOutcome: Equatable, Sendable {
        case added
        case replaced(WeightRecord)
        case unchanged
    }

    /// One record per day: a second one for a day replaces the first.
    package func recordWeight(_ record: WeightRecord) throws -> WeightOutcome {
        var records = try JSONFile.read([WeightRecord].self, at: layout.weights) ?? []
        let outcome: WeightOutcome
        if let index = records.firstIndex(where: { $0.date == record.date }) {
            let old = records[index]
            if old.kg == record.kg { return .unchanged }
            records[index] = record
            outcome = .replaced(old)
        } else {
            records.append(record)
            outcome = .added
        }
        records.sort { $0.date < $1.date }
        try JSONFile.write(records, to: layout.weights)
        return outcome
    }

    // MARK: helpers

    /// Removes temporary files that a killed writer left where edits write (`AtomicFile`
    /// names them `.NAME.tmp-PID-RANDOM`). Only those of processes that no longer exist go,
    /// and the site's lock keeps any other editor out meanwhile.
    func sweepLeftovers() {
        for folder in [layout.root, layout.files] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(".") {
                guard let marker = name.range(of: ".tmp-") else { continue }
                let pidText = name[marker.upperBound...].prefix(while: { $0 != "-" })
                guard let pid = Int32(pidText), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
                unlink(folder + "/" + name)
            }
        }
    }

    /// Removes a file for good: the unlink is atomic, and syncing the folder makes it durable
    /// before the command says it is done.
    func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw UsergraphError("errors.store.remove", ["path": path, "reason": String(cString: strerror(errno))])
        }
        guard AtomicFile.syncFolder((path as NSString).deletingLastPathComponent) else {
            throw UsergraphError("errors.store.sync", ["path": path, "reason": String(cString: strerror(errno))])
        }
    }
}

/// Reading the owner's own records, for the listings (no lock needed: writes are renames,
/// so a reader sees a whole old file or a whole new one).
package enum OwnerRecords {
    package static func owner(_ layout: StoreLayout) throws -> Owner? {
        try JSONFile.read(Owner.self, at: layout.owner)
    }

    package static func weights(_ layout: StoreLayout) throws -> [WeightRecord] {
        (try JSONFile.read([WeightRecord].self, at: layout.weights) ?? []).sorted { $0.date < $1.date }
    }

    package static func workouts(_ layout: StoreLayout) throws -> [Workout] {
        try JSONFile.read([Workout].self, at: layout.workouts) ?? []
    }

    /// The timer, if one is running or paused; a file that is not a timer stops the command.
    package static func timer(_ layout: StoreLayout) throws -> WorkoutTimer? {
        guard let timer = try JSONFile.read(WorkoutTimer.self, at: layout.timer) else { return nil }
        if let why = timer.inconsistency {
            throw UsergraphError("errors.timer.file", ["path": layout.timer], nested: ["reason": why])
        }
        return timer
    }
}
