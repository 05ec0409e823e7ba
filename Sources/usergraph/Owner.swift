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
                        Output.line("No owner profile yet.")
                        Output.line(OwnerProfile.fillHint(for: Owner()) ?? "")
                    }
                    return
                }
                if json { return try Output.json(owner) }
                let today = config.asOfDay(now: try Clock.now())
                let age = owner.age(on: today).map { " (\($0))" } ?? ""
                let rows: [(String, String?)] = [
                    ("E-mail", owner.email), ("Name", owner.name), ("Sex", owner.sex),
                    ("Birth date", owner.birthDate.map { $0 + age }), ("Avatar", owner.avatar),
                    ("Created", owner.createdAt), ("Updated", owner.updatedAt),
                ]
                for (label, value) in rows {
                    Output.line(label.padding(toLength: 12, withPad: " ", startingAt: 0) + (value ?? "–"))
                }
                Output.line(OwnerProfile.fillHint(for: owner) ?? "The profile is filled.")
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
                    Output.line("owner.json already has these values; nothing was written.")
                case .created(let o):
                    owner = o
                    Output.line("Created owner.json.")
                case .updated(let o, let changed):
                    owner = o
                    Output.line("Updated owner.json: \(changed.joined(separator: ", ")).")
                }
                if let hint = OwnerProfile.fillHint(for: owner) { Output.line(hint) }
            }
        }
    }
}
