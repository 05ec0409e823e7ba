import ArgumentParser
import Foundation
import UsergraphCore

struct Init: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Creates a new site project: usergraph.yml, an empty Store/ and .gitignore.",
        discussion: """
            The default theme is built into usergraph; `usergraph theme eject FILE` copies a file of it into the site to change it. \
            `--ci github` also writes a GitHub Actions workflow that updates the store every night, builds the site, commits the \
            store's changes and publishes the site to GitHub Pages; in an existing site folder it writes only the workflow.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The folder to create (it must not exist or be empty); with --ci, also an existing site folder (default: the current folder).",
            valueName: "dir"))
    var directory: String?

    @Option(name: .long, help: ArgumentHelp("Copy a theme of your own from this folder (one with Templates/ and Public/).", valueName: "dir"))
    var theme: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The new site's language (one with a strings file in the theme, e.g. en or ru; default: en, or an existing site's); also the language of this command's messages.",
            valueName: "code"))
    var language: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write a nightly workflow for this CI service (github: .github/workflows/usergraph.yml and .github/usergraph-nightly.sh).",
            valueName: "service"))
    var ci: String?

    @Flag(name: .long, help: "With --ci, overwrite the workflow's files when they exist.")
    var force = false

    func run(_ console: Console) throws {
        let created = console.resolve(directory ?? ".")
        let configPath = created + "/usergraph.yml"
        // With --ci in a site folder, only the workflow is added; the site keeps its language.
        let existingSite = ci != nil && FileManager.default.fileExists(atPath: configPath)
        let hint = existingSite ? ConfigLoader.languageHint(path: configPath) : nil
        let source = try theme.map { try SiteScaffold.themeFolder(console.resolve($0)) }
        let files = source.map { ThemeFiles(templates: $0 + "/Templates", publicFolder: $0 + "/Public") } ?? hint?.theme ?? .builtIn
        let language = self.language ?? hint?.language ?? "en"
        console.speak(language, theme: files)
        try Languages.check(language, theme: files, option: "--language")
        if let ci, !CIScaffold.providers.contains(ci) {
            throw UsergraphError("errors.init.unknownCI", ["value": ci, "known": CIScaffold.providers.joined(separator: ", ")], kind: .usage)
        }
        guard directory != nil || ci != nil else { throw UsergraphError("errors.init.noFolder", kind: .usage) }
        if existingSite {
            if theme != nil { throw UsergraphError("errors.init.themeOnSite", ["path": created], kind: .usage) }
        } else {
            if ci != nil, SiteScaffold.hasFiles(created) { throw UsergraphError("errors.init.notASite", ["path": created], kind: .usage) }
            try SiteScaffold.create(at: created, theme: source, language: language)
        }
        if ci != nil {
            // The workflow builds the release that wrote it: the site is known to work with it.
            try CIScaffold.write(into: created, ref: "v" + Usergraph.configuration.version, overwrite: force)
        }
        // What was made and what to do next, on stderr: stdout stays empty for scripts.
        if !existingSite {
            let dir = directory ?? "."
            console.note(Message("notes.init.created", ["path": created, "files": SiteScaffold.made.joined(separator: ", "), "dir": dir]))
        }
        if ci != nil { console.note(Message("notes.init.ci", ["files": CIScaffold.files.joined(separator: ", ")])) }
    }
}
