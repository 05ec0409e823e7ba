import ArgumentParser
import Foundation
import UsergraphKit

struct OwnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owner",
        abstract: "Shows or edits the site owner's profile (Store/owner.json).",
        subcommands: [Show.self, SetFields.self]
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Prints the owner's profile.")

        @OptionGroup var site: SiteOptions

        @Flag(name: .long, help: "Print owner.json as it is stored.")
        var json = false

        func run() throws {
            try runReportingErrors {
                let config = try site.load()
                guard let owner = try OwnerRecords.owner(StoreLayout(root: config.store)) else {
                    if json { Output.line("null") } else {
                        Output.line(say(Message("notes.owner.none", "No owner profile yet.")))
                        if let hint = OwnerProfile.fillHint(for: Owner()) { Output.line(say(hint)) }
                    }
                    return
                }
                if json { return try Output.json(owner) }
                let today = config.asOfDay(now: try Clock.now())
                let age = owner.age(on: today).map { " (\($0))" } ?? ""
                let rows: [(Message, String?)] = [
                    (Message("notes.owner.email", "E-mail"), owner.email), (Message("notes.owner.name", "Name"), owner.name),
                    (Message("notes.owner.sex", "Sex"), owner.sex), (Message("notes.owner.birthDate", "Birth date"), owner.birthDate.map { $0 + age }),
                    (Message("notes.owner.avatar", "Avatar"), owner.avatar), (Message("notes.owner.createdAt", "Created"), owner.createdAt),
                    (Message("notes.owner.updatedAt", "Updated"), owner.updatedAt),
                ]
                let labels = rows.map { say($0.0) }
                let width = (labels.map(\.count).max() ?? 0) + 2
                for (label, row) in zip(labels, rows) {
                    Output.line(label.padding(toLength: width, withPad: " ", startingAt: 0) + (row.1 ?? "–"))
                }
                Output.line(say(OwnerProfile.fillHint(for: owner) ?? Message("notes.owner.filled", "The profile is filled.")))
            }
        }
    }

    struct SetFields: ParsableCommand {
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

        func run() throws {
            try runReportingErrors {
                let input = OwnerInput(email: email, name: name, sex: sex, birthDate: birthDate, avatar: avatar)
                let session = try options.begin()
                let change = try OwnerRules.validate(input, today: session.today)
                let outcome = try session.edit { try $0.setOwner(change) }
                let owner: Owner
                switch outcome {
                case .unchanged(let o):
                    owner = o
                    Output.line(say(Message("notes.owner.unchanged", "owner.json already has these values; nothing was written.")))
                case .created(let o):
                    owner = o
                    Output.line(say(Message("notes.owner.created", "Created owner.json.")))
                case .updated(let o, let changed):
                    owner = o
                    Output.line(say(Message("notes.owner.updated", "Updated owner.json: {fields}.", ["fields": changed.joined(separator: ", ")])))
                }
                if let hint = OwnerProfile.fillHint(for: owner) { Output.line(say(hint)) }
            }
        }
    }
}
