import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphStore

struct OwnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owner",
        abstract: "Shows or edits the site owner's profile (Store/owner.json).",
        subcommands: [Show.self, SetFields.self]
    )

    struct Show: ConsoleCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Prints the owner's profile.")

        @OptionGroup var site: SiteOptions

        @Flag(name: .long, help: "Print owner.json as it is stored.")
        var json = false

        func run(_ console: Console) throws {
            let config = try site.load(console)
            guard let owner = try OwnerRecords.owner(StoreLayout(root: config.store)) else {
                if json {
                    console.line("null")
                } else {
                    console.line(Message("notes.owner.none"))
                    if let hint = OwnerProfile.fillHint(for: Owner()) { console.line(hint) }
                }
                return
            }
            if json { return try console.json(owner) }
            let today = config.asOfDay(now: try console.now())
            let age = owner.age(on: today).map { " (\($0))" } ?? ""
            let rows: [(Message, String?)] = [
                (Message("notes.owner.email"), owner.email), (Message("notes.owner.name"), owner.name),
                (Message("notes.owner.sex"), owner.sex), (Message("notes.owner.birthDate"), owner.birthDate.map { $0 + age }),
                (Message("notes.owner.avatar"), owner.avatar), (Message("notes.owner.createdAt"), owner.createdAt),
                (Message("notes.owner.updatedAt"), owner.updatedAt),
                (
                    Message("notes.owner.height"),
                    owner.heightCm.map { console.say(Message("notes.units.cm", nested: ["n": .decimal($0, places: $0 == $0.rounded() ? 0 : 1)])) }
                ),
                (
                    Message("notes.owner.targetWeight"),
                    owner.targetWeightKg.map { console.say(Message("notes.units.kgValue", nested: ["n": WeightRules.kilograms($0)])) }
                ),
            ]
            let labels = rows.map { console.say($0.0) }
            let width = (labels.map(\.count).max() ?? 0) + 2
            for (label, row) in zip(labels, rows) {
                console.line(label.padding(toLength: width, withPad: " ", startingAt: 0) + (row.1 ?? "–"))
            }
            console.line(OwnerProfile.fillHint(for: owner) ?? Message("notes.owner.filled"))
        }
    }

    struct SetFields: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Sets fields of the owner's profile; everything is checked before anything is written.",
            discussion: "Exit 64 lists every problem with the input, one per line, and writes nothing."
        )

        @OptionGroup var options: EditOptions

        @Option(help: ArgumentHelp("An e-mail address.", valueName: "address"))
        var email: String?

        @Option(help: ArgumentHelp("The name to show; not empty.", valueName: "name"))
        var name: String?

        @Option(help: ArgumentHelp("M (man) or W (woman), as the store writes it.", valueName: "M|W"))
        var sex: String?

        @Option(name: .customLong("birth-date"), help: ArgumentHelp("YYYY-MM-DD, in the past, for an age of 13 to 120.", valueName: "date"))
        var birthDate: String?

        @Option(help: ArgumentHelp("A PNG, JPEG, WebP or SVG image of at most 2 MB, copied into Store/files/.", valueName: "file"))
        var avatar: String?

        @Option(help: ArgumentHelp("Height in centimetres, 50 to 272 (168 or 168,5), for the body mass index.", valueName: "cm"))
        var height: String?

        @Option(
            name: .customLong("target-weight"),
            help: ArgumentHelp("The weight aimed for, in kilograms (20 to 400); the statistics show the distance to it.", valueName: "kg"))
        var targetWeight: String?

        func run(_ console: Console) throws {
            let input = OwnerInput(
                email: email, name: name, sex: sex, birthDate: birthDate, avatar: avatar.map(console.resolve),
                height: height, targetWeight: targetWeight)
            let session = try options.begin(console)
            let change = try OwnerRules.validate(input, today: session.today)
            let outcome = try session.edit { try $0.setOwner(change) }
            let owner: Owner
            switch outcome {
            case .unchanged(let o):
                owner = o
                console.line(Message("notes.owner.unchanged"))
            case .created(let o):
                owner = o
                console.line(Message("notes.owner.created"))
            case .updated(let o, let changed):
                owner = o
                console.line(Message("notes.owner.updated", ["fields": changed.joined(separator: ", ")]))
            }
            if let hint = OwnerProfile.fillHint(for: owner) { console.line(hint) }
        }
    }
}
