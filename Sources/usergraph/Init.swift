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

    func run() throws {
        try runReportingErrors {
            let created = try SiteScaffold.create(at: directory, themeSource: theme)
            if Terminal.stderrIsTerminal { Terminal.note("Created \(created). Next: cd \(directory) && usergraph build") }
        }
    }
}
