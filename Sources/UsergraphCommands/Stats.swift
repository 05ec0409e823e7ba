import ArgumentParser
import Foundation
import UsergraphBuild
import UsergraphCore
import UsergraphPages
import UsergraphReport
import UsergraphStats
import UsergraphStore

struct Stats: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Prints the workout and user statistics."
    )

    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "Print the statistics contract as JSON, nothing else.")
    var json = false

    @Flag(name: .long, help: "Draw the charts with 7-bit ASCII instead of Unicode blocks.")
    var ascii = false

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Count as of this day (YYYY-MM-DD).", valueName: "date"))
    var asOf: String?

    @Option(help: ArgumentHelp("Print one calendar year: its totals, types, months, best efforts and Eddington numbers.", valueName: "year"))
    var year: Int?

    func run(_ console: Console) throws {
        let config = try site.load(console)
        // Checked after the config loads, so that it is said in the site's language.
        if let year, !(1900...9999).contains(year) { throw UsergraphError("errors.stats.year", ["value": String(year)], kind: .usage) }
        let day = config.asOfDay(override: try parseDay(asOf, option: "--as-of"), now: try console.now())
        // The report's words are checked before anything is read, like a build's.
        let strings =
            json
            ? nil
            : try Strings.load(
                theme: config.theme, language: config.language,
                require: StatsText.requirements + LanguageFormat.requirements)
        let snapshot = try StoreReader.read(StoreLayout(root: config.store))
        var result = Statistics.compute(snapshot, asOf: day, timeZone: config.timeZone, stepsGoal: config.stepsGoal, units: config.units)
        let history = Self.trackHistory(snapshot, config: config, asOf: day, console: console)
        result.report.addTracks(history)
        if let year {
            let bests = history.bestsByYear[year]
            if let strings {
                console.write(
                    StatsText.year(year, result, bests: bests, strings: strings, style: ascii ? .ascii : .unicode, units: config.units))
            } else {
                console.write(try YearReport(year: year, result: result, bests: bests).jsonString())
            }
        } else if let strings {
            // Only the sections the site shows: those on in the config that have data.
            console.write(
                StatsText.report(result, strings: strings, style: ascii ? .ascii : .unicode, shown: config.shownSections(snapshot), units: config.units))
        } else {
            console.write(try result.report.jsonString())
        }
    }

    /// The bests and zones from every track, with the facts the last build kept where their
    /// track has not changed since; a track that cannot be read is named once, on stderr.
    static func trackHistory(_ snapshot: Snapshot, config: SiteConfig, asOf: Day, console: Console) -> TrackHistory {
        let unreadable = UnreadableTracks()
        let facts = KeptTrackFacts.load(output: config.output).facts(
            of: snapshot.workouts, tracks: StoredTracks(layout: StoreLayout(root: config.store)), failed: unreadable.add)
        if let warning = unreadable.warning { console.note(warning) }
        return TrackHistory(
            workouts: snapshot.workouts, facts: facts, asOf: asOf, timeZone: config.timeZone, athlete: config.athlete, owner: snapshot.owner)
    }
}
