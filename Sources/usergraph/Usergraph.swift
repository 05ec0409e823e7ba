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

    @Option(name: .long, help: ArgumentHelp("Speak this language (one with a strings file in the theme, e.g. en or ru) instead of the config's `language`.", valueName: "code"))
    var language: String?

    /// The config with `--language` applied; from here on the command speaks its language
    /// (`Voice.shared`). When the config does not load, its problems are said in the language
    /// of `--language`, else the one the config names if it can be read at all, else English.
    func load() throws -> SiteConfig {
        var site: SiteConfig
        do {
            site = try ConfigLoader.load(path: config)
        } catch {
            let hint = ConfigLoader.languageHint(path: config)
            let templates = hint?.templates ?? FileManager.default.currentDirectoryPath + "/Templates"
            for candidate in [language, hint?.language].compactMap({ $0 }) where Voice.shared.strings == nil {
                Voice.shared.speak(candidate, templates: templates)
            }
            throw error
        }
        if let language {
            Voice.shared.speak(site.language, templates: site.templates)
            try Languages.check(language, templates: site.templates, option: "--language")
            site.language = language
        }
        Voice.shared.speak(site.language, templates: site.templates)
        return site
    }
}

enum Languages {
    /// A language given on the command line must have a strings file in the theme.
    static func check(_ language: String, templates: String, option: String) throws {
        let known = Strings.available(templates: templates)
        guard Strings.isLanguageCode(language), known.contains(language) else {
            throw UsergraphError("errors.options.language", "{option} `{value}` has no strings file {file} (the theme has: {known}).",
                                 ["option": option, "value": language, "file": Strings.path(templates: templates, language: language),
                                  "known": known.isEmpty ? "none" : known.joined(separator: ", ")],
                                 kind: .usage)
        }
    }
}

/// The language a command speaks in: unknown (English) until the config or `--language` says.
/// One per process, set by `SiteOptions.load()`, so every command that loads its site that way
/// reports in the site's language without doing anything more.
final class Voice: @unchecked Sendable {
    static let shared = Voice()

    private let lock = NSLock()
    private var words: Strings?

    var strings: Strings? { lock.withLock { words } }

    /// Loads the words of `language` for messages; a theme without them leaves the last ones.
    func speak(_ language: String, templates: String) {
        if let loaded = try? Strings.load(templates: templates, language: language) { lock.withLock { words = loaded } }
    }

    func say(_ message: Message) -> String { message.text(strings) }

    func date(_ day: Day) -> String { strings?.format.date(day) ?? day.iso }

    func number(_ value: Int) -> String { strings?.format.number(value) ?? String(value) }
}

/// Runs a command's body, turning our errors into one sentence on stderr, in the site's
/// language when it is known (`Voice.shared`), and the exit code DESIGN.md promises.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as UsergraphError {
        Terminal.error(error.text(Voice.shared.strings))
        throw ExitCode(error.exitCode)
    }
}

/// A message in the language the command speaks.
func say(_ message: Message) -> String { Voice.shared.say(message) }

func parseDay(_ text: String?, option: String) throws -> Day? {
    guard let text else { return nil }
    guard let day = Day(iso: text) else {
        throw UsergraphError("errors.options.date", "{option} must be a date like 2026-11-20, not `{value}`.",
                             ["option": option, "value": text], kind: .usage)
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
