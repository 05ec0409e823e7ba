import ArgumentParser
import Foundation
import UsergraphCharts
import UsergraphKit

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints the workout and user statistics."
    )

    @OptionGroup var site: SiteOptions

    @Flag(name: .long, help: "Print the statistics contract as JSON, nothing else.")
    var json = false

    @Flag(name: .long, help: "Draw the charts with 7-bit ASCII instead of Unicode blocks.")
    var ascii = false

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Count as of this day (YYYY-MM-DD).", valueName: "date"))
    var asOf: String?

    func run() throws {
        try runReportingErrors {
            let config = try site.load()
            let day = config.asOfDay(override: try parseDay(asOf, option: "--as-of"))
            // The report's words are checked before anything is read, like a build's.
            let strings = json ? nil : try Strings.load(templates: config.templates, language: config.language,
                                                        require: StatsText.requirements + LanguageFormat.requirements)
            let snapshot = try StoreReader.read(StoreLayout(root: config.store))
            let result = Statistics.compute(snapshot, asOf: day, timeZone: config.timeZone)
            if let strings {
                FileHandle.standardOutput.write(Data(StatsText.report(result, strings: strings, style: ascii ? .ascii : .unicode).utf8))
            } else {
                FileHandle.standardOutput.write(Data(try result.report.jsonString().utf8))
            }
        }
    }
}
