import ArgumentParser
import Foundation
import UsergraphCore

struct Init: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Creates a new site project: usergraph.yml, an empty Store/ and .gitignore.",
        discussion: "The default theme is built into usergraph; `usergraph theme eject FILE` copies a file of it into the site to change it."
    )

    @Argument(help: ArgumentHelp("The folder to create (it must not exist or be empty).", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: ArgumentHelp("Copy a theme of your own from this folder (one with Templates/ and Public/).", valueName: "dir"))
    var theme: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The new site's language (one with a strings file in the theme, e.g. en or ru); also the language of this command's messages.", valueName: "code"))
    var language: String = "en"

    func run(_ console: Console) throws {
        let source = try theme.map { try SiteScaffold.themeFolder(console.resolve($0)) }
        let files = source.map { ThemeFiles(templates: $0 + "/Templates", publicFolder: $0 + "/Public") } ?? .builtIn
        console.speak(language, theme: files)
        try Languages.check(language, theme: files, option: "--language")
        let created = console.resolve(directory)
        try SiteScaffold.create(at: created, theme: source, language: language)
        // What was made and what to do next, on stderr: stdout stays empty for scripts.
        console.note(Message("notes.init.created", ["path": created, "files": SiteScaffold.made.joined(separator: ", "), "dir": directory]))
    }
}
