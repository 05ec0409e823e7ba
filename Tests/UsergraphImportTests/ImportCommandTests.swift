import Foundation
import Testing
import ZIPFoundation
@testable import UsergraphCore
@testable import UsergraphImport
@testable import UsergraphStore
import UsergraphTestSupport

/// `usergraph import` end to end, in-process: real device files in, the store out.
@Suite(.scratch) struct ImportCommandTests {
    static let fixtures = TestPaths.fixtures + "/import"
    static let now = ["USERGRAPH_NOW": "2026-11-20T12:00:00+03:00"]

    static func store(_ site: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in ["workouts.json", "weights.json", "steps.json"] {
            files[name] = FileManager.default.contents(atPath: site + "/Store/" + name)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: site + "/Store/tracks")) ?? [] {
            files["tracks/" + name] = FileManager.default.contents(atPath: site + "/Store/tracks/" + name)
        }
        return files
    }

    static func workouts(_ site: String) throws -> [Workout] {
        try JSONFile.read([Workout].self, at: site + "/Store/workouts.json") ?? []
    }

    /// Every kind of export at once, then again: the second run adds nothing and changes no byte.
    @Test func importingEverythingTwiceLeavesTheStoreAsAfterTheFirstTime() async throws {
        let site = try TestPaths.site(store: [:])
        // The fixture folders also hold broken files for the readers' own tests, so the good ones are named.
        let fit = [
            "2013-02-06-12-11-14.fit", "Activity.fit.gz", "WeightScaleSingleUser.fit", "activity-large-fenxi2-multisport.fit",
            "developer-types-sample.fit", "garmin-edge-820-bike.fit", "garmin-fenix-5-run.fit", "sample_mulitple_header.fit",
        ]
        let paths =
            fit.map { Self.fixtures + "/fit/" + $0 } + [
                Self.fixtures + "/gpx", Self.fixtures + "/tcx",
                Self.fixtures + "/apple_health/opendroid-hk/sampleexport-2.xml",
                Self.fixtures + "/strava/activities.sample.DERIVED.csv",
            ]
        let first = await UsergraphCLI.run(["import"] + paths, in: site, environment: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Imported "), "\(first.stdout)")
        let afterFirst = Self.store(site)
        let workouts = try Self.workouts(site)
        #expect(workouts.count > 20)
        #expect(workouts.allSatisfy { $0.source != nil && WorkoutRulesCheck.isStoredType($0.type) })
        #expect(workouts.contains { ($0.distance ?? 0) > 1000 })
        #expect(try JSONFile.read([WeightRecord].self, at: site + "/Store/weights.json")?.isEmpty == false)
        // Each track names a workout of the list.
        let tracks = afterFirst.keys.filter { $0.hasPrefix("tracks/") }
        #expect(tracks.count > 15)
        #expect(Set(tracks).isSubset(of: Set(workouts.map { "tracks/\($0.id).json" })))

        let second = await UsergraphCLI.run(["import"] + paths, in: site, environment: Self.now)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("Imported 0 workouts, 0 weights, 0 days of steps and 0 meals; skipped "), "\(second.stdout)")
        #expect(Self.store(site) == afterFirst)
    }

    /// A field added by hand to an imported workout survives another import and an edit.
    @Test func aHandAddedFieldSurvivesAnImportAndAnEdit() async throws {
        let site = try TestPaths.site(store: [:])
        let file = Self.fixtures + "/tcx/vkurup-python-tcxparser/test.tcx"
        #expect(await UsergraphCLI.run(["import", file], in: site, environment: Self.now).status == 0)
        var text = try TestPaths.read(site + "/Store/workouts.json")
        text = text.replacingOccurrences(of: "\"duration\"", with: "\"shoes\" : \"Pegasus\",\n    \"duration\"")
        try TestPaths.write(text, to: site + "/Store/workouts.json")
        #expect(await UsergraphCLI.run(["import", Self.fixtures + "/gpx"], in: site, environment: Self.now).status == 0)
        #expect(await UsergraphCLI.run(["workout", "add", "--type", "yoga", "--duration", "30m"], in: site, environment: Self.now).status == 0)
        let imported = try #require(try Self.workouts(site).first { $0.source?.kind == "tcx" })
        #expect(imported.unknown.values["shoes"] == .string("Pegasus"))
    }

    @Test func aDryRunSaysWhatItWouldDoAndWritesNothing() async throws {
        let site = try TestPaths.site(store: [:])
        let run = await UsergraphCLI.run(
            ["import", "--dry-run", Self.fixtures + "/fit/garmin-edge-820-bike.fit", Self.fixtures + "/gpx"],
            in: site, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        // A line per file, then what the store would take.
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(Self.fixtures + "/fit/garmin-edge-820-bike.fit: 1 workout (cycling, ") == true, "\(run.stdout)")
        #expect(lines.last?.hasPrefix("Would import ") == true, "\(run.stdout)")
        #expect(Self.store(site).isEmpty)
    }

    /// The same activity from a watch's file and from Strava is recorded once, and a re-import
    /// of either is skipped.
    @Test func oneActivityFromTwoSourcesIsRecordedOnce() async throws {
        let site = try TestPaths.site(store: [:])
        let fit = Self.fixtures + "/fit/garmin-fenix-5-run.fit"
        #expect(await UsergraphCLI.run(["import", fit], in: site, environment: Self.now).status == 0)
        let watch = try #require(try Self.workouts(site).first)
        let start = try #require(watch.startDate)
        // A Strava row of the same 57 s run: 5 s later, 3 % longer, without energy (their spans
        // overlap by 52 s, over 80 % of the shorter one).
        let date = Self.stravaDate(start.addingTimeInterval(5))
        let csv =
            "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Elapsed Time,Moving Time,Distance\n"
            + "555,\"\(date)\",Morning Run,Run,\(Int(Double(watch.duration) * 1.03)),5.1,\(Int(Double(watch.duration) * 1.03)),0,5100\n"
        let strava = try TestPaths.scratch("strava") + "/activities.csv"
        try TestPaths.write(csv, to: strava)
        let run = await UsergraphCLI.run(["import", strava], in: site, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        let workouts = try Self.workouts(site)
        #expect(workouts.count == 1)
        #expect(workouts.first?.alsoFrom == [RecordSource(kind: "strava", id: "555")])
        let again = await UsergraphCLI.run(["import", strava, fit], in: site, environment: Self.now)
        #expect(again.stdout.hasPrefix("Imported 0 workouts"), "\(again.stdout)")
        #expect(try Self.workouts(site).count == 1)
    }

    static func stravaDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "MMM d, yyyy, h:mm:ss a"
        return formatter.string(from: date)
    }

    /// Hostile or broken files: one sentence naming the file, exit 1, no byte of the store changed.
    @Test func hostileFilesFailWithOneSentenceAndChangeNothing() async throws {
        let folder = try TestPaths.scratch("hostile")
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
            <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
            <HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierStepCount" sourceName="&h;" value="1"
             startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:01:00 +0000"/></HealthData>
            """
        try TestPaths.write(laughs, to: folder + "/laughs.xml")
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>&secret;</name><trkseg>
            <trkpt lat="46.0" lon="14.0"><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="46.01" lon="14.0"><time>2024-01-01T10:10:00Z</time></trkpt></trkseg></trk></gpx>
            """
        try TestPaths.write(external, to: folder + "/external.gpx")
        let fit = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/fit/Activity.fit"))
        try fit.prefix(fit.count - 40).write(to: URL(fileURLWithPath: folder + "/truncated.fit"))
        var damaged = [UInt8](fit)
        damaged[200] ^= 0x5A
        try Data(damaged).write(to: URL(fileURLWithPath: folder + "/badcrc.fit"))
        let zip = folder + "/slip.zip"
        let archive = try Archive(url: URL(fileURLWithPath: zip), accessMode: .create)
        let gpx = Data(try TestPaths.read(Self.fixtures + "/gpx/tkrajina-gpxpy/korita-zbevnica.gpx").utf8)
        try archive.addEntry(with: "../../escaped.gpx", type: .file, uncompressedSize: Int64(gpx.count)) { position, size in
            gpx.subdata(in: Int(position)..<Int(position) + size)
        }

        let site = try TestPaths.site(store: ["workouts.json": try TestPaths.read(TestPaths.repository + "/Store/workouts.json")])
        let before = FolderSnapshot(site + "/Store")
        for (file, words) in [
            ("laughs.xml", "entit"), ("external.gpx", "entit"), ("truncated.fit", "ends in the middle"),
            ("badcrc.fit", "checksum"), ("slip.zip", "outside the archive"),
        ] {
            let run = await UsergraphCLI.run(["import", folder + "/" + file], in: site, environment: Self.now)
            #expect(run.status == 1, "\(file): \(run.stderr)")
            #expect(run.stderr.hasPrefix("usergraph: Cannot import \(folder)/\(file): "), "\(file): \(run.stderr)")
            #expect(run.stderr.contains(words), "\(file): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(file): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(FolderSnapshot(site + "/Store") == before, "\(file) changed the store")
        }
    }
}

/// The store's rule for a type, as `workout add` checks it.
enum WorkoutRulesCheck {
    static func isStoredType(_ type: String) -> Bool { WorkoutRules.normalized(type: type) == type }
}

/// Archives as the Health app and Strava hand them out.
@Suite(.scratch) struct ImportArchiveTests {
    static let fixtures = ImportCommandTests.fixtures

    static func zip(_ entries: [(path: String, file: String)], to archivePath: String) throws {
        let archive = try Archive(url: URL(fileURLWithPath: archivePath), accessMode: .create)
        for entry in entries {
            let data = try Data(contentsOf: URL(fileURLWithPath: entry.file))
            try archive.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// `export.zip` gives what the unpacked export gives, once: the route files beside its
    /// `export.xml` are its workouts' tracks, not workouts of their own; one that no workout
    /// links is passed over.
    @Test func anAppleHealthZipImportsItsExportOnly() async throws {
        let folder = try TestPaths.scratch("zip")
        let export = Self.fixtures + "/apple_health/dogsheep-healthkit-to-sqlite/apple_health_export/export.xml"
        try Self.zip(
            [
                ("apple_health_export/export.xml", export),
                (
                    "apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx",
                    export.dropLast("export.xml".count) + "workout-routes/route_2019-06-11_3.00pm.gpx"
                ),
                ("apple_health_export/workout-routes/route_1.gpx", Self.fixtures + "/gpx/tkrajina-gpxpy/korita-zbevnica.gpx"),
            ],
            to: folder + "/export.zip")
        let zipped = try TestPaths.site(store: [:])
        let fromZip = await UsergraphCLI.run(["import", folder + "/export.zip"], in: zipped, environment: ImportCommandTests.now)
        #expect(fromZip.status == 0, "\(fromZip.stderr)")
        let plain = try TestPaths.site(store: [:])
        #expect(await UsergraphCLI.run(["import", export], in: plain, environment: ImportCommandTests.now).status == 0)
        #expect(try ImportCommandTests.workouts(zipped).count == 1)
        #expect(ImportCommandTests.store(zipped) == ImportCommandTests.store(plain))
        #expect(ImportCommandTests.store(zipped).keys.contains { $0.hasPrefix("tracks/") })
        // No temporary copy of the export is left behind (other tests' imports may be under way
        // beside this one, each in a scratch folder of its own, with no export in it).
        let scratch = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("usergraph-import-\(getpid())-") }
        #expect(!scratch.contains { FileManager.default.fileExists(atPath: NSTemporaryDirectory() + $0 + "/export.xml") })
    }

    @Test func aStravaZipImportsItsActivitiesCSV() async throws {
        let folder = try TestPaths.scratch("zip")
        try Self.zip(
            [
                ("activities.csv", Self.fixtures + "/strava/activities.sample.DERIVED.csv"),
                ("activities/203707851.gpx", Self.fixtures + "/gpx/tkrajina-gpxpy/korita-zbevnica.gpx"),
            ],
            to: folder + "/export_123.zip")
        let site = try TestPaths.site(store: [:])
        let run = await UsergraphCLI.run(["import", folder + "/export_123.zip"], in: site, environment: ImportCommandTests.now)
        #expect(run.status == 0, "\(run.stderr)")
        let workouts = try ImportCommandTests.workouts(site)
        #expect(workouts.count == 20 && workouts.allSatisfy { $0.source?.kind == "strava" })
    }
}

@Suite struct ExportKindTests {
    /// Kinds come from the content; a real Health export's DTD runs past the first 4 KB.
    @Test func kindsAreRecognisedByTheirFirstBytes() {
        let dtd =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n" + String(repeating: "<!ATTLIST Record type CDATA #REQUIRED>\n", count: 300)
        #expect(ExportReader.kind(of: Array(dtd.utf8)) == .appleHealth)
        #expect(ExportReader.kind(of: Array("<?xml version=\"1.0\"?><gpx version=\"1.1\">".utf8)) == .gpx)
        #expect(ExportReader.kind(of: Array("<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"x\">".utf8)) == .tcx)
        #expect(ExportReader.kind(of: Array("Activity ID,Activity Date,Activity Name,Activity Type\n".utf8)) == .strava)
        #expect(ExportReader.kind(of: [0x0E, 0x10, 0x43, 0x08, 0, 0, 0, 0] + Array(".FIT".utf8)) == .fit)
        #expect(ExportReader.kind(of: [0x50, 0x4B, 0x03, 0x04]) == .zip)
        #expect(ExportReader.kind(of: [0x1F, 0x8B, 0x08]) == .gzip)
        #expect(ExportReader.kind(of: Array("just some notes\n".utf8)) == nil)
    }
}

/// Steps and meals from Apple Health, as DESIGN.md stores them.
@Suite(.scratch) struct ImportStepsAndMealsTests {
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's iPhone" unit="count" startDate="2026-11-19 08:00:00 +0300" endDate="2026-11-19 08:30:00 +0300" value="3000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's iPhone" unit="count" startDate="2026-11-19 18:00:00 +0300" endDate="2026-11-19 18:30:00 +0300" value="2500"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's Watch" unit="count" startDate="2026-11-19 08:00:00 +0300" endDate="2026-11-19 08:30:00 +0300" value="3200"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's Watch" unit="count" startDate="2026-11-20 09:00:00 +0300" endDate="2026-11-20 09:30:00 +0300" value="4100"/>
         <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lose It!" unit="kcal" startDate="2026-11-19 08:15:00 +0300" endDate="2026-11-19 08:15:00 +0300" value="350"/>
         <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Lose It!" unit="g" startDate="2026-11-19 08:15:00 +0300" endDate="2026-11-19 08:15:00 +0300" value="12.5"/>
         <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Lose It!" startDate="2026-11-19 08:15:00 +0300" endDate="2026-11-19 08:15:00 +0300">
          <MetadataEntry key="HKFoodType" value="Oatmeal"/>
          <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lose It!" unit="kcal" startDate="2026-11-19 08:15:00 +0300" endDate="2026-11-19 08:15:00 +0300" value="350"/>
          <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Lose It!" unit="g" startDate="2026-11-19 08:15:00 +0300" endDate="2026-11-19 08:15:00 +0300" value="12.5"/>
         </Correlation>
         <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Lose It!" unit="kcal" startDate="2026-11-19 19:30:00 +0300" endDate="2026-11-19 19:30:00 +0300" value="640"/>
        </HealthData>
        """

    @Test func stepsTakeTheLargestDeviceAndFoodCorrelationsBecomeMeals() async throws {
        let folder = try TestPaths.scratch("health")
        try TestPaths.write(Self.export, to: folder + "/export.xml")
        let site = try TestPaths.site(store: [:])
        let run = await UsergraphCLI.run(["import", folder + "/export.xml"], in: site, environment: ImportCommandTests.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Imported 0 workouts, 0 weights, 2 days of steps and 2 meals; skipped 0 already there.\n")
        let steps = try #require(try JSONFile.read([StepsRecord].self, at: site + "/Store/steps.json"))
        // The phone's 5,500 beat the watch's 3,200 on the 19th; the watch alone counted the 20th.
        #expect(
            steps == [
                StepsRecord(date: "2026-11-19", steps: 5500, source: RecordSource(kind: "apple-health", id: "Anna's iPhone")),
                StepsRecord(date: "2026-11-20", steps: 4100, source: RecordSource(kind: "apple-health", id: "Anna's Watch")),
            ])
        let meals = try #require(try JSONFile.read([Meal].self, at: site + "/Store/meals.json"))
        #expect(meals.map(\.kind) == ["breakfast", "dinner"])
        #expect(meals.first?.foods == [Food(name: "Oatmeal", kcal: 350, protein: 12.5)], "the top-level copies are not counted again")
        #expect(meals.last?.foods == [Food(name: "Food", kcal: 640)] && meals.last?.time == "19:30")
        let again = await UsergraphCLI.run(["import", folder + "/export.xml"], in: site, environment: ImportCommandTests.now)
        #expect(again.stdout == "Imported 0 workouts, 0 weights, 0 days of steps and 0 meals; skipped 4 already there.\n")
    }
}

@Suite(.scratch) struct ImportOptionsTests {
    static let strava = ImportCommandTests.fixtures + "/strava/activities.sample.DERIVED.csv"

    /// `--since` leaves out what started before the day (in the site's zone); Python's reading
    /// of the same file (expected.json) says how many started on or after it.
    @Test func sinceLeavesOutEarlierRecords() async throws {
        struct Row: Decodable { var start: String }
        let expected =
            try JSONDecoder().decode(
                [String: [Row]].self,
                from: Data(
                    contentsOf: URL(
                        fileURLWithPath:
                            ImportCommandTests.fixtures + "/strava/expected.json")))["activities.sample.DERIVED.csv"] ?? []
        // The site's zone is Moscow: 2023-01-01 starts at 2022-12-31T21:00:00Z.
        let later = expected.filter { $0.start >= "2022-12-31T21:00:00Z" }.count
        #expect(later > 0 && later < expected.count)
        let site = try TestPaths.site(store: [:])
        let run = await UsergraphCLI.run(["import", "--since", "2023-01-01", Self.strava], in: site, environment: ImportCommandTests.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ImportCommandTests.workouts(site).count == later)
        let bad = await UsergraphCLI.run(["import", "--since", "last year", Self.strava], in: site, environment: ImportCommandTests.now)
        #expect(bad.status == 64 && bad.stderr.contains("--since"))
    }

    /// On a terminal a bar shows the bytes read; off one (cron) nothing but what the run says.
    @Test func aTerminalSeesTheProgressBarAndCronDoesNot() async throws {
        let site = try TestPaths.site(store: [:])
        let watched = await UsergraphCLI.run(
            ["import", "--dry-run", Self.strava], in: site, environment: ImportCommandTests.now,
            terminals: .all)
        #expect(watched.stderr.contains("100% (") && watched.stderr.contains("█"), "\(watched.stderr)")
        let cron = await UsergraphCLI.run(["import", "--dry-run", Self.strava], in: site, environment: ImportCommandTests.now)
        #expect(cron.stderr.isEmpty)
        // A dry run's list of files, then its closing line.
        #expect(cron.stdout.split(separator: "\n").last?.hasPrefix("Would import 20 workouts") == true, "\(cron.stdout)")
        let missing = await UsergraphCLI.run(["import", site + "/nope.fit"], in: site, environment: ImportCommandTests.now)
        #expect(missing.status == 64 && missing.stderr == "usergraph: \(site)/nope.fit does not exist.\n")
    }
}
