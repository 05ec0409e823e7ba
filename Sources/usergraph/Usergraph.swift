import ArgumentParser
import Foundation
import UsergraphKit

@main
struct Usergraph: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usergraph",
        abstract: "Builds a personal-data site and reports from a local JSON store.",
        version: "0.1.0",
        subcommands: [Build.self, Update.self, Stats.self, Serve.self, Init.self, OwnerCommand.self, WorkoutCommand.self, WeightCommand.self],
        defaultSubcommand: nil
    )
}

/// Options every command that works on a site shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site's config file.", valueName: "file"))
    var config: String = "usergraph.yml"

    func load() throws -> SiteConfig {
        try ConfigLoader.load(path: config)
    }
}

/// Turns our errors into one sentence on stderr and the exit code DESIGN.md promises.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as UsergraphError {
        Terminal.error(error.message)
        throw ExitCode(error.exitCode)
    }
}

func parseDay(_ text: String?, option: String) throws -> Day? {
    guard let text else { return nil }
    guard let day = Day(iso: text) else {
        throw ValidationError("\(option) must be a date like 2026-11-20, not `\(text)`.")
    }
    return day
}

enum Terminal {
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    /// A person is watching when either output goes to a terminal; under cron neither does.
    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 || isatty(STDERR_FILENO) == 1 }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("usergraph: " + message + "\n").utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
