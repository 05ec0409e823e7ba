import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphSite

struct Init: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Creates a new site project from the default theme."
    )

    @Argument(help: ArgumentHelp("The folder to create (it must not exist or be empty).", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: ArgumentHelp("Copy the theme from this folder (default: the one that ships with usergraph).", valueName: "dir"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp("The new site's language (one with a strings file in the theme, e.g. en or ru); also the language of this command's messages.", valueName: "code"))
    var language: String = "en"

    func run(_ console: Console) throws {
        let source = try SiteScaffold.themeFolder(themeSource: theme.map(console.resolve))
        console.speak(language, templates: source + "/Templates")
        try Languages.check(language, templates: source + "/Templates", option: "--language")
        let created = console.resolve(directory)
        try SiteScaffold.create(at: created, theme: source, language: language)
        if console.terminals.stderr {
            console.note(Message("notes.created", ["path": created, "dir": directory]))
        }
    }
}
