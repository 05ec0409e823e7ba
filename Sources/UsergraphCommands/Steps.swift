import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphStore

struct StepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Records a day's steps (Store/steps.json), for days without a phone export.",
        subcommands: [Add.self, List.self]
    )

    struct Add: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Records the steps of a day; it replaces that day's record, typed or imported.",
            discussion: "Exit 64 lists every problem with the input and writes nothing."
        )

        @OptionGroup var options: EditOptions

        @Argument(help: ArgumentHelp("Steps walked that day, a whole number from 0 to 200000.", valueName: "steps"))
        var steps: String

        @Option(help: ArgumentHelp("The day (YYYY-MM-DD, not in the future); today in the site's time zone by default.", valueName: "date"))
        var date: String?

        func run(_ console: Console) throws {
            let session = try options.begin(console)
            let record = try StepsRules.validate(steps: steps, date: date, today: session.today)
            let outcome = try session.edit { try $0.recordSteps(record) }
            let date: Message = Day(iso: record.date).map(Message.date) ?? .verbatim(record.date)
            switch outcome {
            case .added:
                console.line(Message("notes.steps.added", nested: ["steps": .number(record.steps), "date": date]))
            case .replaced(let old):
                console.line(Message("notes.steps.replaced", nested: ["old": .number(old.steps), "steps": .number(record.steps), "date": date]))
            case .unchanged:
                console.line(Message("notes.steps.unchanged", nested: ["steps": .number(record.steps), "date": date]))
            }
        }
    }

    struct List: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Lists the steps of each day, oldest first, with where each came from.")

        @OptionGroup var site: SiteOptions

        @Flag(name: .long, help: "Print the records as JSON, in the store's format.")
        var json = false

        func run(_ console: Console) throws {
            let config = try site.load(console)
            let records = try OwnerRecords.steps(StoreLayout(root: config.store))
            if json { return try console.json(records) }
            if records.isEmpty { return console.line(Message("notes.steps.none")) }
            for record in records {
                let source = record.source.map { "  " + $0.kind + ($0.id.isEmpty ? "" : " (" + $0.id + ")") } ?? ""
                console.line(record.date + "  " + console.say(Message.number(record.steps)).leftPadded(7) + source)
            }
        }
    }
}
