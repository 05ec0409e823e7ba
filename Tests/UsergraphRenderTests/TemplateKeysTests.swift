import Foundation
import Mustache
import Testing
@testable import UsergraphCore
@testable import UsergraphStats
@testable import UsergraphStore
@testable import UsergraphBuild
@testable import UsergraphCheck
@testable import UsergraphPages
@testable import UsergraphRender
@testable import UsergraphShare
import UsergraphTestSupport

/// A misspelt key renders as nothing, so these check both sides against the keys each page's
/// fields declare (`PageKeys`): every name the default theme's templates use is declared
/// (`TemplateKeyCheck`), and every context the pages make holds each key of the kind its field
/// says (a number as a `TemplateNumber`, a date as a `TemplateDate`) and every key not marked
/// optional.
@Suite struct TemplateKeysTests {
    /// The repository root: this file is Tests/UsergraphRenderTests/TemplateKeysTests.swift.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let theme = repository + "/Sources/UsergraphTheme/Theme"

    static func check(templates: String, language: String = "en", public folder: String = theme + "/Public") throws -> [TemplateKeyCheck.Problem] {
        let files = ThemeFiles(templates: templates, publicFolder: folder)
        let theme = try Theme(files: files, language: language, require: SiteBuild.requirements)
        return TemplateKeyCheck(theme: theme, assets: try PublicAssets(theme: files)).problems()
    }

    /// A new folder that the caller removes.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "usergraph-template-keys-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: - Templates → keys

    @Test(arguments: ["en", "ru"]) func theDefaultThemeUsesOnlyKeysItsPagesProvide(language: String) throws {
        let problems = try Self.check(templates: Self.theme + "/Templates", language: language)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyPageTemplateHasItsKeys() {
        #expect(Set(PageKeys.pages.keys) == Set(Theme.requiredPages))
    }

    /// The theme copied to a scratch folder, with `edit` applied to one file.
    static func problems(editing file: String, language: String = "en", _ edit: (String) -> String) throws -> (String, [String]) {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: theme + "/Templates", toPath: root + "/Templates")
        let path = root + "/Templates/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = edit(text)
        #expect(edited != text, "the edit changed nothing in \(file)")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        return (root + "/Templates", try check(templates: root + "/Templates", language: language).map(\.description))
    }

    @Test func aMisspeltKeyNamesTheTemplateTheLineAndTheKey() throws {
        let (templates, problems) = try Self.problems(editing: "profile.md") {
            $0.replacingOccurrences(of: "<p class=\"big\">{{week.count}}</p>", with: "<p class=\"big\">{{owner.nmae}}</p>")
        }
        #expect(problems == ["\(templates)/profile.md:41: `owner.nmae` is not among the keys this template is given, so it renders as nothing."])
    }

    @Test func aMisspeltKeyInsideASectionIsLookedUpAmongItsItemsAndOutwards() throws {
        // `type` is a key of a workout; `tpye` is a key of nothing, in the list or around it.
        let (templates, problems) = try Self.problems(editing: "profile.md") {
            $0.replacingOccurrences(of: "<span class=\"pill type-{{typeId}}\">{{type}}</span>", with: "<span class=\"pill type-{{typeId}}\">{{tpye}}</span>")
        }
        #expect(problems == ["\(templates)/profile.md:61: `tpye` is not among the keys this template is given, so it renders as nothing."])
    }

    @Test func aTitleIsCheckedOnItsOwnLine() throws {
        let (templates, problems) = try Self.problems(editing: "user.md") {
            $0.replacingOccurrences(of: "title: \"{{username}}\"", with: "title: \"{{usernmae}}\"")
        }
        #expect(problems == ["\(templates)/user.md:2: `usernmae` is not among the keys this template is given, so it renders as nothing."])
    }

    @Test func aPartialIsCheckedInEveryPageThatIncludesIt() throws {
        let (templates, problems) = try Self.problems(editing: "partials/repo-card.md") {
            $0.replacingOccurrences(of: "{{fullName}}</a>", with: "{{fulName}}</a>")
        }
        #expect(problems == ["\(templates)/partials/repo-card.md:2: `fulName` is not among the keys this template is given, so it renders as nothing."])
    }

    @Test func aKeyOnlySomePagesOfASharedTemplateHaveIsNoProblem() throws {
        // The layout serves every page; `page.owner` is the profile page's only. A key no page has is one.
        let (templates, problems) = try Self.problems(editing: "layout.html") {
            $0.replacingOccurrences(of: "<title>{{title}}", with: "<title>{{#page.owner}}{{name}}{{/page.owner}}{{page.ownr}}{{title}}")
        }
        #expect(problems == ["\(templates)/layout.html:6: `page.ownr` is not among the keys this template is given, so it renders as nothing."])
    }

    @Test func aPlaceInAWordIsAKeyOfThePageThatSaysIt() throws {
        let (templates, problems) = try Self.problems(editing: "strings/ru.yml", language: "ru") {
            $0.replacingOccurrences(of: "{fetchedOn}", with: "{fetchedOm}")
        }
        let file = templates + "/strings/ru.yml"
        // Said on four pages; on the profile page twice, inside `github` and inside `contributions`.
        #expect(
            problems == [
                "\(templates)/profile.md:89: `fetchedOm`, a place in `t.common.fetchedOn` of \(file), is not among the keys this template is given, so it renders as nothing.",
                "\(templates)/profile.md:127: `fetchedOm`, a place in `t.common.fetchedOn` of \(file), is not among the keys this template is given, so it renders as nothing.",
                "\(templates)/repositories.md:28: `fetchedOm`, a place in `t.common.fetchedOn` of \(file), is not among the keys this template is given, so it renders as nothing.",
                "\(templates)/starred.md:21: `fetchedOm`, a place in `t.common.fetchedOn` of \(file), is not among the keys this template is given, so it renders as nothing.",
                "\(templates)/users.md:78: `fetchedOm`, a place in `t.common.fetchedOn` of \(file), is not among the keys this template is given, so it renders as nothing.",
            ])
    }

    @Test func htmlNeedsThreeBracesAndDataTwo() throws {
        let (templates, problems) = try Self.problems(editing: "users.md") {
            $0.replacingOccurrences(of: "{{{avatar}}}", with: "{{avatar}}")
                .replacingOccurrences(of: "<span class=\"user-name\">{{username}}</span>", with: "<span class=\"user-name\">{{{username}}}</span>")
        }
        #expect(
            problems == [
                "\(templates)/users.md:67: `avatar` is HTML; write {{{avatar}}} (three braces), or its tags show as text.",
                "\(templates)/users.md:68: `username` is text from the data; write {{username}} (two braces), so that it is escaped.",
            ])
    }

    @Test func theBuildWarnsAboutAThemesOwnMisspeltKey() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: Self.theme + "/Templates", toPath: root + "/Templates")
        try FileManager.default.createDirectory(atPath: root + "/Store", withIntermediateDirectories: true)
        let path = root + "/Templates/404.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "{{links.home}}", with: "{{links.hom}}").utf8).write(to: URL(fileURLWithPath: path))
        let config = SiteConfig(root: root, asOf: Day(iso: "2026-11-20"), publicFolder: Self.theme + "/Public")
        let report = try SiteBuild.run(config: config)
        #expect(
            report.warnings.map(\.description)
                == ["\(root)/Templates/404.md:8: `links.hom` is not among the keys this template is given, so it renders as nothing."])
    }

    // MARK: - Builders → keys

    /// The data and assets of a site, as `SiteBuild.run` makes them.
    static func site(_ config: SiteConfig) throws -> (SiteData, PublicAssets) {
        let theme = try Theme(files: config.theme, language: config.language, require: SiteBuild.requirements)
        let layout = StoreLayout(root: config.store)
        let snapshot = try StoreReader.read(layout)
        let asOf = config.asOfDay()
        let statistics = Statistics.compute(snapshot, asOf: asOf, timeZone: config.timeZone, stepsGoal: config.stepsGoal)
        let site = SiteData(
            config: config, snapshot: snapshot, asOf: asOf, statistics: statistics,
            avatars: Avatars(files: StoredFiles(folder: layout.files)), tracks: StoredTracks(layout: layout), strings: theme.strings,
            drawCards: EmbedCards.cards)
        return (site, try PublicAssets(theme: config.theme))
    }

    /// What in `object` does not match `keys`: a key not declared, a declared one missing, a value
    /// of another kind. `seen` collects the key paths found (`week.workouts.type`).
    static func mismatches(_ object: [String: Any], _ keys: TemplateSchema, at path: String, seen: inout Set<String>) -> [String] {
        var found: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let keyPath = path + "." + key
            guard let kind = keys[key] else {
                found.append("\(keyPath) is not declared")
                continue
            }
            seen.insert(keyPath)
            switch kind {
            case .object(let inner):
                if let inside = value as? [String: Any] {
                    found += mismatches(inside, inner, at: keyPath, seen: &seen)
                } else {
                    found.append("\(keyPath) is \(type(of: value)), not an object")
                }
            case .list(let item):
                if let items = value as? [[String: Any]] {
                    for inside in items { found += mismatches(inside, item, at: keyPath, seen: &seen) }
                } else {
                    found.append("\(keyPath) is \(type(of: value)), not a list of objects")
                }
            default:
                if !isKind(value, kind) { found.append("\(keyPath) is \(type(of: value)), declared \(kind)") }
            }
        }
        for (key, field) in keys.fields where !field.optional && object[key] == nil {
            found.append("\(path).\(key) is declared but missing")
        }
        return found
    }

    /// Numbers, dates, months and durations must come in a `MustacheNode`, which templates
    /// render without protocol casts.
    static func isKind(_ value: Any, _ kind: TemplateSchema.Value) -> Bool {
        let node = (value as? MustacheNode)?.value
        return switch kind {
        case .text, .html: value is String
        case .int: value is Int
        case .flag: value is Bool
        case .number: node is TemplateNumber
        // A date or month the data wrote wrongly is its text as it is (`TemplateValues.date(iso:)`).
        case .date: node is TemplateDate || value is String
        case .month: node is TemplateMonth || value is String
        case .duration: node is TemplateDuration
        case .object, .list: false
        }
    }

    /// Every key path `keys` declares, as `mismatches` names them.
    static func declared(_ keys: TemplateSchema, at path: String) -> Set<String> {
        var paths = Set<String>()
        for (key, field) in keys.fields {
            paths.insert(path + "." + key)
            switch field.value {
            case .object(let inner), .list(let inner): paths.formUnion(declared(inner, at: path + "." + key))
            default: break
            }
        }
        return paths
    }

    /// Checks every page's context and layout shell of a site; returns the problems and the key paths seen.
    static func checkBuilders(_ config: SiteConfig) throws -> (problems: [String], seen: Set<String>) {
        let (site, assets) = try Self.site(config)
        var problems: [String] = []
        var seen = Set<String>()
        let shell = PageKeys.shell(assets: assets.keys)
        for source in SitePages.sources(site) where source.file == nil {
            guard let keys = PageKeys.pages[source.template] else {
                problems.append("\(source.path.file): the template \(source.template) has no keys")
                continue
            }
            problems += mismatches(source.context(), keys, at: source.template, seen: &seen)
            problems += mismatches(SiteBuild.shell(site, for: source, assets: assets, asOf: true), shell, at: "layout", seen: &seen)
        }
        return (Array(Set(problems)).sorted(), seen)
    }

    /// Keys the builders can provide that none of the sites below has, with why: a key declared
    /// by mistake would be here too, so this list is short and every entry is explained.
    static let notInTheseSites: Set<String> = [
        "profile.owner.isMan", "profile.owner.otherSex",  // the demo owner is W
        "statistics.users.visitors.same",  // the demo's visitors grew
        "layout.on.hints",  // only a serve --watch preview
        "profile.github.blog",  // the demo's GitHub profile has no blog
        "profile.week.workouts.exercises", "profile.week.workouts.notes",  // nor have this week's demo workouts
        "users.users.otherSex", "user.otherSex",  // every demo user is M or W
        "user.files.remote",  // every demo user's file was downloaded
        "statistics.weight.belowTarget", "statistics.weight.atTarget",  // the demo owner is above the target
        "statistics.users.visitors.fell",  // the demo's visitors grew this month
        "profile.pinned.repositories.updatedOn",  // GitHub's pinned items carry no push date
        "workout.routeHidden",  // the demo draws its routes (privacy.routes is on)
        "workout.sources.name",  // the demo's workouts were typed, not imported
        "starred.pagination", "starred.pagination.current", "starred.pagination.total", "starred.pagination.pages",
        "starred.pagination.pages.number", "starred.pagination.pages.url", "starred.pagination.pages.current",
        "starred.pagination.pages.gapBefore", "starred.pagination.previous", "starred.pagination.next",  // 16 starred: one page
    ]

    @Test func theBuildersProvideExactlyTheDeclaredKeys() throws {
        let demo = try ConfigLoader.load(path: Self.repository + "/usergraph.yml")
        var withBase = demo
        withBase.baseURL = "https://anna.example.org/dash/"
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Store", withIntermediateDirectories: true)
        let empty = SiteConfig(
            root: root, asOf: Day(iso: "2026-11-20"), templates: Self.theme + "/Templates",
            publicFolder: Self.theme + "/Public")

        var seen = Set<String>()
        for (name, config) in [("demo", demo), ("demo with a base URL", withBase), ("empty store", empty)] {
            let result = try Self.checkBuilders(config)
            #expect(result.problems.isEmpty, "\(name):\n\(result.problems.joined(separator: "\n"))")
            seen.formUnion(result.seen)
        }
        var declared = Self.declared(PageKeys.shell(assets: try PublicAssets(theme: .builtIn).keys), at: "layout")
        for (template, keys) in PageKeys.pages { declared.formUnion(Self.declared(keys, at: template)) }
        #expect(declared.subtracting(seen) == Self.notInTheseSites)
    }

    // MARK: - The pieces

    @Test func theChildrenOfAValueAreThoseItGives() {
        let strings = Strings.english
        #expect(strings != nil)
        guard let strings else { return }
        let values: [(TemplateSchema.Value, any MustacheParent)] = [
            (.number, TemplateNumber(value: 5, places: 0, strings: strings)),
            (.date, TemplateDate(day: Day(number: 20000), format: strings.format)),
            (.month, TemplateMonth(month: Month(year: 2026, month: 11), format: strings.format)),
            (.duration, TemplateDuration(seconds: 4800, strings: strings)),
        ]
        for (kind, value) in values {
            for (child, field) in kind.keys.fields {
                let found = value.child(named: child)
                #expect(found != nil, "\(kind).\(child)")
                if let found { #expect(Self.isKind(found, field.value), "\(kind).\(child) is \(type(of: found))") }
            }
        }
    }

    @Test func tagsOutlineATemplateWithLines() throws {
        let template = try MustacheTemplate(
            string: "{{! note }}\n# {{title}}\n{{#items}}\n- {{{html}}} {{t.count.days(n)}}\n{{/items}}{{^items}}none{{/items}}\n{{> card}}")
        let tags = template.tags
        #expect(tags.map(\.name) == ["title", "items", "items", "card"])
        #expect(tags.map(\.line) == [2, 3, 5, nil])
        #expect(tags.map(\.kind) == [.variable, .section, .invertedSection, .partial])
        let inside = tags[1].children
        #expect(inside.map(\.name) == ["html", "n"])
        #expect(inside.map(\.kind) == [.unescapedVariable, .variable])
        #expect(inside.map(\.line) == [4, 4])
        #expect(inside[1].transforms == ["t.count.days"])
    }

    @Test func lookupFollowsMustachesStack() {
        let page: TemplateSchema = ["owner": .object(["name?": .text]), "since": .date, "list": .list(["name": .text])]
        let item: TemplateSchema = ["name": .text]
        func found(_ name: String, _ scopes: [TemplateSchema]) -> Bool {
            if case .found = TemplateKeyCheck.lookup(name, in: scopes) { return true }
            return false
        }
        #expect(found("owner.name", [page]))
        #expect(!found("owner.nmae", [page]))
        #expect(found("since.iso", [page]))
        #expect(!found("since.year", [page]))
        #expect(found("since", [page, item]), "outwards from a section")
        #expect(!found(".since", [page, item]), "a leading dot looks only in the innermost")
        if case .words("nav.users") = TemplateKeyCheck.lookup("t.nav.users", in: [page]) {} else { Issue.record("t. is the words") }
        if case .unchecked = TemplateKeyCheck.lookup(".", in: [page]) {} else { Issue.record(". is the current item") }
    }
}
