import Foundation
import UsergraphCore
import UsergraphStore
import ZIPFoundation

/// What the given files hold, read and checked, before anything is merged into the store.
package struct ImportedContents: Sendable {
    package var activities: [ImportedActivity] = []
    package var weights: [ImportedWeight] = []
    package var steps: [ImportedSteps] = []
    /// Apple Health's basal energy records (kilocalories in `count`).
    package var basalEnergy: [ImportedSteps] = []
    package var nutrients: [ImportedNutrient] = []
    /// Meals of a nutrition diary (a MyFitnessPal-style CSV).
    package var meals: [ImportedMeal] = []
    /// Files that are none of the kinds usergraph reads (the first is named in the summary).
    package var notUnderstood: [String] = []
    package var files = 0

    package init() {}
}

/// Reads the exports at the paths a person gives, each recognised by its content, not only
/// its name: an Apple Health export (zip, folder or `export.xml`), a Strava bulk export (zip
/// or folder with `activities.csv`, or that file alone), a MyFitnessPal-style nutrition CSV,
/// GPX, TCX and FIT files (`.fit.gz`
/// too), or folders of them. Every file is untrusted: sizes are capped, archives are checked
/// for entries that escape their folder or expand beyond reason, and nothing is written but
/// a temporary copy of a zipped `export.xml`, in a folder of our own that is removed after.
package struct ExportReader: Sendable {
    /// Records that start before this are left out.
    package var since: Date?
    /// Bytes read so far of `total`, for a progress bar.
    package var progress: @Sendable (_ read: Int64, _ total: Int64) -> Void
    /// Where a zipped Apple Health export is unpacked to be streamed.
    package var scratch: String

    /// A GPX, TCX or FIT file, or a Strava or nutrition CSV, is read whole: beyond this it is refused.
    static let fileLimit = 512 << 20
    /// A zip entry may expand to this many times its compressed size (text compresses ~10–20×).
    static let ratioLimit: UInt64 = 200
    /// How deep a folder of exports is walked, and how many files at most.
    static let depthLimit = 8
    static let filesLimit = 200_000
    /// How much of a file is read to tell its kind (an Apple Health DTD is ~10 KB).
    static let headSize = 64 << 10
    /// Activities dated before this are left out (1980-01-01).
    static let earliest = Date(timeIntervalSince1970: 315_532_800)

    package init(since: Date? = nil, scratch: String, progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }) {
        self.since = since; self.scratch = scratch; self.progress = progress
    }

    /// Reads every path; the first file that cannot be read stops the import with a sentence
    /// that names it (`UsergraphError` `errors.import.file`).
    package func read(_ paths: [String]) throws -> ImportedContents {
        var contents = ImportedContents()
        let sizes = paths.map(bytes(under:))
        let total = sizes.reduce(0, +)
        var done: Int64 = 0
        for (path, size) in zip(paths, sizes) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw UsergraphError("errors.import.noFile", ["path": path], kind: .usage)
            }
            let base = done
            let report: @Sendable (Int64) -> Void = { [progress] read in progress(base + read, total) }
            if isFolder.boolValue {
                try readFolder(path, into: &contents, progress: report)
            } else {
                try readFile(path, into: &contents, progress: report, given: true)
            }
            done += size
            progress(done, total)
        }
        return filtered(contents)
    }

    /// `contents` without the records no import keeps: those dated before 1980, and those before `since`.
    func filtered(_ contents: ImportedContents) -> ImportedContents {
        var contents = contents
        // A device whose clock was never set dates its tracks 1901 or 1970: not a workout anyone did.
        contents.activities.removeAll { $0.start < Self.earliest }
        if let since {
            contents.activities.removeAll { $0.start < since }
            contents.weights.removeAll { $0.time < since }
            contents.steps.removeAll { $0.start < since }
            contents.basalEnergy.removeAll { $0.start < since }
            contents.nutrients.removeAll { $0.time < since }
            // A diary's meal has a day, no instant: it goes when its whole day is before `since`.
            contents.meals.removeAll { Date(timeIntervalSince1970: Double($0.day.adding(days: 1).number) * 86_400) <= since }
        }
        return contents
    }

    /// A file's size, or the sizes of the files a folder holds, for the progress bar's total.
    package func bytes(under path: String) -> Int64 {
        var files: [String] = []
        walk(path, depth: 0, into: &files)
        return files.isEmpty ? Self.size(of: path) : files.reduce(0) { $0 + Self.size(of: $1) }
    }

    // MARK: Kinds

    enum Kind: Equatable {
        case appleHealth, strava, nutritionCSV, gpx, tcx, fit, gzip, zip
    }

    /// The kind of a file from its first bytes.
    static func kind(of head: [UInt8]) -> Kind? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if head.starts(with: [0x1F, 0x8B]) { return .gzip }
        if head.count >= 12, head[8..<12].elementsEqual(Array(".FIT".utf8)) { return .fit }
        let text = String(decoding: head, as: UTF8.self)
        // `contains` below is Foundation's search, which compares characters (about 3 ms over a
        // 64 KB head, for each name absent: more than reading a GPX file of 100 KB). A name
        // whose bytes are not in the head cannot be found in its text (these ASCII names have
        // no other canonically equivalent spelling), so the bytes are looked for first.
        func has(_ name: String) -> Bool { Self.holds(head, Array(name.utf8)) && text.contains(name) }
        // A real export opens with a long internal DTD: its name says what follows.
        if has("<HealthData") || has("<!DOCTYPE HealthData") { return .appleHealth }
        if has("<TrainingCenterDatabase") { return .tcx }
        if has("<gpx") { return .gpx }
        if let firstLine = text.split(separator: "\n", maxSplits: 1).first {
            if firstLine.contains("Activity ID"), firstLine.contains("Activity Type") { return .strava }
            if NutritionCSVReader.isHeader(firstLine) { return .nutritionCSV }
        }
        return nil
    }

    /// Whether `bytes` hold `needle` (not empty): `memchr` to each candidate first byte, then
    /// `memcmp`, at memory speed.
    private static func holds(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                guard let base = bytes.baseAddress, let wanted = needle.baseAddress, !needle.isEmpty else { return false }
                let last = bytes.count - needle.count
                var index = 0
                while index <= last {
                    guard let found = memchr(base + index, Int32(wanted[0]), last - index + 1) else { return false }
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, wanted, needle.count) == 0 { return true }
                    index += 1
                }
                return false
            }
        }
    }

    // MARK: Files and folders

    /// `given`: the path was named on the command line, not found in a folder.
    func readFile(
        _ path: String, into contents: inout ImportedContents, progress: @escaping @Sendable (Int64) -> Void,
        given: Bool = false
    ) throws {
        let head = try Self.head(of: path)
        contents.files += 1
        switch Self.kind(of: head) {
        case .appleHealth:
            let folder = (path as NSString).deletingLastPathComponent
            try wrap(path) { try readAppleHealth(at: path, into: &contents, progress: progress, file: Self.files(in: folder)) }
        case .zip:
            try wrap(path) { try readZip(at: path, into: &contents, progress: progress) }
        case .gpx:
            // Streamed from the file: a long track is never in memory as a whole.
            try wrap(path) { try add(try GPXReader.read(fileAt: path), to: &contents) }
        case .tcx:
            try wrap(path) { try add(try TCXReader.read(fileAt: path), to: &contents) }
        case let kind?:
            let data = try Self.contents(of: path)
            try wrap(path) { try read(data, kind: kind, name: path, into: &contents) }
        case nil where given && path.lowercased().hasSuffix(".csv"):
            // A CSV named on its own is meant to be read: say which columns would make it one.
            // In a folder or zip (MyFitnessPal's holds Measurement- and Exercise-Summary too) it
            // is only counted as not understood.
            try wrap(path) { throw ImportProblem("errors.import.csv.unknown", ["header": Self.firstLine(head)]) }
        case nil:
            contents.notUnderstood.append(path)
        }
    }

    /// A text's first line, without a byte-order mark, cut to 100 characters.
    static func firstLine(_ head: [UInt8]) -> String {
        let text = String(decoding: head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head, as: UTF8.self)
        let line = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 100 ? String(line.prefix(100)) + "…" : line
    }

    /// An unzipped Apple Health export or Strava export is read as a whole (its `export.xml` /
    /// `activities.csv`: the route and activity files beside them describe the same workouts);
    /// any other folder is walked for the files it holds.
    func readFolder(_ path: String, into contents: inout ImportedContents, progress: @escaping @Sendable (Int64) -> Void) throws {
        let fm = FileManager.default
        for export in ["export.xml", "apple_health_export/export.xml"] where fm.fileExists(atPath: path + "/" + export) {
            contents.files += 1
            let folder = ((path + "/" + export) as NSString).deletingLastPathComponent
            return try wrap(path + "/" + export) {
                try readAppleHealth(at: path + "/" + export, into: &contents, progress: progress, file: Self.files(in: folder))
            }
        }
        if fm.fileExists(atPath: path + "/activities.csv") {
            contents.files += 1
            let data = try Self.contents(of: path + "/activities.csv")
            var activities = try wrap(path + "/activities.csv") { try StravaReader.read(data) }
            try readTracks(of: &activities, into: &contents, file: Self.files(in: path))
            return try add(activities, to: &contents)
        }
        var files: [String] = []
        var passedOver = PassedOver()
        walk(path, depth: 0, into: &files, passingOver: &passedOver)
        let understoodBefore = contents.notUnderstood.count
        for file in files.sorted() { try readFile(file, into: &contents, progress: { _ in }) }
        // A folder that gave nothing is a mistake to say, not `Imported 0 …` with exit 0.
        if contents.notUnderstood.count - understoodBefore == files.count {
            throw UsergraphError("errors.import.emptyFolder", ["folder": path], nested: ["why": Message(passedOver.why(files: files.count))])
        }
    }

    /// What a folder's walk passed over, so an import that found nothing can say why.
    struct PassedOver {
        var links = 0
        var unreadable = 0

        /// The key of the sentence that says why nothing was read.
        func why(files: Int) -> String {
            if files > 0 { return "errors.import.emptyWhy.noExport" }
            if links > 0 { return "errors.import.emptyWhy.links" }
            if unreadable > 0 { return "errors.import.emptyWhy.unreadable" }
            return "errors.import.emptyWhy.empty"
        }
    }

    /// Regular files below `folder`, hidden ones and links left out (a link could point anywhere).
    func walk(_ folder: String, depth: Int, into files: inout [String]) {
        var passedOver = PassedOver()
        walk(folder, depth: depth, into: &files, passingOver: &passedOver)
    }

    private func walk(_ folder: String, depth: Int, into files: inout [String], passingOver passedOver: inout PassedOver) {
        guard depth < Self.depthLimit, files.count < Self.filesLimit else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            passedOver.unreadable += 1
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                passedOver.unreadable += 1
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, depth: depth + 1, into: &files, passingOver: &passedOver)
            case S_IFREG:
                if access(path, R_OK) != 0 {
                    passedOver.unreadable += 1
                } else if files.count < Self.filesLimit {
                    files.append(path)
                }
            case S_IFLNK: passedOver.links += 1
            default: continue  // a FIFO, a socket, a device: never an export
            }
        }
    }

    /// `staging` false: the activities keep their samples in memory (a Strava activity's file,
    /// whose samples join the list's activity).
    func read(_ data: Data, kind: Kind, name: String, into contents: inout ImportedContents, staging: Bool = true) throws {
        switch kind {
        case .gpx: try add(try GPXReader.read(data), to: &contents, staging: staging)
        case .tcx: try add(try TCXReader.read(data), to: &contents, staging: staging)
        case .fit:
            let fit = try FITReader.read(data)
            try add(fit.activities, to: &contents, staging: staging)
            contents.weights += fit.weights
        case .strava: try add(try StravaReader.read(data), to: &contents, staging: staging)
        case .nutritionCSV: contents.meals += try NutritionCSVReader.read(data)
        case .gzip:
            // `.fit.gz`, `.gpx.gz`, `.tcx.gz` as Strava and Garmin exports hold them; unpacked
            // under the same caps as a FIT file's (size, and ratio to the packed size).
            let inner = Data(try FITGzip.unpack([UInt8](data)))
            guard let innerKind = Self.kind(of: Array(inner.prefix(Self.headSize))), ![.gzip, .zip, .appleHealth].contains(innerKind) else {
                contents.notUnderstood.append(name)
                return
            }
            try read(inner, kind: innerKind, name: name, into: &contents, staging: staging)
        case .appleHealth, .zip:
            // Streamed from a file; never in memory as a whole.
            contents.notUnderstood.append(name)
        }
    }

    /// The export at `path`, its workouts with their routes (`file` gives the bytes of the
    /// export's `workout-routes/…` files) and the heart-rate records within their spans.
    func readAppleHealth(
        at path: String, into contents: inout ImportedContents, progress: @escaping @Sendable (Int64) -> Void,
        file: (String) throws -> Data?
    ) throws {
        let health = try AppleHealthReader(path: path, since: since, progress: progress).read()
        var workouts = health.workouts
        try readTracks(of: &workouts, into: &contents, file: file)
        for index in workouts.indices {
            let workout = workouts[index]
            workouts[index].track = health.heartRates.track(route: workout.track, workoutStart: workout.start, duration: workout.duration)
        }
        try add(workouts, to: &contents)
        contents.weights += health.weights
        contents.steps += health.steps
        contents.basalEnergy += health.basalEnergy
        contents.nutrients += health.nutrients
    }

    // MARK: Tracks

    /// Adds `activities` to `contents`, each one's samples moved to a file of the scratch folder
    /// (`ActivityTrack.file`): ten years of tracks are some 18 million samples, too many to hold
    /// until the merge. The folder is the import's own and is removed after it, so the files are
    /// written plainly, not synced.
    func add(_ activities: [ImportedActivity], to contents: inout ImportedContents, staging: Bool = true) throws {
        for var activity in activities {
            if staging, let samples = activity.track?.samples {
                let file = scratch + "/tracks/\(contents.activities.count).json"
                if !FileManager.default.fileExists(atPath: scratch + "/tracks") {
                    do {
                        try FileManager.default.createDirectory(atPath: scratch + "/tracks", withIntermediateDirectories: true)
                    } catch {
                        throw UsergraphError("errors.store.write", ["path": file, "reason": error.localizedDescription])
                    }
                }
                try Self.writeScratch(TrackFiles.encode(samples), to: file)
                activity.track?.samples = nil
                activity.track?.file = file
            }
            contents.activities.append(activity)
        }
    }

    /// Writes a scratch file with plain POSIX calls: Foundation's `Data.write` synced each one,
    /// which was most of a dry run's time over thousands of tracks.
    static func writeScratch(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        var written = 0
        if fd >= 0 {
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + written }, bytes.count - written) }
                guard n > 0 else { break }
                written += n
            }
        }
        let reason = String(cString: strerror(errno))
        if fd >= 0 { close(fd) }
        guard fd >= 0, written == bytes.count else { throw UsergraphError("errors.store.write", ["path": path, "reason": reason]) }
    }

    /// The files of an export's folder by their path inside it: nil for one it lacks.
    static func files(in folder: String) -> (String) throws -> Data? {
        { name in
            let file = folder + "/" + name
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            return try contents(of: file)
        }
    }

    /// Each activity's samples, from the file of the export it names (`trackFile`: Strava's
    /// `Filename`, Apple Health's `FileReference`), as `file`
    /// gives its bytes (nil when the export lacks it). A name that could leave the export's
    /// folder is not followed; a file that cannot be read is said as not understood, and its
    /// activity keeps the list's totals without a track.
    func readTracks(of activities: inout [ImportedActivity], into contents: inout ImportedContents, file: (String) throws -> Data?) throws {
        for index in activities.indices {
            guard let name = activities[index].trackFile, Self.isExportPath(name) else { continue }
            guard let data = try? file(name) else { continue }
            var read = ImportedContents()
            do {
                try self.read(data, kind: Self.kind(of: Array(data.prefix(Self.headSize))) ?? .gzip, name: name, into: &read, staging: false)
            } catch {
                contents.notUnderstood.append(name)
                continue
            }
            activities[index].track = read.activities.first { $0.track != nil }?.track
        }
    }

    /// A path inside an export: relative, made of plain names (`activities/123.fit.gz`).
    static func isExportPath(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 4
            && parts.allSatisfy { part in
                !part.isEmpty && part != "." && part != ".." && part.utf8.allSatisfy { $0 > 0x20 && $0 != 0x5C && $0 < 0x7F }
            }
    }

    // MARK: Zip archives

    /// An Apple Health `export.zip` (its `export.xml`), a Strava export zip (its
    /// `activities.csv`), or a zip of GPX, TCX and FIT files.
    func readZip(at path: String, into contents: inout ImportedContents, progress: @escaping @Sendable (Int64) -> Void) throws {
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            throw ImportProblem("errors.import.zip.unreadable")
        }
        var entries: [Entry] = []
        for entry in archive where entry.type == .file {
            try Self.check(entry)
            entries.append(entry)
        }
        if let export = entries.first(where: { Self.depth($0.path) <= 2 && $0.path.hasSuffix("export.xml") && !$0.path.hasSuffix("_cda.xml") }) {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let unpacked = scratch + "/export.xml"
            defer { try? FileManager.default.removeItem(atPath: unpacked) }
            try unpack(export, from: archive, to: unpacked)
            // The routes sit beside it: `apple_health_export/workout-routes/route_….gpx`.
            let folder = String(export.path.dropLast("export.xml".count))
            let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            return try readAppleHealth(at: unpacked, into: &contents, progress: progress) { name in
                try byPath[folder + name].map { try data(of: $0, in: archive) }
            }
        }
        if let csv = entries.first(where: { Self.depth($0.path) <= 2 && ($0.path as NSString).lastPathComponent == "activities.csv" }) {
            var activities = try StravaReader.read(try data(of: csv, in: archive))
            // The activity files sit beside the list: `activities/123.fit.gz` under its folder.
            let folder = String(csv.path.dropLast("activities.csv".count))
            let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            try readTracks(of: &activities, into: &contents) { name in
                try byPath[folder + name].map { try data(of: $0, in: archive) }
            }
            return try add(activities, to: &contents)
        }
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let data = try data(of: entry, in: archive)
            guard let kind = Self.kind(of: Array(data.prefix(Self.headSize))), ![.zip, .appleHealth].contains(kind) else {
                contents.notUnderstood.append(path + ":" + entry.path)
                continue
            }
            try read(data, kind: kind, name: path + ":" + entry.path, into: &contents)
        }
    }

    /// An entry that would land outside the archive's folder (`../x`, `/etc/x`), or that says it
    /// expands far beyond its compressed size, stops the import: a hostile or broken archive.
    static func check(_ entry: Entry) throws {
        let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
        if entry.path.hasPrefix("/") || entry.path.hasPrefix("\\") || parts.contains("..") || entry.path.contains("\\..") {
            throw ImportProblem("errors.import.zip.escapes", ["entry": entry.path])
        }
        if entry.uncompressedSize > 16 << 20, entry.uncompressedSize > ratioLimit * max(entry.compressedSize, 1) {
            throw ImportProblem("errors.import.zip.ratio", ["entry": entry.path])
        }
    }

    static func depth(_ path: String) -> Int { path.split(separator: "/").count }

    /// An entry's bytes, counted as they come so an entry that lies about its size is cut off.
    func data(of entry: Entry, in archive: Archive) throws -> Data {
        var data = Data()
        let limit = min(UInt64(Self.fileLimit), max(entry.compressedSize, 1) * Self.ratioLimit + (1 << 20))
        do {
            _ = try archive.extract(entry) { chunk in
                data.append(chunk)
                if UInt64(data.count) > limit { throw ImportProblem("errors.import.zip.ratio", ["entry": entry.path]) }
            }
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw ImportProblem("errors.import.zip.entry", ["entry": entry.path])
        }
        return data
    }

    /// A big entry streamed to a file of ours, under the same ratio cap.
    func unpack(_ entry: Entry, from archive: Archive, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw UsergraphError("errors.store.write", ["path": path, "reason": String(cString: strerror(errno))])
        }
        defer { try? handle.close() }
        var written: UInt64 = 0
        let limit = max(entry.compressedSize, 1) * Self.ratioLimit + (1 << 20)
        do {
            _ = try archive.extract(entry) { chunk in
                written += UInt64(chunk.count)
                if written > limit { throw ImportProblem("errors.import.zip.ratio", ["entry": entry.path]) }
                try handle.write(contentsOf: chunk)
            }
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw ImportProblem("errors.import.zip.entry", ["entry": entry.path])
        }
    }

    // MARK: Helpers

    /// A reader's problem as one sentence naming the file.
    func wrap<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let problem as ImportProblem {
            throw UsergraphError("errors.import.file", ["file": path], nested: ["problem": Message(problem.key, problem.args)])
        }
    }

    static func head(of path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UsergraphError("errors.store.unreadable", ["path": path])
        }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: headSize)) ?? Data())
    }

    static func contents(of path: String) throws -> Data {
        guard size(of: path) <= Int64(fileLimit) else {
            throw UsergraphError(
                "errors.import.file", ["file": path],
                nested: ["problem": Message("errors.import.tooBig", ["limit": String(fileLimit >> 20)])])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsergraphError("errors.store.unreadable", ["path": path])
        }
        return data
    }

    static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
