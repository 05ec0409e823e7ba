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

    func validate() throws { _ = try parseDay(asOf, option: "--as-of") }

    func run() throws {
        try runReportingErrors {
            let config = try site.load()
            let snapshot = try StoreReader.read(StoreLayout(root: config.store))
            let day = config.asOfDay(override: try parseDay(asOf, option: "--as-of"))
            let result = Statistics.compute(snapshot, asOf: day, timeZone: config.timeZone)
            if json {
                FileHandle.standardOutput.write(Data(try result.report.jsonString().utf8))
            } else {
                FileHandle.standardOutput.write(Data(StatsText.report(result, style: ascii ? .ascii : .unicode).utf8))
            }
        }
    }
}
