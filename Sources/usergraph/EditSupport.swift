import ArgumentParser
import Foundation
import UsergraphKit

/// Options of every command that edits the store.
struct EditOptions: ParsableArguments {
    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "When another run holds the site's lock, wait for it instead of exiting 75.")
    var wait = false

    /// The site and the clock, so input can be checked before the lock is taken: bad input
    /// is exit 64 even while a build runs.
    func begin() throws -> EditSession {
        EditSession(config: try site.load(), now: try Clock.now(), wait: wait)
    }

    /// Checks nothing first: for edits whose input is checked against the store's state.
    func edit<T>(_ body: (StoreEditor) throws -> T) throws -> T {
        try begin().edit(body)
    }
}

struct EditSession {
    let config: SiteConfig
    let now: Date
    let wait: Bool

    var zone: TimeZone { config.timeZone }

    /// Today in the site's zone (edits happen in real time, whatever the config's `asOf`).
    var today: Day { Day(now, in: config.timeZone) }

    /// Runs `body` with the site's lock held, so an edit and a cron build never interleave.
    func edit<T>(_ body: (StoreEditor) throws -> T) throws -> T {
        let lock = try SiteLock.acquire(siteRoot: config.root, wait: wait)
        defer { lock.release() }
        return try body(StoreEditor(config: config, holding: lock, now: now))
    }
}

/// The time edits and the timer see. `USERGRAPH_NOW` (ISO-8601 with an offset) pins it, so
/// tests and replays get exact, repeatable counts; `ticking` clocks (`status --watch`) go on
/// from it. Only the executable reads the variable: the library takes `now` as a value.
enum Clock {
    private static let startUptime = ProcessInfo.processInfo.systemUptime

    static func now(ticking: Bool = false) throws -> Date {
        let start = startUptime  // initialised on first use: read it before the uptime it is subtracted from
        let elapsed = ProcessInfo.processInfo.systemUptime - start
        guard let text = ProcessInfo.processInfo.environment["USERGRAPH_NOW"], !text.isEmpty else { return Date() }
        guard let base = Timestamp.parse(text) else {
            throw UsergraphError("errors.options.now", "USERGRAPH_NOW must be an ISO-8601 time with an offset like 2026-11-20T07:30:00+03:00, not `{value}`.",
                                 ["value": text], kind: .usage)
        }
        return ticking ? base.addingTimeInterval(elapsed) : base
    }
}

enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func json(_ value: some Encodable) throws {
        FileHandle.standardOutput.write(try JSONFile.encode(value))
    }

    /// `2026-11-20 07:30` in the site's zone.
    static func local(_ date: Date, _ zone: TimeZone) -> String {
        let text = Timestamp.format(date, in: zone)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    static func local(_ stamp: String, _ zone: TimeZone) -> String {
        Timestamp.parse(stamp).map { local($0, zone) } ?? stamp
    }
}

/// Yes-or-no questions, asked only when a person is there to answer.
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Yes in English, and in the language the command speaks (`notes.prompt.answers`: `y, yes`).
    static func confirm(_ question: String) -> Bool {
        FileHandle.standardError.write(Data((question + " " + say(Message("notes.prompt.choices", "[y/N]")) + " ").utf8))
        guard let answer = readLine() else { return false }
        let yes = say(Message("notes.prompt.answers", "y, yes")).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return (["y", "yes"] + yes).contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Asks on a terminal; elsewhere only `--yes` goes ahead, since nobody can answer.
    static func confirmDestructive(_ question: String, yes: Bool, option: String = "--yes") throws -> Bool {
        if yes { return true }
        guard isInteractive else {
            throw UsergraphError("errors.prompt.noTerminal", "This cannot be undone and there is no terminal to confirm it on; pass {option} to go ahead.",
                                 ["option": option], kind: .usage)
        }
        return confirm(question)
    }
}
