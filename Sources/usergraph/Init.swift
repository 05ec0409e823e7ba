import ArgumentParser
import Foundation
import UsergraphKit

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Creates a new site project from the default theme."
    )

    @Argument(help: ArgumentHelp("The folder to create (it must not exist or be empty).", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: ArgumentHelp("Copy the theme from this folder (default: the one beside the executable's source).", valueName: "dir"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp("The new site's language (one with a strings file in the theme, e.g. en or ru); also the language of this command's messages.", valueName: "code"))
    var language: String = "en"

    func run() throws {
        try runReportingErrors {
            let voice = Voice.shared
            let source = try SiteScaffold.themeFolder(themeSource: theme)
            voice.speak(language, templates: source + "/Templates")
            try Languages.check(language, templates: source + "/Templates", option: "--language")
            let created = try SiteScaffold.create(at: directory, themeSource: source, language: language)
            if Terminal.stderrIsTerminal {
                Terminal.note(voice.say(Message("notes.created", "Created {path}. Next: cd {dir} && usergraph build",
                                                ["path": created, "dir": directory])))
            }
        }
    }
}
