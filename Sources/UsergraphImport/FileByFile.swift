import Foundation
import UsergraphCore

/// What one file (or one unzipped Apple Health or Strava export folder) gave, read on its own.
package struct FileOutcome: Sendable {
    package enum Result: Sendable {
        /// What it holds, checked (it may hold nothing: a GPX file without a track).
        case read(ImportedContents)
        /// It cannot be read: the sentence that names it and says why.
        case refused(UsergraphError)
        /// It is none of the kinds usergraph reads (a photo, a note).
        case notAnExport
    }

    package var path: String
    package var result: Result
}

/// Reading one file at a time, so that a file that cannot be read costs only itself
/// (`import --keep-going`, the inbox, the list of a dry run), not the whole import.
extension ExportReader {
    /// The things `read` reads under `path`, each to read on its own: an unzipped Apple Health
    /// or Strava export folder as a whole (its files describe the same workouts), any other
    /// folder's files one by one, a file itself.
    package func units(of path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let exportFiles = ["export.xml", "apple_health_export/export.xml", "activities.csv"]
        if exportFiles.contains(where: { FileManager.default.fileExists(atPath: path + "/" + $0) }) { return [path] }
        var files: [String] = []
        walk(path, depth: 0, into: &files)
        return files.sorted()
    }

    /// Reads `path` (a unit of `units(of:)`) on its own, its tracks staged in `scratch`, which
    /// must be this file's own (staged tracks are named by their order in what was read).
    /// `given`: named on the command line, so a CSV usergraph does not read is refused with the
    /// columns it lacks rather than passed over. Throws only for what is not the file's fault
    /// (the scratch folder cannot be written): that would befall every file after it too.
    package func readOne(_ path: String, given: Bool, scratch: String) throws -> FileOutcome {
        var reader = self
        reader.scratch = scratch
        var contents = ImportedContents()
        do {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                try reader.readFolder(path, into: &contents, progress: { _ in })
            } else {
                try reader.readFile(path, into: &contents, progress: { _ in }, given: given)
            }
        } catch let error as UsergraphError {
            if error.messages.first?.key == "errors.store.write" { throw error }
            return FileOutcome(path: path, result: .refused(error))
        }
        if contents.isEmpty, !contents.notUnderstood.isEmpty { return FileOutcome(path: path, result: .notAnExport) }
        return FileOutcome(path: path, result: .read(filtered(contents)))
    }
}

extension ImportedContents {
    /// Whether it holds no record at all.
    package var isEmpty: Bool {
        activities.isEmpty && weights.isEmpty && steps.isEmpty && basalEnergy.isEmpty && nutrients.isEmpty && meals.isEmpty
    }

    /// Adds what another file held.
    package mutating func append(_ other: ImportedContents) {
        activities += other.activities
        weights += other.weights
        steps += other.steps
        basalEnergy += other.basalEnergy
        nutrients += other.nutrients
        meals += other.meals
        notUnderstood += other.notUnderstood
        files += other.files
    }
}

/// What one file holds, for the line a dry run prints about it (`run.fit: 1 workout (running,
/// 10.2 km) with a track`). Before the merge: what the store already has is counted by the
/// summary that follows the list.
package struct FileYield: Sendable, Equatable {
    package struct Workout: Sendable, Equatable {
        /// usergraph's type (`running`).
        package var type: String
        /// Metres, where the file gives them.
        package var distance: Double?
        package var hasTrack: Bool
    }

    package var workouts: [Workout]
    package var weights: Int
    /// Days with step counts, in the site's time zone.
    package var stepDays: Int
    /// A diary's meals, and the moments of dietary records outside one (each a meal, or part of one).
    package var meals: Int

    package init(_ contents: ImportedContents, zone: TimeZone) {
        workouts = contents.activities.map {
            Workout(type: ActivityTypes.map($0.sourceType, from: $0.typeSource ?? $0.source), distance: $0.distance, hasTrack: $0.track != nil)
        }
        weights = contents.weights.count
        stepDays = Set(contents.steps.map { Day($0.start, in: zone) }).count
        var moments = Set<Date>()
        for nutrient in contents.nutrients { moments.insert(nutrient.time) }
        meals = contents.meals.count + moments.count
    }

    /// Whether it holds nothing usergraph keeps.
    package var isEmpty: Bool { workouts.isEmpty && weights == 0 && stepDays == 0 && meals == 0 }
}
