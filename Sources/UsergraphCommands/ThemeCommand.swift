import ArgumentParser
import Foundation
import UsergraphCore

struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Lists the built-in theme's files, or copies them into the site to change them.",
        discussion:
            "A site's Templates/ and Public/ hold only what its owner changed: every other template, partial, word and asset comes from the theme built into usergraph, so a new release's pages reach the site.",
        subcommands: [List.self, Eject.self]
    )

    struct List: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Prints each file of the theme and where the site takes it from: its own copy or the built-in one."
        )

        @OptionGroup var site: SiteOptions

        func run(_ console: Console) throws {
            let config = try site.load(console)
            let theme = config.theme
            let stale = Set(theme.staleCopies(bases: ThemeBase.read(root: config.root)).map(\.name))
            let builtIn = Set(ThemeEject.builtInNames)
            for name in theme.names(under: "Templates") + theme.names(under: "Public") {
                console.line(Message(Self.origin(of: name, in: theme, builtIn: builtIn, stale: stale), ["name": name]))
            }
        }

        /// The message that says where the site takes `name` from.
        static func origin(of name: String, in theme: ThemeFiles, builtIn: Set<String>, stale: Set<String>) -> String {
            if theme.file(name)?.isBuiltIn != false { return "notes.theme.builtIn" }
            if stale.contains(name) { return "notes.theme.stale" }
            return builtIn.contains(name) ? "notes.theme.shadows" : "notes.theme.own"
        }
    }

    struct Eject: ConsoleCommand {
        static let configuration = CommandConfiguration(
            commandName: "eject",
            abstract: "Copies built-in theme files into the site, where they replace the built-in ones.",
            discussion:
                "A file is named as in `usergraph theme list` (Templates/cards.md), within Templates/ or Public/ (cards.md, partials/pagination.md, assets/style.css) or by its folder (partials, strings); with none, every file. A file the site already has is kept unless --force."
        )

        @OptionGroup var site: SiteOptions

        @Argument(help: ArgumentHelp("The files to copy (default: all of them).", valueName: "file"))
        var files: [String] = []

        @Flag(name: .long, help: "Replace the site's own copies too.")
        var force = false

        func run(_ console: Console) throws {
            let config = try site.load(console)
            let names = try ThemeEject.names(for: files)
            let (written, kept) = try ThemeEject.eject(names, into: config.theme, root: config.root, overwrite: force)
            for path in written { console.line(Message("notes.theme.ejected", ["path": path])) }
            for path in kept { console.note(Message("notes.theme.kept", ["path": path])) }
        }
    }
}
