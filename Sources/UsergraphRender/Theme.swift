import Foundation
import Mustache
import UsergraphCore
import UsergraphStats
import Yams

/// The templates of a site, read and parsed once per build: page templates
/// (`Templates/NAME.md`, front matter + Mustache Markdown), partials (`Templates/partials/`),
/// the page shell (`Templates/layout.html`) and the words of one language
/// (`Templates/strings/LANG.yml`), which every template sees as `t`. Each is the site's file
/// when it has one, else the built-in theme's (`ThemeFiles`).
package struct Theme: Sendable {
    package struct Page: Sendable {
        package let name: String
        /// The file, and the lines its title, description and body start on, for messages.
        package let path: String
        package let lines: (title: Int, description: Int, body: Int)
        package let title: MustacheTemplate
        package let description: MustacheTemplate?
        package let body: MustacheTemplate
    }

    package let files: ThemeFiles
    package let pages: [String: Page]
    package let layout: MustacheTemplate
    /// Where the layout was read, for messages.
    let layoutPath: String
    package let library: MustacheLibrary
    /// A partial's name → its file, for messages.
    package let partials: [String: String]
    package let strings: Strings
    /// `t` in every template: the words of `strings`, made once.
    package let words: TemplateWords
    /// Whether the layout or a partial names `asOf`: only then does the layout get the as-of
    /// day, so that a new day renders again just the pages that show something of it.
    package let layoutUsesAsOf: Bool

    static let requiredPages = [
        "profile", "users", "user", "repositories", "starred", "workouts", "workout", "statistics", "year", "history", "meals", "cards", "404",
    ]

    /// Loads the theme in `language`, checking that the strings file has every key the
    /// templates name (`t.…`) and every key in `require` (the words the code draws itself).
    package init(files: ThemeFiles, language: String = "en", require: [Strings.Requirement]) throws {
        try self.init(files: files, strings: Theme.strings(files: files, language: language, require: require))
    }

    /// The words of the theme in `language`, checked against `require`: all of the theme that
    /// the data's wording needs, ready before its templates are parsed.
    package static func strings(files: ThemeFiles, language: String, require: [Strings.Requirement]) throws -> Strings {
        try Strings.load(theme: files, language: language, require: require + LanguageFormat.requirements)
    }

    /// The theme with its words (`strings(files:language:require:)`), checking that they have
    /// every key the templates name.
    package init(files: ThemeFiles, strings: Strings) throws {
        MarkdownEscapingRegistration.once()
        self.files = files
        var library = MustacheLibrary()
        var partials: [String: String] = [:]
        var partialsUseAsOf = false
        for name in files.names(under: "Templates/partials") where name.hasSuffix(".md") || name.hasSuffix(".html") {
            guard let file = files.file(name) else { continue }
            let text = try Theme.text(file)
            try TemplateKeys.check(text, path: file.path, strings: strings)
            partialsUseAsOf = partialsUseAsOf || text.contains("asOf")
            let pragma = name.hasSuffix(".md") ? MarkdownEscapingRegistration.pragma : MarkdownEscapingRegistration.htmlPragma
            // `partials/cards/row.md` is the partial `cards/row`.
            let partial = (String(name.dropFirst("Templates/partials/".count)) as NSString).deletingPathExtension
            library.register(try Theme.compile(pragma + text, path: file.path, firstLine: 1), named: partial)
            partials[partial] = file.path
        }
        var pages: [String: Page] = [:]
        for name in files.names(under: "Templates") where name.hasSuffix(".md") && !name.dropFirst("Templates/".count).contains("/") {
            guard let file = files.file(name) else { continue }
            let text = try Theme.text(file)
            try TemplateKeys.check(text, path: file.path, strings: strings)
            let page = try Theme.loadPage(text, path: file.path)
            pages[page.name] = page
        }
        for name in Theme.requiredPages where pages[name] == nil {
            throw UsergraphError(
                "errors.theme.missingPage",
                ["path": files.place("Templates/\(name).md"), "pages": Theme.requiredPages.map { $0 + ".md" }.joined(separator: ", ")])
        }
        guard let layoutFile = files.file("Templates/layout.html") else {
            throw UsergraphError("errors.theme.noLayout", ["path": files.place("Templates/layout.html")])
        }
        let layoutText = try Theme.text(layoutFile)
        try TemplateKeys.check(layoutText, path: layoutFile.path, strings: strings)
        self.layout = try Theme.compile(MarkdownEscapingRegistration.htmlPragma + layoutText, path: layoutFile.path, firstLine: 1)
        self.layoutPath = layoutFile.path
        self.pages = pages
        self.library = library
        self.partials = partials
        self.strings = strings
        self.words = TemplateWords(strings)
        self.layoutUsesAsOf = partialsUseAsOf || layoutText.contains("asOf")
    }

    /// Renders a page: its Markdown body with the data, through cmark, into the layout.
    /// `context` is what the page's template sees; `shell` is what the layout sees besides
    /// `content`, `title` and `description`.
    package func render(page name: String, context pageContext: [String: Any], shell: [String: Any]) throws -> String {
        guard let page = pages[name] else {
            throw UsergraphError("errors.theme.noTemplate", ["name": name, "folder": files.place("Templates")])
        }
        var context = pageContext
        context["t"] = words.tree
        // `on` (the sections shown) and `units` (their words) are in every template, like `t`.
        if let on = shell["on"] { context["on"] = on }
        if let units = shell["units"] { context["units"] = units }
        let markdown = page.body.render(context, library: library)
        let content = Markdown.html(markdown)
        var layoutContext = shell
        layoutContext["t"] = context["t"]
        layoutContext["content"] = content
        layoutContext["title"] = page.title.render(context, library: library).trimmingWhitespace()
        if let description = page.description {
            layoutContext["description"] = description.render(context, library: library).trimmingWhitespace()
        }
        layoutContext["page"] = context
        return layout.render(layoutContext, library: library)
    }

    package static func text(_ file: ThemeFiles.File) throws -> String {
        guard let text = String(data: file.data, encoding: .utf8) else {
            throw UsergraphError("errors.theme.notText", ["path": file.path])
        }
        return text
    }

    static func loadPage(_ text: String, path: String) throws -> Page {
        let (frontMatter, body, bodyLine) = try splitFrontMatter(text, path: path)
        var title = (path as NSString).lastPathComponent
        var description: String?
        var titleLine = 2, descriptionLine = 2
        if let frontMatter {
            let node: Node?
            do { node = try Yams.compose(yaml: frontMatter) } catch let error as YamlError {
                throw UsergraphError("errors.theme.frontMatterYAML", ["path": path], nested: ["problem": error.problem])
            }
            if let mapping = node?.mapping {
                for (key, value) in mapping {
                    // Yams counts from 1 within the front matter, which starts on the file's line 2.
                    let line = key.mark.map { $0.line + 1 } ?? 1
                    switch key.string {
                    case "title": title = value.string ?? title; titleLine = line
                    case "description": description = value.string; descriptionLine = line
                    default:
                        throw UsergraphError("errors.theme.frontMatterKey", ["where": "\(path):\(line)", "key": key.string ?? ""])
                    }
                }
            }
        }
        let textPragma = "{{% CONTENT_TYPE: TEXT}}"
        return Page(
            name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension,
            path: path,
            lines: (title: titleLine, description: descriptionLine, body: bodyLine),
            title: try compile(textPragma + title, path: path, firstLine: 2),
            description: try description.map { try compile(textPragma + $0, path: path, firstLine: 2) },
            body: try compile(MarkdownEscapingRegistration.pragma + body, path: path, firstLine: bodyLine))
    }

    /// Splits `---\n…\n---\n` front matter from the body; returns the body's first line number.
    static func splitFrontMatter(_ text: String, path: String) throws -> (String?, String, Int) {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") else { return (nil, text, 1) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeFirst()
        guard let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) else {
            throw UsergraphError("errors.theme.frontMatterOpen", ["path": path])
        }
        let front = lines[..<end].joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        return (front, body, end + 3)
    }

    static func compile(_ source: String, path: String, firstLine: Int) throws -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: source)
        } catch let error as MustacheTemplate.ParserError {
            // The parser stops where it noticed (the end of the file for a section never closed);
            // a person wants the tag where the mistake is, so it is looked for in the source.
            if let found = TagMistake.find(in: source, for: error.error) {
                throw UsergraphError(
                    "errors.theme.syntax", ["where": "\(path):\(found.line + firstLine - 1)", "tag": found.tag],
                    nested: ["problem": describe(error.error)])
            }
            let line = error.context.lineNumber + firstLine - 1
            let tag = error.context.line.trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: MarkdownEscapingRegistration.pragma, with: "")
                .replacingOccurrences(of: MarkdownEscapingRegistration.htmlPragma, with: "")
            throw UsergraphError(
                "errors.theme.syntax", ["where": "\(path):\(line)", "tag": tag],
                nested: ["problem": describe(error.error)])
        }
    }

    package static func describe(_ error: Error) -> Message {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: Message("errors.theme.wrongClose")
        case .unfinishedName: Message("errors.theme.unfinishedTag")
        case .expectedSectionEnd: Message("errors.theme.unclosedSection")
        case .invalidSetDelimiter: Message("errors.theme.badDelimiter")
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: Message("errors.theme.badPragma")
        default: Message("errors.theme.syntaxOther")
        }
    }
}

/// Registers our content types with swift-mustache exactly once per process: Markdown for
/// page templates and `.md` partials, HTML for the layout and `.html` partials.
package enum MarkdownEscapingRegistration {
    static let pragma = "{{% CONTENT_TYPE: \(MarkdownEscaping.name)}}"
    static let htmlPragma = "{{% CONTENT_TYPE: \(HTMLEscaping.name)}}"
    private static let registered: Bool = {
        MustacheContentTypes.register(MarkdownEscaping(), named: MarkdownEscaping.name)
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        return true
    }()

    package static func once() { _ = registered }
}
