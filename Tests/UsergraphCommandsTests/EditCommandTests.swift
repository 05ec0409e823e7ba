import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
import UsergraphTestSupport

/// `owner`, `workout` and `weight` run as the real executable in a scratch site.
@Suite(.scratch) struct EditCommandTests {
    /// The clock every command sees unless a test moves it (noon in the site's zone).
    static let now = "2026-11-20T12:00:00+03:00"

    /// A site whose store holds the demo's owner, workouts and weights.
    static func demoSite() throws -> UsergraphCLI {
        var files: [String: String] = [:]
        for name in ["owner.json", "workouts.json", "weights.json"] {
            files[name] = try TestPaths.read(TestPaths.repository + "/Store/" + name)
        }
        return UsergraphCLI(site: try TestPaths.site(store: files))
    }

    static func emptySite() throws -> UsergraphCLI {
        UsergraphCLI(site: try TestPaths.site(store: [:]))
    }

    static func workouts(_ cli: UsergraphCLI) throws -> [Workout] {
        try JSONFile.read([Workout].self, at: cli.site + "/Store/workouts.json") ?? []
    }

    static func timerJSON(_ cli: UsergraphCLI, at now: String) async throws -> [String: Any]? {
        let run = await cli.run(["workout", "status", "--json"], now: now)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8), options: [.fragmentsAllowed]) as? [String: Any]
    }

    /// Image files outside the store, for --avatar.
    static func images() throws -> (png: String, text: String, big: String, script: String, svg: String) {
        let folder = try TestPaths.scratch("images")
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 100)
        try png.write(to: URL(fileURLWithPath: folder + "/face.png"))
        try TestPaths.write("not an image at all", to: folder + "/fake.png")
        try (png + Data(repeating: 0, count: OwnerRules.avatarLimit)).write(to: URL(fileURLWithPath: folder + "/big.png"))
        try TestPaths.write("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>", to: folder + "/evil.svg")
        try TestPaths.write(
            "<?xml version=\"1.0\"?>\n<!-- me -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><circle r=\"4\"/></svg>\n",
            to: folder + "/face.jpeg")
        return (folder + "/face.png", folder + "/fake.png", folder + "/big.png", folder + "/evil.svg", folder + "/face.jpeg")
    }

    @Test func invalidInputsChangeNoByteOfTheStore() async throws {
        let cli = try Self.demoSite()
        defer { cli.remove() }
        let images = try Self.images()
        defer { try? FileManager.default.removeItem(atPath: (images.png as NSString).deletingLastPathComponent) }
        let firstID = try #require(try Self.workouts(cli).first?.id)
        let before = FolderSnapshot(cli.site + "/Store")
        // (arguments, exit status, problems reported)
        let cases: [([String], Int32, Int)] = [
            (["owner", "set"], 64, 1),
            (["owner", "set", "--email", "anna@", "--name", "  ", "--sex", "x", "--birth-date", "1800-01-01", "--avatar", "/no/such/file.png"], 64, 5),
            (["owner", "set", "--email", "anna petrova@example.org"], 64, 1),
            (["owner", "set", "--email", "anna@example"], 64, 1),
            (["owner", "set", "--birth-date", "2026-11-21"], 64, 1),
            (["owner", "set", "--birth-date", "2020-02-30"], 64, 1),
            (["owner", "set", "--birth-date", "2020-01-01"], 64, 1),
            (["owner", "set", "--avatar", images.text], 64, 1),
            (["owner", "set", "--avatar", images.big], 64, 1),
            (["owner", "set", "--avatar", images.script], 64, 1),
            (["owner", "set", "--name", "Anna\u{7}"], 64, 1),
            (["workout", "add", "--type", "", "--duration", "0m"], 64, 2),
            (["workout", "add", "--type", "running", "--duration", "25h"], 64, 1),
            (["workout", "add", "--type", "running", "--duration", "45"], 64, 1),
            (["workout", "add", "--type", "running", "--duration", "45m", "--start", "2026-11-21T07:00:00+03:00"], 64, 1),
            (
                [
                    "workout", "add", "--type", "running", "--duration", "45m", "--start", "yesterday", "--calories", "99999",
                    "--exercises", "-1", "--notes", String(repeating: "x", count: 1001),
                ], 64, 4
            ),
            (["workout", "add", "--type", "cycling", "--duration", "45m", "--start", "2025-11-21T06:25:00+03:00"], 1, 1),
            (["workout", "delete", firstID], 64, 1),
            (["workout", "delete", "zzzz"], 1, 1),
            (["workout", "delete", "ab"], 64, 1),
            (["workout", "start", "--type", "run!"], 64, 1),
            (["workout", "pause"], 1, 1),
            (["workout", "resume"], 1, 1),
            (["workout", "finish"], 1, 1),
            (["workout", "cancel", "--yes"], 1, 1),
            (["weight", "add", "500"], 64, 1),
            (["weight", "add", "abc", "--date", "2026-13-01"], 64, 2),
            (["weight", "add", "70", "--date", "2026-11-21"], 64, 1),
            (["weight", "add", "70.123"], 64, 1),
        ]
        for (arguments, status, problems) in cases {
            let run = await cli.run(arguments, now: Self.now)
            #expect(run.status == status, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments) printed \(run.stdout)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.first?.hasPrefix("usergraph: ") == true, "\(arguments): \(run.stderr)")
            // Input problems come one per line, then the line saying nothing was written.
            #expect(
                lines.count == (status == 64 && problems > 0 && arguments[1] != "delete" ? problems + 1 : 1),
                "\(arguments): \(run.stderr)")
        }
        let badClock = await cli.run(["weight", "add", "70"], now: "tomorrow")
        #expect(badClock.status == 64)
        #expect(FolderSnapshot(cli.site + "/Store") == before)
    }

    @Test func ownerSetLandsAndTheSameValuesWriteNothing() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        let path = cli.site + "/Store/owner.json"
        let created = await cli.run(["owner", "set", "--email", "anna@example.org", "--name", " Anna Petrova "], now: Self.now)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("Created owner.json."))
        #expect(created.stdout.contains("usergraph owner set --sex M|W --birth-date YYYY-MM-DD"), "says how to fill the rest")
        var owner = try #require(try JSONFile.read(Owner.self, at: path))
        #expect(owner == Owner(email: "anna@example.org", name: "Anna Petrova", createdAt: "2026-11-20", updatedAt: "2026-11-20"))

        // Setting what is already there writes nothing: same bytes, same timestamp.
        let old = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let same = await cli.run(["owner", "set", "--email", "anna@example.org", "--name", "Anna Petrova"], now: "2026-11-25T09:00:00+03:00")
        #expect(same.status == 0)
        #expect(same.stdout.contains("already has these values; nothing was written"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect((try FileManager.default.attributesOfItem(atPath: path))[.modificationDate] as? Date == old)

        let updated = await cli.run(["owner", "set", "--sex", "female", "--birth-date", "1994-05-17"], now: "2026-12-01T09:00:00+03:00")
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("Updated owner.json: sex, birthDate."))
        owner = try #require(try JSONFile.read(Owner.self, at: path))
        #expect(
            owner
                == Owner(
                    email: "anna@example.org", name: "Anna Petrova", sex: "W", birthDate: "1994-05-17",
                    createdAt: "2026-11-20", updatedAt: "2026-12-01"))
        #expect(owner.isFilled)
        let show = await cli.run(["owner", "show"], now: Self.now)
        #expect(show.stdout.contains("Birth date     1994-05-17 (32)"))
        #expect(show.stdout.hasSuffix("The profile is filled.\n"))
    }

    @Test func anAvatarIsJudgedByItsBytesAndStoredByItsHash() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        let images = try Self.images()
        defer { try? FileManager.default.removeItem(atPath: (images.png as NSString).deletingLastPathComponent) }
        for file in [images.png, images.svg] {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let run = await cli.run(["owner", "set", "--avatar", file], now: Self.now)
            #expect(run.status == 0, "\(run.stderr)")
            let owner = try #require(try JSONFile.read(Owner.self, at: cli.site + "/Store/owner.json"))
            // The SVG is called .jpeg; its bytes decide.
            let name = SHA256.hex(data) + (file == images.png ? ".png" : ".svg")
            #expect(owner.avatar == "files/" + name)
            #expect(FileManager.default.contents(atPath: cli.site + "/Store/files/" + name) == data)
        }
        let build = await cli.run(["build", "--quiet"], now: Self.now)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try TestPaths.read(cli.site + "/_site/index.html")
        #expect(home.contains("files/" + SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: images.svg))) + ".svg"))
    }

    @Test func workoutsAreAddedListedFilteredAndDeleted() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        let adds: [[String]] = [
            ["--type", "Running", "--duration", "45m", "--calories", "420", "--notes", "easy, by the river"],
            ["--type", "yoga", "--duration", "1h20m", "--start", "2026-11-19 07:30", "--exercises", "12"],
            ["--type", "swimming", "--duration", "90s", "--start", "2026-11-18T18:00:00Z"],
        ]
        for arguments in adds {
            let run = await cli.run(["workout", "add"] + arguments, now: Self.now)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.hasPrefix("Recorded "))
        }
        let stored = try Self.workouts(cli)
        #expect(
            stored.map(\.start) == ["2026-11-20T11:15:00+03:00", "2026-11-19T07:30:00+03:00", "2026-11-18T18:00:00Z"],
            "no --start means it ended now; a local time is in the site's zone; an offset is kept")
        #expect(stored.map(\.type) == ["running", "yoga", "swimming"])
        #expect(stored.map(\.duration) == [2700, 4800, 90])
        #expect(stored[0].calories == 420 && stored[0].notes == "easy, by the river" && stored[1].exercises == 12)
        #expect(Set(stored.map(\.id)).count == 3 && stored.allSatisfy { UUID(uuidString: $0.id) != nil })

        let list = await cli.run(["workout", "list"], now: Self.now)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("2026-11-20 11:15  running") && lines[1].contains("yoga") && lines[2].hasPrefix("2026-11-18 21:00  swimming"))
        #expect(lines[0].contains(stored[0].id.prefix(8)) && lines[0].contains("420 kcal"))

        let json = await cli.run(["workout", "list", "--json", "--from", "2026-11-19", "--to", "2026-11-20"], now: Self.now)
        let listed = try JSONDecoder().decode([Workout].self, from: Data(json.stdout.utf8))
        #expect(listed == [stored[0], stored[1]])
        let yoga = await cli.run(["workout", "list", "--json", "--type", "YOGA"], now: Self.now)
        #expect(try JSONDecoder().decode([Workout].self, from: Data(yoga.stdout.utf8)) == [stored[1]])
        #expect(await cli.run(["workout", "list", "--from", "2026-11-21", "--to", "2026-11-20"]).status == 64)

        let delete = await cli.run(["workout", "delete", String(stored[1].id.prefix(8)), "--yes"], now: Self.now)
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout.contains("Deleted yoga, 1h20m"))
        #expect(try Self.workouts(cli) == [stored[0], stored[2]])
    }

    @Test func deleteAsksOnATerminalAndRefusesOffOne() async throws {
        let cli = try Self.demoSite()
        defer { cli.remove() }
        let target = try #require(try Self.workouts(cli).last)
        let before = FolderSnapshot(cli.site + "/Store")

        let offTerminal = await cli.run(["workout", "delete", target.id], now: Self.now)
        #expect(offTerminal.status == 64)
        #expect(offTerminal.stderr.contains("pass --yes"))
        #expect(FolderSnapshot(cli.site + "/Store") == before)

        // A person at a terminal is asked, and their answer counts.
        for (answer, status) in [("n", Int32(1)), ("y", Int32(0))] {
            let run = await cli.run(["workout", "delete", String(target.id.prefix(6))], now: Self.now, terminals: .all, input: [answer])
            #expect(run.stderr.contains("Delete the \(target.type)") && run.stderr.contains("[y/N]"), "\(run.stderr)")
            #expect(run.status == status, "\(run.stderr)")
        }
        let after = try Self.workouts(cli)
        #expect(!after.contains(target))
        #expect(after.count == 222)
    }

    @Test func theTimerCountsAcrossSeparateProcesses() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        @discardableResult
        func run(_ arguments: String..., at time: String) async throws -> UsergraphCLI.Run {
            let result = await cli.run(arguments, now: "2026-11-20T" + time + "+03:00")
            #expect(result.status == 0, "\(arguments) at \(time): \(result.stderr)")
            return result
        }
        #expect(try await run("workout", "status", at: "07:00:00").stdout == "No workout timer is running.\n")
        try await run("workout", "start", "--type", "Cycling", at: "07:00:00")
        let twice = await cli.run(["workout", "start", "--type", "yoga"], now: "2026-11-20T07:01:00+03:00")
        #expect(twice.status == 1 && twice.stderr.contains("already running"))
        #expect(try await run("workout", "status", at: "07:05:30").stdout.hasPrefix("cycling: 0:05:30, running"))
        #expect(try await run("workout", "pause", at: "07:10:00").stdout.contains("at 0:10:00"))
        let pausedTwice = await cli.run(["workout", "pause"], now: "2026-11-20T07:11:00+03:00")
        #expect(pausedTwice.status == 1 && pausedTwice.stderr.contains("already paused"))
        #expect(try await Self.timerJSON(cli, at: "2026-11-20T07:25:00+03:00")?["countedSeconds"] as? Int == 600, "a pause stops the count")
        try await run("workout", "resume", at: "07:30:00")
        let resumedTwice = await cli.run(["workout", "resume"], now: "2026-11-20T07:31:00+03:00")
        #expect(resumedTwice.status == 1 && resumedTwice.stderr.contains("already running"))
        let status = try #require(try await Self.timerJSON(cli, at: "2026-11-20T07:45:00+03:00"))
        #expect(status["countedSeconds"] as? Int == 1500 && status["state"] as? String == "running" && status["type"] as? String == "cycling")
        let finish = try await run("workout", "finish", "--notes", "hills", at: "07:50:00")
        #expect(finish.stdout.contains("Recorded cycling, 30m, on November 20, 2026 at 07:00"))
        #expect(!FileManager.default.fileExists(atPath: cli.site + "/Store/timer.json"))
        let workouts = try Self.workouts(cli)
        #expect(
            workouts == [
                Workout(
                    id: try #require(status["id"] as? String), type: "cycling", start: "2026-11-20T07:00:00+03:00",
                    duration: 1800, notes: "hills")
            ])
        #expect(await cli.run(["workout", "finish"], now: Self.now).status == 1, "nothing left to finish")
    }

    /// SIGKILL at random moments: a watcher, and pause/resume processes mid-run. Whatever
    /// survives, timer.json is always a whole timer and no counted second goes missing.
    @Test func killedProcessesLoseNoCountedTime() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        func at(_ minute: Int) -> String { "2026-11-20T08:" + Day.pad(minute, 2) + ":00+03:00" }
        #expect(await cli.run(["workout", "start", "--type", "running"], now: at(0)).status == 0)

        // Killing is the point here, so these run as processes.
        let watcher = try Executable.start(["workout", "status", "--watch"], in: cli.site, environment: ["USERGRAPH_NOW": at(3)])
        let seen = try Executable.firstLine(of: watcher.1)
        kill(watcher.0.processIdentifier, SIGKILL)
        _ = Executable.finish(watcher.0, watcher.1, watcher.2)
        #expect(seen.hasPrefix("running: 0:03:00, running"), "\(seen)")

        // How long a whole pause and resume take here, so the kills below land all over a run:
        // before it reads, while it writes, after it is done. (Both at minute 0: nothing counted; the
        // two runs together take twice as long as one.)
        let began = Date()
        #expect(try Executable.run(["workout", "pause"], in: cli.site, environment: ["USERGRAPH_NOW": at(0)]).status == 0)
        #expect(try Executable.run(["workout", "resume"], in: cli.site, environment: ["USERGRAPH_NOW": at(0)]).status == 0)
        let whole = Date().timeIntervalSince(began) / 2

        // The model: what must have been counted, given which operations took effect.
        var counted = 0, runningSince: Int? = 0
        var applied = 0, killedBeforeEffect = 0
        for minute in 1...24 {
            let command = minute % 2 == 1 ? "pause" : "resume"
            let (process, out, err) = try Executable.start(["workout", command], in: cli.site, environment: ["USERGRAPH_NOW": at(minute)])
            usleep(UInt32(Double.random(in: 0...whole) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            _ = Executable.finish(process, out, err)
            let state = try #require(try await Self.timerJSON(cli, at: at(minute)), "timer.json must stay a whole timer")
            let running = state["state"] as? String == "running"
            if running != (runningSince != nil) {
                applied += 1
                if let since = runningSince { counted += (minute - since) * 60; runningSince = nil } else { runningSince = minute }
            } else {
                killedBeforeEffect += 1
            }
            let expected = counted + (runningSince.map { (minute - $0) * 60 } ?? 0)
            #expect(state["countedSeconds"] as? Int == expected, "after \(command) at minute \(minute)")
        }
        // Writers killed mid-write leave temporary files; the next edit sweeps them away.
        #expect(await cli.run(["workout", runningSince == nil ? "resume" : "pause"], now: at(25)).status == 0)
        if runningSince == nil { runningSince = 25 } else { counted += (25 - (runningSince ?? 25)) * 60; runningSince = nil }
        let litter = try FileManager.default.contentsOfDirectory(atPath: cli.site + "/Store").filter { $0.contains(".tmp-") }
        #expect(litter.isEmpty, "\(litter)")
        let final = try #require(try await Self.timerJSON(cli, at: at(30)))
        #expect(final["countedSeconds"] as? Int == counted + (runningSince.map { (30 - $0) * 60 } ?? 0))
        #expect(applied + killedBeforeEffect == 24)
    }

    @Test func finishAfterACrashRecordsTheWorkoutOnce() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        #expect(await cli.run(["workout", "start", "--type", "yoga"], now: "2026-11-20T07:00:00+03:00").status == 0)
        let timer = try #require(try JSONFile.read(WorkoutTimer.self, at: cli.site + "/Store/timer.json"))
        // A crash between the two steps of `finish`: the workout saved, the timer still there.
        try JSONFile.write(
            [timer.workout(at: try #require(Timestamp.parse("2026-11-20T08:00:00+03:00")), notes: nil)],
            to: cli.site + "/Store/workouts.json")
        let status = try await Self.timerJSON(cli, at: "2026-11-20T08:30:00+03:00")
        #expect(status?["id"] as? String == timer.id)
        let finish = await cli.run(["workout", "finish"], now: "2026-11-20T08:30:00+03:00")
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(finish.stdout.contains("already recorded"))
        let workouts = try Self.workouts(cli)
        #expect(workouts.count == 1 && workouts[0].duration == 3600)
        #expect(!FileManager.default.fileExists(atPath: cli.site + "/Store/timer.json"))

        // The same leftover does not block a new start either.
        #expect(await cli.run(["workout", "start", "--type", "yoga"], now: "2026-11-21T07:00:00+03:00").status == 0)
        let second = try #require(try JSONFile.read(WorkoutTimer.self, at: cli.site + "/Store/timer.json"))
        try FileManager.default.removeItem(atPath: cli.site + "/Store/timer.json")
        try JSONFile.write(timer, to: cli.site + "/Store/timer.json")
        let restart = await cli.run(["workout", "start", "--type", "running"], now: "2026-11-21T09:00:00+03:00")
        #expect(restart.status == 0, "\(restart.stderr)")
        #expect(second.id != timer.id)
    }

    @Test func aTimerThatRanTooShortOrTooLongIsNotRecordedAsIs() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        #expect(await cli.run(["workout", "start", "--type", "yoga"], now: "2026-11-20T07:00:00+03:00").status == 0)
        let short = await cli.run(["workout", "finish"], now: "2026-11-20T07:00:20+03:00")
        #expect(short.status == 1 && short.stderr.contains("shorter than a minute"))
        let forgotten = await cli.run(["workout", "finish"], now: "2026-11-22T07:00:00+03:00")
        #expect(forgotten.status == 1 && forgotten.stderr.contains("--duration"))
        #expect(FileManager.default.fileExists(atPath: cli.site + "/Store/timer.json"))
        let fixed = await cli.run(["workout", "finish", "--duration", "50m"], now: "2026-11-22T07:00:00+03:00")
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try Self.workouts(cli).map(\.duration) == [3000])

        #expect(await cli.run(["workout", "start", "--type", "yoga"], now: "2026-11-23T07:00:00+03:00").status == 0)
        let cancel = await cli.run(["workout", "cancel"], now: "2026-11-23T07:05:00+03:00")
        #expect(cancel.status == 64, "off a terminal it needs --yes")
        #expect(await cli.run(["workout", "cancel", "--yes"], now: "2026-11-23T07:05:00+03:00").status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.site + "/Store/timer.json"))
        #expect(try Self.workouts(cli).count == 1)
    }

    @Test func weightIsOneRecordADay() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        let path = cli.site + "/Store/weights.json"
        #expect(await cli.run(["weight", "add", "72,4"], now: Self.now).stdout == "Recorded 72.4 kg for November 20, 2026.\n")
        #expect(await cli.run(["weight", "add", "73", "--date", "2026-11-13"], now: Self.now).status == 0)
        let replaced = await cli.run(["weight", "add", "72.45", "--date", "2026-11-20"], now: Self.now)
        #expect(replaced.stdout == "Replaced 72.4 kg of November 20, 2026 with 72.45 kg.\n")
        #expect(try JSONFile.read([WeightRecord].self, at: path) == [WeightRecord(date: "2026-11-13", kg: 73), WeightRecord(date: "2026-11-20", kg: 72.45)])

        let old = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let same = await cli.run(["weight", "add", "72.45"], now: Self.now)
        #expect(same.stdout.contains("already recorded") && same.status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: path))[.modificationDate] as? Date == old)

        // What a writer killed mid-write leaves behind goes with the next edit, unless its writer still runs.
        let dead = cli.site + "/Store/.weights.json.tmp-2147483646-1", live = cli.site + "/Store/.weights.json.tmp-\(getpid())-1"
        try TestPaths.write("[", to: dead)
        try TestPaths.write("[", to: live)
        #expect(await cli.run(["weight", "add", "72.5"], now: Self.now).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dead) && FileManager.default.fileExists(atPath: live))
        try FileManager.default.removeItem(atPath: live)
        #expect(await cli.run(["weight", "add", "72.45"], now: Self.now).status == 0)

        let list = await cli.run(["weight", "list"], now: Self.now)
        #expect(list.stdout == "2026-11-13    73.0 kg\n2026-11-20   72.45 kg  −0.55\n")
    }

    @Test func aBrokenStoreFileStopsTheEditAndIsLeftAsItWas() async throws {
        let broken = "[\n  {\"date\": \"2026-11-20\", \"kg\": 72.4,,}\n]\n"
        let cases: [(file: String, arguments: [String])] = [
            ("weights.json", ["weight", "add", "70"]),
            ("workouts.json", ["workout", "add", "--type", "yoga", "--duration", "1h"]),
            ("owner.json", ["owner", "set", "--name", "Anna"]),
            ("timer.json", ["workout", "pause"]),
            ("workouts.json", ["workout", "list"]),
        ]
        for (file, arguments) in cases {
            let cli = UsergraphCLI(site: try TestPaths.site(store: [file: broken]))
            defer { cli.remove() }
            let before = FolderSnapshot(cli.site + "/Store")
            let run = await cli.run(arguments, now: Self.now)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains("Store/\(file): line 2, column 37"), "\(arguments): \(run.stderr)")
            #expect(FolderSnapshot(cli.site + "/Store") == before)
        }
        // Valid JSON that is not a timer is refused too, never "repaired".
        let odd =
            "{\"id\": \"5b7a1f0e-8b1d-4f55-9d7a-2a3f7c1e9b10\", \"type\": \"yoga\", \"startedAt\": \"2026-11-20T07:00:00Z\", "
            + "\"runningSince\": \"2026-11-20T07:00:00Z\", \"pausedAt\": \"2026-11-20T07:10:00Z\", \"countedSeconds\": 0}"
        let cli = UsergraphCLI(site: try TestPaths.site(store: ["timer.json": odd]))
        defer { cli.remove() }
        let run = await cli.run(["workout", "finish"], now: Self.now)
        #expect(run.status == 1 && run.stderr.contains("exactly one of `runningSince` and `pausedAt`"))
        #expect(try TestPaths.read(cli.site + "/Store/timer.json") == odd)
    }

    @Test func editsRefuseOrWaitForALockedSite() async throws {
        let cli = try Self.emptySite()
        defer { cli.remove() }
        let lock = try SiteLock.acquire(siteRoot: cli.site)
        let refused = await cli.run(["weight", "add", "70"], now: Self.now)
        #expect(refused.status == 75)
        #expect(await cli.run(["weight", "add", "700"], now: Self.now).status == 64, "bad input is reported before the lock is tried")
        #expect(!FileManager.default.fileExists(atPath: cli.site + "/Store/weights.json"))

        // Waiting on a lock another process holds: a process.
        let (waiting, out, err) = try Executable.start(["weight", "add", "70", "--wait"], in: cli.site, environment: ["USERGRAPH_NOW": Self.now])
        usleep(300_000)
        #expect(waiting.isRunning, "it waits for the lock")
        #expect(!FileManager.default.fileExists(atPath: cli.site + "/Store/weights.json"))
        lock.release()
        #expect(Executable.finish(waiting, out, err).status == 0)
        #expect(try JSONFile.read([WeightRecord].self, at: cli.site + "/Store/weights.json") == [WeightRecord(date: "2026-11-20", kg: 70)])
    }

    @Test func aWorkoutTakesADistanceInItsUnitAndAName() async throws {
        let cli = try Self.demoSite()
        defer { cli.remove() }
        for (hour, (typed, metres)) in zip(10..., [("10.2km", 10_200.0), ("5mi", 8046.7), ("800m", 800.0), ("10,5 km", 10_500.0)]) {
            let add = await cli.run(
                [
                    "workout", "add", "--type", "running", "--duration", "50m", "--distance", typed, "--name", "Hill repeats", "--start",
                    "2026-11-19 \(hour):00",
                ],
                now: Self.now)
            #expect(add.status == 0, "\(typed): \(add.stderr)")
            #expect(try Self.workouts(cli).contains { $0.distance == metres && $0.name == "Hill repeats" }, "\(typed)")
        }
        let stored = try Self.workouts(cli)
        for (typed, problem) in [("10 parsecs", "is not a distance"), ("-3km", "is not a distance"), ("2000km", "is not plausible")] {
            let add = await cli.run(["workout", "add", "--type", "running", "--duration", "50m", "--distance", typed], now: Self.now)
            #expect(add.status == 64, "\(typed)")
            #expect(add.stderr.contains("--distance") && add.stderr.contains(problem), "\(typed): \(add.stderr)")
        }
        let control = await cli.run(["workout", "add", "--type", "running", "--duration", "50m", "--name", "a\u{1B}[31mb"], now: Self.now)
        #expect(control.status == 64 && control.stderr.contains("--name"), "\(control.stderr)")
        #expect(try Self.workouts(cli) == stored, "a refused workout changes no byte")
        let list = await cli.run(["workout", "list", "--from", "2026-11-19", "--to", "2026-11-19"], now: Self.now)
        #expect(list.stdout.contains("Hill repeats") && list.stdout.contains("10.2 km"), "\(list.stdout)")
    }

    @Test func aWorkoutAddedOnTheCommandLineReachesStatsAndTheSite() async throws {
        let cli = try Self.demoSite()
        defer { cli.remove() }
        func stats() async throws -> StatsReport {
            let run = await cli.run(["stats", "--json"], now: Self.now)
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONDecoder().decode(StatsReport.self, from: Data(run.stdout.utf8))
        }
        let before = try await stats()
        let add = await cli.run(
            ["workout", "add", "--type", "climbing", "--duration", "1h30m", "--start", "2026-11-20 07:00", "--calories", "610"], now: Self.now)
        #expect(add.status == 0, "\(add.stderr)")
        let after = try await stats()
        #expect(after.workouts.count == before.workouts.count + 1)
        #expect(after.workouts.totalSeconds == before.workouts.totalSeconds + 5400)
        #expect(after.workouts.totalCalories == before.workouts.totalCalories + 610)
        #expect(after.workouts.byType.contains { $0.type == "climbing" && $0.count == 1 && $0.seconds == 5400 })

        let build = await cli.run(["build", "--quiet"], now: Self.now)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try TestPaths.read(cli.site + "/_site/index.html")
        // Named by the strings file's workoutTypes.
        // Its date links to its page.
        #expect(home.contains("<span class=\"pill type-climbing\">Climbing</span> <a href=\"workouts/"))
        #expect(home.contains("<time datetime=\"2026-11-20\">November 20, 2026</time> 07:00</a> · 1\u{00A0}h 30\u{00A0}min · 610 kcal"))
        #expect(try TestPaths.read(cli.site + "/_site/statistics/index.html").contains("<td>Climbing</td>"))
    }
}
