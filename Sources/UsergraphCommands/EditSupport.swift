import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphStore

/// Options of every command that edits the store.
struct EditOptions: ParsableArguments {
    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "When another run holds the site's lock, wait for it instead of exiting 75.")
    var wait = false

    /// The site and the clock, so input can be checked before the lock is taken: bad input
    /// is exit 64 even while a build runs.
    func begin(_ console: Console) throws -> EditSession {
        EditSession(config: try site.load(console), now: try console.now(), wait: wait)
    }

    /// Checks nothing first: for edits whose input is checked against the store's state.
    func edit<T>(_ console: Console, _ body: (StoreEditor) throws -> T) throws -> T {
        try begin(console).edit(body)
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

enum LocalTime {
    /// `2026-11-20 07:30` in the site's zone.
    static func format(_ date: Date, _ zone: TimeZone) -> String {
        let text = Timestamp.format(date, in: zone)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    static func format(_ stamp: String, _ zone: TimeZone) -> String {
        Timestamp.parse(stamp).map { format($0, zone) } ?? stamp
    }
}

/// Yes-or-no questions, asked only when a person is there to answer.
extension Console {
    /// Yes in English, and in the language the command speaks (`notes.prompt.answers`: `y, yes`).
    func confirm(_ question: String) -> Bool {
        writeDiagnostic(question + " " + say(Message("notes.prompt.choices")) + " ")
        guard let answer = readLine() else { return false }
        let yes = say(Message("notes.prompt.answers")).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return (["y", "yes"] + yes).contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Asks on a terminal; elsewhere only `--yes` goes ahead, since nobody can answer.
    func confirmDestructive(_ question: String, yes: Bool, option: String = "--yes") throws -> Bool {
        if yes { return true }
        guard terminals.stdin, terminals.stderr else {
            throw UsergraphError("errors.prompt.noTerminal", ["option": option], kind: .usage)
        }
        return confirm(question)
    }
}
