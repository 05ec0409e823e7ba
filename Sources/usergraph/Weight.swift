import ArgumentParser
import Foundation
import UsergraphKit

struct WeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Records body weight (Store/weights.json), one record a day.",
        subcommands: [Add.self, List.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Records a weight; a second one for the same day replaces the first.",
            discussion: "Exit 64 lists every problem with the input and writes nothing."
        )

        @OptionGroup var options: EditOptions

        @Argument(help: ArgumentHelp("Kilograms, 20 to 400, up to two decimals (72.4 or 72,4).", valueName: "kg"))
        var kg: String

        @Option(help: ArgumentHelp("The day (YYYY-MM-DD, not in the future); today in the site's time zone by default.", valueName: "date"))
        var date: String?

        func run() throws {
            try runReportingErrors {
                let session = try options.begin()
                let record = try WeightRules.validate(kg: kg, date: date, today: session.today)
                let outcome = try session.edit { try $0.recordWeight(record) }
                let kg = WeightRules.kilograms(record.kg)
                let date: Message = Day(iso: record.date).map(Message.date) ?? .verbatim(record.date)
                switch outcome {
                case .added:
                    Output.line(say(Message("notes.weight.added", "Recorded {kg} kg for {date}.", nested: ["kg": kg, "date": date])))
                case .replaced(let old):
                    Output.line(say(Message("notes.weight.replaced", "Replaced {old} kg of {date} with {kg} kg.",
                                            nested: ["old": WeightRules.kilograms(old.kg), "kg": kg, "date": date])))
                case .unchanged:
                    Output.line(say(Message("notes.weight.unchanged", "{kg} kg is already recorded for {date}; nothing was written.",
                                            nested: ["kg": kg, "date": date])))
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lists weight records, oldest first, with the change from the one before.")

        @OptionGroup var site: SiteOptions

        @Flag(name: .long, help: "Print the records as JSON, in the store's format.")
        var json = false

        func run() throws {
            try runReportingErrors {
                let config = try site.load()
                let records = try OwnerRecords.weights(StoreLayout(root: config.store))
                if json { return try Output.json(records) }
                if records.isEmpty { return Output.line(say(Message("notes.weight.none", "No weight recorded yet."))) }
                let unit = say(Message("notes.units.kg", "kg"))
                var previous: Double?
                for record in records {
                    var line = record.date + "  " + say(WeightRules.kilograms(record.kg)).leftPadded(6) + " " + unit
                    if let previous {
                        let change = record.kg - previous
                        line += "  " + (change > 0.004 ? "+" : change < -0.004 ? "−" : "±") + say(WeightRules.kilograms(abs(change)))
                    }
                    Output.line(line)
                    previous = record.kg
                }
            }
        }
    }
}
