import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphStore

struct WeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Records body weight (Store/weights.json), one record a day.",
        subcommands: [Add.self, List.self]
    )

    struct Add: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Records a weight; a second one for the same day replaces the first.",
            discussion: "Exit 64 lists every problem with the input and writes nothing."
        )

        @OptionGroup var options: EditOptions

        @Argument(help: ArgumentHelp("Kilograms, 20 to 400, up to two decimals (72.4 or 72,4).", valueName: "kg"))
        var kg: String

        @Option(help: ArgumentHelp("The day (YYYY-MM-DD, not in the future); today in the site's time zone by default.", valueName: "date"))
        var date: String?

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            let record = try WeightRules.validate(kg: kg, date: date, today: session.today)
            let outcome = try session.edit { try $0.recordWeight(record) }
            let kg = WeightRules.kilograms(record.kg)
            let date: Message = Day(iso: record.date).map(Message.date) ?? .verbatim(record.date)
            switch outcome {
            case .added:
                console.line(Message("notes.weight.added", nested: ["kg": kg, "date": date]))
            case .replaced(let old):
                console.line(Message("notes.weight.replaced", nested: ["old": WeightRules.kilograms(old.kg), "kg": kg, "date": date]))
            case .unchanged:
                console.line(Message("notes.weight.unchanged", nested: ["kg": kg, "date": date]))
            }
        }
    }

    struct List: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Lists weight records, oldest first, with the change from the one before.")

        @OptionGroup var site: SiteOptions

        @Flag(name: .long, help: "Print the records as JSON, in the store's format.")
        var json = false

        func run(_ console: Console) throws {
            let config = try site.load(console)
            let records = try OwnerRecords.weights(StoreLayout(root: config.store))
            if json { return try console.json(records) }
            if records.isEmpty { return console.line(Message("notes.weight.none")) }
            let unit = console.say(Message("notes.units.kg"))
            var previous: Double?
            for record in records {
                var line = record.date + "  " + console.say(WeightRules.kilograms(record.kg)).leftPadded(6) + " " + unit
                if let previous {
                    let change = record.kg - previous
                    line += "  " + (change > 0.004 ? "+" : change < -0.004 ? "−" : "±") + console.say(WeightRules.kilograms(abs(change)))
                }
                console.line(line)
                previous = record.kg
            }
        }
    }
}
