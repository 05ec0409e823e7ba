import ArgumentParser
import Foundation
import UsergraphCore

/// The `usergraph` command line. `main.swift` is only `exit(await Usergraph.run(…, console: .system()))`;
/// tests call `run` with a console that records.
public struct Usergraph: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "usergraph",
        abstract: "Builds a personal-data site and reports from a local JSON store.",
        version: "0.1.0",
        subcommands: [
            Build.self, Update.self, Import.self, Stats.self, Serve.self, Check.self, Init.self, ThemeCommand.self, OwnerCommand.self, WorkoutCommand.self,
            WeightCommand.self, MealCommand.self, StepsCommand.self, AuthCommand.self,
        ],
        defaultSubcommand: nil
    )

    public init() {}

    /// Parses `arguments` (without the program's name) and runs the command they name with
    /// `console`; returns the exit status DESIGN.md promises (0, 1, 64, 75). Our errors are
    /// said as one sentence on stderr in the site's language; help and usage errors as
    /// ArgumentParser writes them.
    public static func run(_ arguments: [String], console: Console) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var aware = command as? any CommandLineAware {
                aware.commandLine = arguments
                command = aware
            }
            if let command = command as? any ConsoleCommand {
                try await command.run(console)
            } else {
                try command.run()  // a group without its subcommand: shows its help
            }
            return 0
        } catch let error as UsergraphError {
            console.error(error.text(console.strings))
            return error.exitCode
        } catch {
            let message = fullMessage(for: error)
            let code = exitCode(for: error)
            if !message.isEmpty { code == .success ? console.line(message) : console.note(message) }
            return code.rawValue
        }
    }
}

/// A command that runs with a console (every command but the groups).
protocol ConsoleCommand: ParsableCommand {
    func run(_ console: Console) async throws
}

/// A command that reads its own command line too, where the order of its options means
/// something ArgumentParser does not keep (which `--food` a `--kcal` follows).
protocol CommandLineAware: ParsableCommand {
    var commandLine: [String] { get set }
}

/// Options every command that works on a site shares.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site's config file.", valueName: "file"))
    var config: String = "usergraph.yml"

    @Option(
        name: .long,
        help: ArgumentHelp("Speak this language (one with a strings file in the theme, e.g. en or ru) instead of the config's `language`.", valueName: "code"))
    var language: String?

    /// The config with `--language` applied; from here on `console` speaks its language. When
    /// the config does not load, its problems are said in the language of `--language`, else
    /// the one the config names if it can be read at all, else English.
    func load(_ console: Console) throws -> SiteConfig {
        let path = console.resolve(config)
        var site: SiteConfig
        do {
            site = try ConfigLoader.load(path: path)
        } catch {
            let hint = ConfigLoader.languageHint(path: path)
            let theme = hint?.theme ?? ThemeFiles(templates: console.resolve("Templates"), publicFolder: console.resolve("Public"))
            for candidate in [language, hint?.language].compactMap({ $0 }) where console.strings == nil {
                console.speak(candidate, theme: theme)
            }
            throw error
        }
        if let language {
            console.speak(site.language, theme: site.theme)
            try Languages.check(language, theme: site.theme, option: "--language")
            site.language = language
        }
        console.speak(site.language, theme: site.theme)
        return site
    }
}

enum Languages {
    /// A language given on the command line must have a strings file in the theme.
    static func check(_ language: String, theme: ThemeFiles, option: String) throws {
        let known = Strings.available(theme: theme)
        guard Strings.isLanguageCode(language), known.contains(language) else {
            throw UsergraphError(
                "errors.options.language",
                [
                    "option": option, "value": language, "file": theme.place(Strings.name(language: language)),
                    "known": known.isEmpty ? "none" : known.joined(separator: ", "),
                ],
                kind: .usage)
        }
    }
}

/// `--from` and `--to` of a listing: inclusive days, the first not after the last.
func parseDayRange(from: String?, to: String?) throws -> (first: Day?, last: Day?) {
    let first = try parseDay(from, option: "--from"), last = try parseDay(to, option: "--to")
    if let first, let last, first > last {
        throw UsergraphError("errors.workout.range", ["from": first.iso, "to": last.iso], kind: .usage)
    }
    return (first, last)
}

func parseDay(_ text: String?, option: String) throws -> Day? {
    guard let text else { return nil }
    guard let day = Day(iso: text) else {
        throw UsergraphError("errors.options.date", ["option": option, "value": text], kind: .usage)
    }
    return day
}
