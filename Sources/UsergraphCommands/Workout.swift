import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphStore

struct WorkoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout",
        abstract: "Records workouts (Store/workouts.json), by hand or with a timer that survives the process.",
        subcommands: [Add.self, List.self, Delete.self, Start.self, Pause.self, Resume.self, Finish.self, Status.self, Cancel.self]
    )

    /// `running, 45m, on November 20, 2026 at 07:00 (id 1b2c3d4e)`: the duration in the
    /// notation `--duration` takes, the day in the language's words.
    static func describe(_ workout: Workout, zone: TimeZone) -> Message {
        let when = LocalTime.format(workout.start, zone)
        let day: Message = Day(iso: String(when.prefix(10))).map(Message.date) ?? .verbatim(String(when.prefix(10)))
        return Message(
            "notes.workout.describe",
            [
                "type": workout.type, "duration": DurationText.format(workout.duration), "time": String(when.dropFirst(11)),
                "id": String(workout.id.prefix(8)),
            ], nested: ["date": day])
    }

    struct Add: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Records a workout done earlier.",
            discussion: "Without --start the workout is taken to have ended just now. Exit 64 lists every problem with the input."
        )

        @OptionGroup var options: EditOptions

        @Option(help: ArgumentHelp("running, strength, yoga… (stored in lower case).", valueName: "type"))
        var type: String

        @Option(help: ArgumentHelp("How long: 45m, 1h20m, 90s (1m to 24h).", valueName: "duration"))
        var duration: String

        @Option(
            help: ArgumentHelp(
                "When it began: 2026-11-20T07:30:00+03:00, 2026-11-20 07:30 or 07:30 (today), in the site's time zone unless an offset is given.",
                valueName: "time"))
        var start: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Kilocalories burned (0 to 5000).", valueName: "n"))
        var calories: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Number of exercises (0 to 200).", valueName: "n"))
        var exercises: String?

        @Option(help: ArgumentHelp("Free text, up to 1000 characters.", valueName: "text"))
        var notes: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("How far: 10.2km, 5mi, 800m.", valueName: "distance"))
        var distance: String?

        @Option(help: ArgumentHelp("Its title, one line up to 200 characters: \"Hill repeats\".", valueName: "text"))
        var name: String?

        func run(_ console: Console) throws {
            let input = WorkoutInput(
                type: type, duration: duration, start: start, calories: calories, exercises: exercises, notes: notes, distance: distance,
                name: name)
            let session = try options.begin(console)
            let workout = try WorkoutRules.validate(input, id: UUID().uuidString.lowercased(), now: session.now, zone: session.zone)
            try session.edit { try $0.addWorkout(workout) }
            console.line(Message("notes.workout.recorded", nested: ["workout": WorkoutCommand.describe(workout, zone: session.zone)]))
        }
    }

    struct List: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Lists recorded workouts, newest first.")

        @OptionGroup var site: SiteOptions

        @Option(help: ArgumentHelp("Only workouts of this type.", valueName: "type"))
        var type: String?

        @Option(help: ArgumentHelp("Only workouts on or after this day (YYYY-MM-DD).", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("Only workouts on or before this day (YYYY-MM-DD).", valueName: "date"))
        var to: String?

        @Flag(name: .long, help: "Print the workouts as JSON, in the store's format.")
        var json = false

        func run(_ console: Console) throws {
            let config = try site.load(console)
            // Checked after the config loads, so the problems are said in the site's language.
            let (first, last) = try parseDayRange(from: from, to: to)
            if let type, WorkoutRules.normalized(type: type) == nil {
                throw UsergraphError("errors.workout.listType", ["value": type], kind: .usage)
            }
            let all = try OwnerRecords.workouts(StoreLayout(root: config.store))
            let workouts = WorkoutQuery.filter(
                all, type: type.flatMap(WorkoutRules.normalized(type:)), from: first, to: last,
                zone: config.timeZone)
            if json { return try console.json(workouts) }
            if workouts.isEmpty {
                return console.line(
                    all.isEmpty
                        ? Message("notes.workout.none")
                        : Message("notes.workout.noMatch"))
            }
            let width = workouts.map(\.type.count).max() ?? 0
            for w in workouts {
                var columns = [
                    LocalTime.format(w.start, config.timeZone), w.type.padding(toLength: width, withPad: " ", startingAt: 0),
                    DurationText.format(w.duration).leftPadded(8),
                ]
                columns.append(
                    w.calories.map { console.say(Message("notes.units.kcal", ["n": String($0)])).leftPadded(9) }
                        ?? String(repeating: " ", count: 9))
                columns.append(
                    w.exercises.map { console.say(Message("notes.units.exercises", ["n": String($0)])).leftPadded(6) }
                        ?? String(repeating: " ", count: 6))
                columns.append(
                    w.distance.map { metres in
                        let units = config.units, key = units == .metric ? "notes.units.km" : "notes.units.mi"
                        return console.say(Message(key, ["n": String(format: "%.1f", metres / units.metresPerDistance)])).leftPadded(9)
                    }
                        ?? String(repeating: " ", count: 9))
                columns.append(String(w.id.prefix(8)))
                if let name = w.name { columns.append(ControlCharacters.strip(name)) }
                if let notes = w.notes { columns.append(notes.replacingOccurrences(of: "\n", with: " ")) }
                console.line(columns.joined(separator: "  "))
            }
            if console.terminals.stderr {
                console.note(Message("notes.workout.listed", nested: ["count": .count("count.workouts", workouts.count)]))
            }
        }
    }

    struct Delete: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Deletes a recorded workout.",
            discussion: "Asks first on a terminal; elsewhere (scripts, cron) it needs --yes and refuses without it (exit 64)."
        )

        @OptionGroup var options: EditOptions

        @Argument(help: ArgumentHelp("The workout's id, or its first characters (at least 4) as `workout list` shows them.", valueName: "id"))
        var id: String

        @Flag(name: [.short, .long], help: "Delete without asking.")
        var yes = false

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            // Asked before taking the lock, so a person thinking it over does not hold up a cron build.
            let target = try WorkoutQuery.find(id, in: try OwnerRecords.workouts(StoreLayout(root: session.config.store)))
            let question = Message("notes.workout.confirmDelete", nested: ["workout": WorkoutCommand.describe(target, zone: session.zone)])
            guard try console.confirmDestructive(console.say(question), yes: yes) else {
                console.note(Message("notes.workout.notDeleted"))
                throw ExitCode.failure
            }
            let deleted = try session.edit { try $0.deleteWorkout(target.id) }
            console.line(Message("notes.workout.deleted", nested: ["workout": WorkoutCommand.describe(deleted, zone: session.zone)]))
        }
    }

    struct Start: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Starts the workout timer (Store/timer.json); it keeps counting while no usergraph runs.")

        @OptionGroup var options: EditOptions

        @Option(help: ArgumentHelp("running, strength, yoga…", valueName: "type"))
        var type: String

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            let timer = try session.edit { try $0.startTimer(type: type) }
            console.line(Message("notes.timer.started", ["type": timer.type, "time": LocalTime.format(timer.startedAt, session.zone)]))
        }
    }

    struct Pause: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pauses the running workout timer.")

        @OptionGroup var options: EditOptions

        func run(_ console: Console) throws {
            let timer = try options.edit(console) { try $0.pauseTimer() }
            console.line(Message("notes.timer.paused", ["type": timer.type, "counted": DurationText.clock(timer.countedSeconds)]))
        }
    }

    struct Resume: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resumes the paused workout timer.")

        @OptionGroup var options: EditOptions

        func run(_ console: Console) throws {
            let timer = try options.edit(console) { try $0.resumeTimer() }
            console.line(Message("notes.timer.resumed", ["type": timer.type, "counted": DurationText.clock(timer.countedSeconds)]))
        }
    }

    struct Finish: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "finish",
            abstract: "Stops the workout timer and records the workout with the time it counted.")

        @OptionGroup var options: EditOptions

        @Option(help: ArgumentHelp("Free text, up to 1000 characters.", valueName: "text"))
        var notes: String?

        @Option(help: ArgumentHelp("Record this duration instead of the counted one (a timer left running, say).", valueName: "duration"))
        var duration: String?

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            let finished = try session.edit { try $0.finishTimer(notes: notes, duration: duration) }
            let text = WorkoutCommand.describe(finished.workout, zone: session.zone)
            console.line(
                finished.wasAlreadyRecorded
                    ? Message("notes.timer.alreadyRecorded", nested: ["workout": text])
                    : Message("notes.workout.recorded", nested: ["workout": text]))
        }
    }

    struct Cancel: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Drops the workout timer without recording anything.",
            discussion: "Asks first on a terminal; elsewhere it needs --yes.")

        @OptionGroup var options: EditOptions

        @Flag(name: [.short, .long], help: "Drop it without asking.")
        var yes = false

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            guard let timer = try OwnerRecords.timer(StoreLayout(root: session.config.store)) else {
                throw UsergraphError("errors.timer.nothingToCancel")
            }
            let counted = DurationText.clock(timer.counted(at: session.now))
            let question = Message("notes.timer.confirmDrop", ["type": timer.type, "counted": counted])
            guard try console.confirmDestructive(console.say(question), yes: yes) else {
                console.note(Message("notes.timer.goesOn"))
                throw ExitCode.failure
            }
            let dropped = try session.edit { try $0.cancelTimer() }
            console.line(Message("notes.timer.dropped", ["type": dropped.type]))
        }
    }

    struct Status: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Shows the workout timer.")

        @OptionGroup var site: SiteOptions

        @Flag(name: .long, help: "Print the timer as JSON (with `countedSeconds` as of now), or null.")
        var json = false

        @Flag(name: .long, help: "Keep showing the time, once a second, until the timer is finished or dropped (Ctrl-C stops watching).")
        var watch = false

        struct Report: Encodable {
            var state: String
            var id: String
            var type: String
            var startedAt: String
            var countedSeconds: Int
        }

        func run(_ console: Console) throws {
            let config = try site.load(console)
            let layout = StoreLayout(root: config.store)
            guard watch else {
                let timer = try OwnerRecords.timer(layout)
                let now = try console.now()
                if json {
                    guard let timer else { return console.line("null") }
                    return try console.json(
                        Report(
                            state: timer.isRunning ? "running" : "paused", id: timer.id, type: timer.type,
                            startedAt: timer.startedAt, countedSeconds: timer.counted(at: now)))
                }
                console.line(timer.map { Self.line($0, now: now, zone: config.timeZone, console) } ?? console.say(Self.noTimer))
                return
            }
            try Self.watch(layout, zone: config.timeZone, console)
        }

        static let noTimer = Message("notes.timer.none")

        /// `cycling: 0:05:30, running (started 2026-11-20 07:00)`.
        static func line(_ timer: WorkoutTimer, now: Date, zone: TimeZone, _ console: Console) -> String {
            let values = ["type": timer.type, "counted": DurationText.clock(timer.counted(at: now)), "started": LocalTime.format(timer.startedAt, zone)]
            if timer.isRunning {
                return console.say(Message("notes.timer.running", values))
            }
            return console.say(
                Message("notes.timer.pausedAt", values.merging(["time": String(LocalTime.format(timer.pausedAt ?? "", zone).dropFirst(11))]) { a, _ in a }))
        }

        /// Re-reads the file every second, so a pause or finish from another shell shows at once.
        /// It never writes: killing it at any moment costs nothing.
        static func watch(_ layout: StoreLayout, zone: TimeZone, _ console: Console) throws {
            let terminal = console.terminals.stdout
            var shown = false
            while let timer = try OwnerRecords.timer(layout) {
                let text = line(timer, now: try console.now(ticking: true), zone: zone, console)
                console.write(terminal ? "\r\u{1B}[K" + text : text + "\n")
                shown = true
                Thread.sleep(forTimeInterval: 1)
            }
            if terminal && shown { console.write("\n") }
            console.line(noTimer)
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
