import Foundation
import UsergraphCore
import UsergraphImport
import UsergraphStore

/// An import that reads its files one at a time (`import --keep-going`, `import --dry-run`, the
/// inbox): a file that cannot be read is said in one line and skipped, the others are imported.
struct FileByFileImport {
    let console: Console
    let reader: ExportReader
    /// The import's scratch folder; each file stages its tracks in a folder of its own below it.
    let scratch: String
    let config: SiteConfig
    let bar: ImportProgress?

    /// What the files gave, and how many were skipped (each said on stderr as it was met).
    struct Read {
        var contents = ImportedContents()
        var outcomes: [FileOutcome] = []
        var skipped = 0
    }

    /// Reads `files` (`given`: named on the command line) in order, off the caller's thread.
    /// `notAnExportSkips`: a file that is no export is said and counts as skipped (the inbox,
    /// where nobody chose it), rather than counted as not understood in the summary.
    /// `listing`: a dry run's line on stdout for every file, saying what it holds.
    func read(_ files: [(path: String, given: Bool)], notAnExportSkips: Bool, listing: Bool) async throws -> Read {
        let reader = self.reader, scratch = self.scratch, bar = self.bar
        let sizes = files.map { reader.bytes(under: $0.path) }
        let total = sizes.reduce(0, +)
        let outcomes = try await OwnThread.run {
            var outcomes: [FileOutcome] = []
            var done: Int64 = 0
            for (index, file) in files.enumerated() {
                outcomes.append(try reader.readOne(file.path, given: file.given, scratch: scratch + "/\(index)"))
                done += sizes[index]
                bar?.show(read: done, of: total)
            }
            return outcomes
        }
        bar?.clear()
        var read = Read(outcomes: outcomes)
        for outcome in outcomes {
            switch outcome.result {
            case .read(let contents):
                if listing { console.line(Self.listing(outcome.path, FileYield(contents, zone: config.timeZone), units: config.units, console)) }
                read.contents.append(contents)
            case .refused(let error):
                console.error(error.text(console.strings))
                read.skipped += 1
            case .notAnExport:
                if notAnExportSkips {
                    console.error(console.say(Self.notAnExport(outcome.path)))
                    read.skipped += 1
                } else {
                    if listing {
                        console.line(Message("notes.import.file.line", ["file": outcome.path], nested: ["what": Message("notes.import.file.notExport")]))
                    }
                    read.contents.notUnderstood.append(outcome.path)
                }
            }
        }
        return read
    }

    /// `Cannot import notes.txt: it is not an export usergraph reads (…).`
    static func notAnExport(_ path: String) -> Message {
        Message("errors.import.file", ["file": path], nested: ["problem": Message("errors.import.notExport")])
    }

    /// Why a file was refused, as `inbox.json` keeps it: the reader's sentence without the
    /// file's name (the entry names it).
    static func why(_ error: UsergraphError, _ console: Console) -> String {
        if error.messages.count == 1, error.messages[0].key == "errors.import.file", let problem = error.messages[0].nested["problem"] {
            return console.say(problem)
        }
        return error.text(console.strings)
    }

    /// `run.fit: 1 workout (running, 10.2 km) with a track.`
    static func listing(_ path: String, _ yield: FileYield, units: SiteConfig.Units, _ console: Console) -> String {
        guard !yield.isEmpty else {
            return console.say(Message("notes.import.file.line", ["file": path], nested: ["what": Message("notes.import.file.nothing")]))
        }
        var parts: [Message] = []
        if yield.workouts.count == 1, let workout = yield.workouts.first {
            let count = Message.count("count.workouts", 1)
            var one =
                workout.distance.map { metres in
                    Message(
                        "notes.import.file.workoutDistance", ["type": workout.type],
                        nested: [
                            "count": count, "distance": .decimal(metres / units.metresPerDistance, places: 1), "unit": Message(units.distanceWord),
                        ])
                } ?? Message("notes.import.file.workout", ["type": workout.type], nested: ["count": count])
            if workout.hasTrack { one = Message("notes.import.file.withTrack", nested: ["what": one]) }
            parts.append(one)
        } else if !yield.workouts.isEmpty {
            let count = Message.count("count.workouts", yield.workouts.count)
            let tracks = yield.workouts.filter(\.hasTrack).count
            parts.append(tracks == 0 ? count : Message("notes.import.file.workoutsTracks", nested: ["count": count, "tracks": .number(tracks)]))
        }
        if yield.weights > 0 { parts.append(.count("count.weights", yield.weights)) }
        if yield.stepDays > 0 { parts.append(.count("count.stepDays", yield.stepDays)) }
        if yield.meals > 0 { parts.append(.count("count.meals", yield.meals)) }
        let what = parts.map(console.say).joined(separator: console.say(Message("notes.listSeparator")))
        return console.say(Message("notes.import.file.line", ["file": path], nested: ["what": .verbatim(what)]))
    }
}
