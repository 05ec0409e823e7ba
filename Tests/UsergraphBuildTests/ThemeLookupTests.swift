import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphBuild
@testable import UsergraphPublish
@testable import UsergraphRender
import UsergraphTheme
@testable import UsergraphCommands
import UsergraphTestSupport

/// The theme built into the binary, looked up after a site's own files (`ThemeFiles`).
@Suite(.scratch) struct ThemeLookupTests {
    static let previousRelease = TestPaths.fixtures + "/previous-release-site"

    /// A copy of the demo's config and store, with no theme of its own.
    static func demoWithoutTheme() throws -> String {
        let root = try TestPaths.scratch("demo")
        for item in ["usergraph.yml", "Store"] {
            try FileManager.default.copyItem(atPath: TestPaths.repository + "/" + item, toPath: root + "/" + item)
        }
        return root
    }

    static func files(in folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in FileTree.files(in: folder) { files[name] = FileManager.default.contents(atPath: folder + "/" + name) }
        return files
    }

    @Test func theBinaryHoldsTheThemeFolderAndEveryVersionIsListed() throws {
        let source = Self.files(in: TestPaths.theme)
        #expect(source.count >= 17)
        #expect(BuiltInTheme.files == source, "the compiled theme differs from Sources/UsergraphTheme/Theme")
        for (name, data) in source {
            #expect(
                BuiltInTheme.versions[name]?.contains(ThemeFiles.versionDigest(data)) == true,
                "\(name) is not in theme-versions.txt: run python3 Scripts/theme-versions.py")
        }
    }

    /// An empty Templates/ and Public/ build the whole demo, byte for byte as the demo's full
    /// copy of the theme does.
    @Test func aSiteWithEmptyThemeFoldersBuildsTheFullDemo() throws {
        let bare = try Self.demoWithoutTheme()
        for folder in ["Templates", "Public"] { try FileManager.default.createDirectory(atPath: bare + "/" + folder, withIntermediateDirectories: true) }
        let copied = try Self.demoWithoutTheme()
        for folder in ["Templates", "Public"] { try FileManager.default.copyItem(atPath: TestPaths.theme + "/" + folder, toPath: copied + "/" + folder) }
        let bareReport = try SiteBuild.run(config: try ConfigLoader.load(path: bare + "/usergraph.yml"))
        let copiedReport = try SiteBuild.run(config: try ConfigLoader.load(path: copied + "/usergraph.yml"))
        #expect(bareReport.pages == copiedReport.pages && bareReport.pages > 30)
        let bareSite = Self.files(in: bare + "/_site"), copiedSite = Self.files(in: copied + "/_site")
        #expect(bareSite.keys.sorted() == copiedSite.keys.sorted())
        for (name, data) in copiedSite where name.hasSuffix(".html") || name.hasSuffix(".css") || name.hasSuffix(".xml") {
            #expect(bareSite[name] == data, "\(name) differs")
        }
    }

    /// A site made by the previous release's `init` (a whole copy of the theme, one template
    /// changed by hand) builds with this binary: it shows the changed template, and a page,
    /// partial or word the built-in theme has and the copy lacks is taken from the binary.
    @Test func aSiteOfThePreviousReleaseBuildsWithItsChangeAndTheNewPages() async throws {
        let root = try TestPaths.scratch("previous")
        for item in ["usergraph.yml", "Templates", "Public"] {
            try FileManager.default.copyItem(atPath: Self.previousRelease + "/" + item, toPath: root + "/" + item)
        }
        // The demo's data, so that every section has something to show.
        try FileManager.default.copyItem(atPath: TestPaths.repository + "/Store", toPath: root + "/Store")
        // Older still: before cards.md, the pagination partial and a word existed.
        try FileManager.default.removeItem(atPath: root + "/Templates/cards.md")
        try FileManager.default.removeItem(atPath: root + "/Templates/partials/pagination.md")
        let strings = root + "/Templates/strings/en.yml"
        try TestPaths.write(try TestPaths.read(strings).replacingOccurrences(of: "\n  toUsers: ", with: "\n  toUsersGone: "), to: strings)

        let built = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(built.status == 0, "\(built.stderr)")
        let profile = try TestPaths.read(root + "/_site/index.html")
        #expect(profile.contains("<p class=\"hand-edited\">Words the owner added to this template by hand.</p>"))
        #expect(FileManager.default.fileExists(atPath: root + "/_site/cards/index.html"), "the page the copy lacks")
        #expect(try TestPaths.read(root + "/_site/404.html").contains(">Browse users</a>"), "the word the copy lacks")
        let listed = await UsergraphCLI.run(["theme", "list"], in: root)
        #expect(listed.stdout.contains("Templates/cards.md  built in\n"), "\(listed.stdout)")
        #expect(listed.stdout.contains("Templates/profile.md  the site's copy, used instead of the built-in one\n"), "\(listed.stdout)")
    }

    /// A strings file of the site holds only the words its owner changed.
    @Test func aSitesStringsAreMergedOverTheBuiltInOnesKeyByKey() throws {
        let root = try Self.demoWithoutTheme()
        try TestPaths.write("nav:\n  users: People\n", to: root + "/Templates/strings/en.yml")
        _ = try SiteBuild.run(config: try ConfigLoader.load(path: root + "/usergraph.yml"))
        let page = try TestPaths.read(root + "/_site/index.html")
        #expect(page.contains(">People</a>"))
        #expect(page.contains(">Statistics</a>"), "a word the site's file lacks comes from the built-in one")
    }

    @Test func ejectCopiesAFileTheSiteThenUsesAndRecordsItsVersion() async throws {
        let root = try Self.demoWithoutTheme()
        let ejected = await UsergraphCLI.run(["theme", "eject", "404.md", "assets/style.css"], in: root)
        #expect(ejected.status == 0, "\(ejected.stderr)")
        #expect(ejected.stdout == "Copied \(root)/Templates/404.md\nCopied \(root)/Public/assets/style.css\n")
        #expect(FileManager.default.contents(atPath: root + "/Templates/404.md") == BuiltInTheme.files["Templates/404.md"])
        let bases = ThemeBase.read(root: root)
        #expect(bases["Templates/404.md"] == ThemeFiles.versionDigest(BuiltInTheme.files["Templates/404.md"] ?? Data()))
        try TestPaths.write("---\ntitle: Lost\n---\nNothing here, said my own template.\n", to: root + "/Templates/404.md")
        #expect(await UsergraphCLI.run(["build", "--offline"], in: root).status == 0)
        #expect(try TestPaths.read(root + "/_site/404.html").contains("Nothing here, said my own template."))
        // Asked again, the owner's copy is kept.
        let again = await UsergraphCLI.run(["theme", "eject", "404.md"], in: root)
        #expect(again.stderr == "\(root)/Templates/404.md is there already and was kept; --force replaces it.\n")
        let unknown = await UsergraphCLI.run(["theme", "eject", "nope.md"], in: root)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("The built-in theme has no nope.md"))
        let partials = try ThemeEject.names(for: ["partials"])
        #expect(!partials.isEmpty && partials.allSatisfy { $0.hasPrefix("Templates/partials/") })
    }

    /// A copy that hides a built-in file which changed since: an untouched older version, or
    /// an edited copy whose recorded base is not today's file. Said by one build, not by each.
    @Test func aStaleCopyIsSaidOnce() async throws {
        let root = try Self.demoWithoutTheme()
        let name = "Templates/404.md"
        let current = ThemeFiles.versionDigest(BuiltInTheme.files[name] ?? Data())
        let older = try #require(
            BuiltInTheme.versions["Templates/strings/en.yml"]?.first {
                $0 != ThemeFiles.versionDigest(BuiltInTheme.files["Templates/strings/en.yml"] ?? Data())
            })
        try TestPaths.write("---\ntitle: Lost\n---\nMine.\n", to: root + "/" + name)
        let theme = ThemeFiles(templates: root + "/Templates", publicFolder: root + "/Public")
        #expect(theme.staleCopies(bases: [:]).isEmpty, "an edited copy without a recorded base says nothing")
        #expect(theme.staleCopies(bases: [name: current]).isEmpty, "its base is today's file")
        #expect(theme.staleCopies(bases: [name: older]).map(\.name) == [name])
        try ThemeBase.record([name: older], root: root)
        let first = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(first.stderr.contains("warning: \(root)/\(name) replaces the built-in \(name), which has changed since it was copied"), "\(first.stderr)")
        try TestPaths.write("---\ntitle: Lost\n---\nMine, again.\n", to: root + "/" + name)
        let second = await UsergraphCLI.run(["build", "--offline"], in: root)
        #expect(second.status == 0)
        #expect(!second.stderr.contains("has changed since"), "\(second.stderr)")
    }

    /// The previous release's untouched strings file is an older built-in version.
    @Test func anUntouchedOlderCopyIsNamed() throws {
        let theme = ThemeFiles(templates: Self.previousRelease + "/Templates", publicFolder: Self.previousRelease + "/Public")
        let stale = theme.staleCopies(bases: [:])
        #expect(stale.allSatisfy { $0.untouched })
        #expect(!stale.contains { $0.name == "Templates/profile.md" }, "the hand-edited template has no known base")
        for copy in stale {
            #expect(FileManager.default.contents(atPath: copy.path) != BuiltInTheme.files[copy.name])
        }
    }

    /// `init` writes no theme; a build of it is clean in `git status` once `.gitignore` is
    /// respected; the binary needs nothing beside it (it runs from a folder of its own).
    @Test func anInitSiteBuildsFromAnInstalledBinaryAndLeavesGitClean() throws {
        let bin = try TestPaths.scratch("prefix") + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Executable.path, toPath: bin + "/usergraph")
        let far = try TestPaths.scratch("far")
        let made = try Executable.run(["init", "x"], in: far, binary: bin + "/usergraph")
        #expect(made.status == 0, "\(made.stderr)")
        let site = far + "/x"
        #expect(try FileManager.default.contentsOfDirectory(atPath: site).sorted() == [".gitignore", "Store", "usergraph.yml"])
        let git = "/usr/bin/git"
        try #require(FileManager.default.isExecutableFile(atPath: git), "git is needed to check .gitignore")
        _ = try Executable.run(["init", "-q"], in: site, binary: git)
        let built = try Executable.run(["build"], in: site, binary: bin + "/usergraph")
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/index.html"))
        let status = try Executable.run(["status", "--porcelain", "--untracked-files=all"], in: site, binary: git)
        #expect(status.stdout.split(separator: "\n").sorted() == ["?? .gitignore", "?? usergraph.yml"], "\(status.stdout)")
    }
}
