import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphImport
@testable import UsergraphStore
import UsergraphTestSupport

/// The inbox (`import.folders`, `import --inbox`, `update`) and `import --keep-going`, end to
/// end in-process, with real device files.
@Suite(.scratch) struct InboxTests {
    static let fixtures = TestPaths.fixtures + "/import"
    static let now = ["USERGRAPH_NOW": "2026-11-20T12:00:00+03:00"]
    static let run = fixtures + "/fit/garmin-fenix-5-run.fit"
    static let drive = fixtures + "/gpx/tkrajina-gpxpy/around-visnjan-with-car.gpx"
    static let ride = fixtures + "/tcx/vkurup-python-tcxparser/test.tcx"
    static let activity = fixtures + "/fit/Activity.fit"
    static let watchRoute = fixtures + "/gpx/placemark-togeojson/apple_watch_route.gpx"

    /// A site whose inbox is its `inbox/` folder, holding three good files, a truncated FIT file,
    /// a note, a hidden file and a link out of the folder.
    static func inboxSite() throws -> (site: String, inbox: String) {
        let site = try TestPaths.site(store: [:], config: "import:\n  folders: [inbox]\n")
        let inbox = site + "/inbox"
        let fm = FileManager.default
        try fm.createDirectory(atPath: inbox + "/watch", withIntermediateDirectories: true)
        try fm.copyItem(atPath: run, toPath: inbox + "/watch/run.fit")
        try fm.copyItem(atPath: drive, toPath: inbox + "/drive.gpx")
        try fm.copyItem(atPath: ride, toPath: inbox + "/ride.tcx")
        let fit = try Data(contentsOf: URL(fileURLWithPath: activity))
        try fit.prefix(fit.count - 40).write(to: URL(fileURLWithPath: inbox + "/broken.fit"))
        try TestPaths.write("Bought new shoes.\n", to: inbox + "/notes.txt")
        // Neither is read: a sync tool's hidden partial file, and a link that leads out of the folder.
        try fm.copyItem(atPath: watchRoute, toPath: inbox + "/.partial.gpx")
        try fm.createSymbolicLink(atPath: inbox + "/elsewhere.gpx", withDestinationPath: watchRoute)
        return (site, inbox)
    }

    static func workouts(_ site: String) throws -> [Workout] {
        try JSONFile.read([Workout].self, at: site + "/Store/workouts.json") ?? []
    }

    static func ledger(_ site: String) throws -> [String: InboxEntry] {
        let entries = try JSONFile.read([InboxEntry].self, at: site + "/Store/inbox.json") ?? []
        return Dictionary(entries.map { (($0.path as NSString).lastPathComponent, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Replaces a file's bytes with as many others and gives it back its modification time, to
    /// the nanosecond: only a run that opens it can tell.
    static func replaceKeepingSizeAndTime(_ path: String) throws {
        var info = stat()
        #expect(stat(path, &info) == 0)
        try Data(repeating: 0x5A, count: Int(info.st_size)).write(to: URL(fileURLWithPath: path))
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(chmod(path, 0) == 0)  // as well; root (as tests may run) reads it anyway
    }

    @Test func anInboxImportsWhatItCanNamesWhatItCannotAndOpensNothingTheNextTime() async throws {
        let (site, inbox) = try Self.inboxSite()
        let first = await UsergraphCLI.run(["import", "--inbox"], in: site, environment: Self.now)
        #expect(first.status == 1)
        let lines = first.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(first.stderr)")
        #expect(lines.filter { $0.contains(inbox + "/broken.fit") && $0.contains("ends in the middle") }.count == 1, "\(first.stderr)")
        #expect(lines.filter { $0.contains(inbox + "/notes.txt") && $0.contains("not an export") }.count == 1, "\(first.stderr)")
        #expect(lines.last == "usergraph: Skipped 2 files (named above); imported the rest.")
        #expect(first.stdout.isEmpty, "off a terminal a run says only what it skipped")
        #expect(try Self.workouts(site).count == 3)
        let ledger = try Self.ledger(site)
        #expect(Set(ledger.keys) == ["run.fit", "drive.gpx", "ride.tcx", "broken.fit", "notes.txt"])
        #expect(ledger["run.fit"]?.status == .imported)
        #expect(ledger["run.fit"]?.path == inbox + "/watch/run.fit")
        #expect(ledger["broken.fit"]?.status == .refused)
        #expect(ledger["broken.fit"]?.why?.hasPrefix("the file ends in the middle of a record") == true)
        #expect(ledger["notes.txt"]?.status == .notAnExport)
        #expect(ledger["notes.txt"]?.why == nil)
        let sha = SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: Self.drive)))
        #expect(ledger["drive.gpx"]?.sha256 == sha)

        // Every file now holds other bytes under its old size and time: a run that opened one
        // would fail, or import something else, or change the ledger.
        let files = ["watch/run.fit", "drive.gpx", "ride.tcx", "broken.fit", "notes.txt"].map { inbox + "/" + $0 }
        for file in files { try Self.replaceKeepingSizeAndTime(file) }
        defer { for file in files { chmod(file, 0o644) } }
        let store = FolderSnapshot(site + "/Store")
        let second = await UsergraphCLI.run(["import", "--inbox"], in: site, environment: Self.now)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.isEmpty && second.stdout.isEmpty, "\(second.stderr)")
        #expect(FolderSnapshot(site + "/Store") == store)
    }

    @Test func aChangedFileIsReadAgainAndAFixedOneIsImported() async throws {
        let (site, inbox) = try Self.inboxSite()
        #expect(await UsergraphCLI.run(["import", "--inbox"], in: site, environment: Self.now).status == 1)
        #expect(try Self.workouts(site).count == 3)
        // A key added to an entry by hand (or by a newer usergraph) survives the rewrite.
        let ledgerPath = site + "/Store/inbox.json"
        let text = try TestPaths.read(ledgerPath).replacingOccurrences(of: "\"mtime\"", with: "\"kept\" : true,\n    \"mtime\"")
        try TestPaths.write(text, to: ledgerPath)

        let fm = FileManager.default
        try fm.removeItem(atPath: inbox + "/broken.fit")
        try fm.copyItem(atPath: Self.activity, toPath: inbox + "/broken.fit")  // fixed
        try fm.removeItem(atPath: inbox + "/drive.gpx")
        try fm.copyItem(atPath: Self.watchRoute, toPath: inbox + "/drive.gpx")  // other bytes
        // The same bytes under a new time are hashed, found unchanged, and not read again.
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, inbox + "/ride.tcx", &times, 0) == 0)
        try fm.removeItem(atPath: inbox + "/notes.txt")

        let second = await UsergraphCLI.run(["import", "--inbox"], in: site, environment: Self.now)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(try Self.workouts(site).count == 5)
        let ledger = try Self.ledger(site)
        #expect(Set(ledger.keys) == ["run.fit", "drive.gpx", "ride.tcx", "broken.fit"], "a file gone from the inbox is forgotten")
        #expect(ledger["broken.fit"]?.status == .imported)
        #expect(ledger["broken.fit"]?.why == nil)
        #expect(ledger["ride.tcx"]?.mtime == "2023-11-14T22:13:20.000000000Z")
        #expect(ledger.values.allSatisfy { $0.unknown.values["kept"] == .bool(true) })

        // A run killed after saving the records and before `inbox.json` reads the files again
        // next time: that adds nothing, an import being idempotent.
        let records = FolderSnapshot(site + "/Store")
        try fm.removeItem(atPath: ledgerPath)
        let again = await UsergraphCLI.run(["import", "--inbox"], in: site, environment: Self.now)
        #expect(again.status == 0, "\(again.stderr)")
        var after = FolderSnapshot(site + "/Store")
        #expect(after.files.removeValue(forKey: "inbox.json") != nil)
        after.mtimes["inbox.json"] = nil
        var before = records
        before.files["inbox.json"] = nil
        before.mtimes["inbox.json"] = nil
        #expect(after == before)
    }

    @Test func keepGoingImportsTheGoodFileAndFailsWithoutItNothingIsWritten() async throws {
        let site = try TestPaths.site(store: [:])
        let folder = try TestPaths.scratch("files")
        let fit = try Data(contentsOf: URL(fileURLWithPath: Self.activity))
        try fit.prefix(fit.count - 40).write(to: URL(fileURLWithPath: folder + "/broken.fit"))
        let store = FolderSnapshot(site + "/Store")

        let strict = await UsergraphCLI.run(["import", folder + "/broken.fit", Self.drive], in: site, environment: Self.now)
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("usergraph: Cannot import \(folder)/broken.fit: "), "\(strict.stderr)")
        #expect(FolderSnapshot(site + "/Store") == store)

        let going = await UsergraphCLI.run(["import", "--keep-going", folder + "/broken.fit", Self.drive], in: site, environment: Self.now)
        #expect(going.status == 1)
        let lines = going.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(going.stderr)")
        #expect(lines.first?.hasPrefix("usergraph: Cannot import \(folder)/broken.fit: the file ends in the middle") == true, "\(going.stderr)")
        #expect(lines.last == "usergraph: Skipped 1 file (named above); imported the rest.")
        #expect(going.stdout.hasPrefix("Imported 1 workout,"), "\(going.stdout)")
        #expect(try Self.workouts(site).count == 1)
        #expect(!FileManager.default.fileExists(atPath: site + "/Store/inbox.json"))
    }

    @Test func aDryRunListsEachFileAndWritesNothing() async throws {
        let (site, inbox) = try Self.inboxSite()
        let store = FolderSnapshot(site + "/Store")
        let dry = await UsergraphCLI.run(["import", "--inbox", "--dry-run"], in: site, environment: Self.now)
        #expect(dry.status == 1)
        let lines = dry.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(dry.stdout)")
        #expect(lines.contains { $0.hasPrefix(inbox + "/watch/run.fit: 1 workout (running, ") && $0.hasSuffix(" km) with a track.") }, "\(dry.stdout)")
        #expect(lines.contains { $0.hasPrefix(inbox + "/drive.gpx: 1 workout (") }, "\(dry.stdout)")
        #expect(lines.last?.hasPrefix("Would import 3 workouts,") == true, "\(dry.stdout)")
        #expect(dry.stderr.contains(inbox + "/broken.fit: the file ends in the middle"), "\(dry.stderr)")
        #expect(dry.stderr.contains(inbox + "/notes.txt: it is not an export"), "\(dry.stderr)")
        #expect(dry.stderr.hasSuffix("usergraph: Would skip 2 files (named above); nothing was written.\n"), "\(dry.stderr)")
        #expect(FolderSnapshot(site + "/Store") == store)
        #expect(FileManager.default.contents(atPath: site + "/Store/inbox.json") == nil)

        // Named files too, with --keep-going or without.
        let named = await UsergraphCLI.run(["import", "--dry-run", inbox + "/ride.tcx", inbox + "/notes.txt"], in: site, environment: Self.now)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains(inbox + "/ride.tcx: 1 workout ("), "\(named.stdout)")
        #expect(named.stdout.contains(inbox + "/notes.txt: not an export usergraph reads."), "\(named.stdout)")
        #expect(FolderSnapshot(site + "/Store") == store)
    }

    /// `update` reads the inbox as the source `inbox`; `--offline` reads it too, being local.
    @Test func updateReadsTheInboxOfflineToo() async throws {
        let (site, inbox) = try Self.inboxSite()
        try FileManager.default.removeItem(atPath: inbox + "/broken.fit")
        try FileManager.default.removeItem(atPath: inbox + "/notes.txt")
        let offline = await UsergraphCLI.run(["update", "--offline"], in: site, environment: Self.now)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.isEmpty && offline.stdout.isEmpty)
        #expect(try Self.workouts(site).count == 3)
        try FileManager.default.copyItem(atPath: Self.activity, toPath: inbox + "/new.fit")
        let only = await UsergraphCLI.run(["update", "--only", "inbox"], in: site, environment: Self.now)
        #expect(only.status == 0, "\(only.stderr)")
        #expect(try Self.workouts(site).count == 4)
        let unknown = await UsergraphCLI.run(["update", "--only", "inbox,nonsense"], in: site, environment: Self.now)
        #expect(unknown.status == 64)
        // Without import.folders, --offline has nothing to do.
        let plain = try TestPaths.site(store: [:])
        #expect(await UsergraphCLI.run(["update", "--offline"], in: plain, environment: Self.now).status == 64)
        #expect(await UsergraphCLI.run(["import", "--inbox"], in: plain, environment: Self.now).status == 64)
    }

    @Test func importFoldersResolveAgainstTheSiteAndTheHome() throws {
        let home = NSHomeDirectory()
        let config = try ConfigLoader.parse("import:\n  folders: [inbox, ../Sync/Watch, ~/Garmin, /srv/in]\n", file: "/sites/anna/usergraph.yml")
        #expect(config.importFolders == ["/sites/anna/inbox", "/sites/Sync/Watch", home + "/Garmin", "/srv/in"])
        #expect(throws: UsergraphError.self) { try ConfigLoader.parse("import:\n  folders: inbox\n", file: "/s/usergraph.yml") }
        #expect(throws: UsergraphError.self) { try ConfigLoader.parse("import:\n  folder: [inbox]\n", file: "/s/usergraph.yml") }
    }

    /// The streamed SHA-256 is the one-shot one, however the bytes arrive.
    @Test func aStreamedDigestIsTheWholeOne() {
        var generator = SplitMix64(seed: 39)
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for cut in [0, 1, 55, 56, 63, 64, 65, 128, 999, 1000] {
            var stream = SHA256.Stream()
            bytes[..<cut].withUnsafeBytes { stream.update($0) }
            bytes[cut...].withUnsafeBytes { stream.update($0) }
            #expect(stream.hex() == SHA256.hex(bytes), "cut at \(cut)")
        }
        #expect(SHA256.Stream().hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
