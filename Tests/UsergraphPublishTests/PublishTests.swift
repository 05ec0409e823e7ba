import Foundation
import Testing
@testable import UsergraphCore
@testable import UsergraphStore
@testable import UsergraphBuild
@testable import UsergraphPublish
@testable import UsergraphRender
import UsergraphTestSupport

@Suite(.scratch) struct PublishTests {
    @Test func twoBuildsOfTheSameInputsAreByteIdentical() throws {
        let root = try DemoSite.copy()
        try DemoSite.buildSite(root, output: root + "/one", baseURL: "https://example.org/")
        try DemoSite.buildSite(root, output: root + "/two", baseURL: "https://example.org/")
        let one = try siteTree(root + "/one"), two = try siteTree(root + "/two")
        #expect(one.count > 500)
        #expect(one.keys.sorted() == two.keys.sorted())
        let differing = one.keys.filter { one[$0] != two[$0] }.sorted()
        #expect(differing.isEmpty, "differ: \(differing.prefix(5))")
    }

    /// Both ways a rebuild can find nothing new: the stamp says so before rendering, or
    /// (forced to render) every file compares equal to the published one and is linked, not written.
    @Test(arguments: [false, true]) func aRebuildWithNothingNewRewritesNoFile(force: Bool) throws {
        let root = try DemoSite.copy()
        let first = try DemoSite.buildSite(root, baseURL: "https://example.org/")
        #expect(first.changes.kept == 0 && first.changes.removed == 0 && !first.upToDate)
        let before = fileIdentities(root + "/_site")
        let second = try DemoSite.buildSite(root, baseURL: "https://example.org/", force: force)
        #expect(second.upToDate == !force)
        #expect(second.changes == PublishCounts(written: 0, kept: first.changes.written, removed: 0))
        let after = fileIdentities(root + "/_site")
        #expect(before.count == first.changes.written)
        let touched = before.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(touched.isEmpty, "rewritten: \(touched.prefix(5))")
    }

    @Test func theStampGoesStaleWhenAnInputOrTheOutputChanges() throws {
        let root = try DemoSite.copy()
        try DemoSite.buildSite(root)
        #expect(try DemoSite.buildSite(root).upToDate)
        // A store file rewritten with the same bytes is a new file: render (and keep every byte).
        let weights = try Data(contentsOf: URL(fileURLWithPath: root + "/Store/weights.json"))
        try AtomicFile.write(weights, to: root + "/Store/weights.json")
        let afterEdit = try DemoSite.buildSite(root)
        #expect(!afterEdit.upToDate && afterEdit.changes.written == 0)
        #expect(try DemoSite.buildSite(root).upToDate)
        // The stored files count by their folder's inode and times: one added is a change too.
        try AtomicFile.write(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), to: root + "/Store/files/" + String(repeating: "0", count: 64) + ".svg")
        #expect(try !DemoSite.buildSite(root).upToDate)
        #expect(try DemoSite.buildSite(root).upToDate)
        // Another as-of day, another theme file, or an output folder replaced by hand: render.
        #expect(try !DemoSite.buildSite(root, asOf: Day(iso: "2026-11-21")).upToDate)
        #expect(try DemoSite.buildSite(root, asOf: Day(iso: "2026-11-21")).upToDate)
        try TestPaths.write("---\ntitle: Starred\n---\nStars.\n", to: root + "/Templates/starred.md")
        #expect(try !DemoSite.buildSite(root).upToDate)
        try FileManager.default.removeItem(atPath: root + "/_site")
        #expect(try !DemoSite.buildSite(root).upToDate)
        #expect(FileManager.default.fileExists(atPath: root + "/_site/index.html"))
    }

    /// The pictures' libraries are loaded ahead only when what they show may have changed:
    /// their part of the inputs leaves out the users, the visits and the starred repositories.
    @Test func thePicturesPartOfTheInputsLeavesOutTheUsersVisitsAndStars() throws {
        let root = try DemoSite.copy()
        let config = try ConfigLoader.load(path: root + "/usergraph.yml")
        let asOf = try #require(Day(iso: "2026-11-20"))
        func rewrite(_ file: String) throws {
            try AtomicFile.write(try Data(contentsOf: URL(fileURLWithPath: root + "/Store/" + file)), to: root + "/Store/" + file)
        }
        var last = BuildStamp.inputs(config: config, asOf: asOf)
        for file in ["users.json", "statistics.json", "github/starred.json"] {
            try rewrite(file)
            let now = BuildStamp.inputs(config: config, asOf: asOf)
            #expect(now.all != last.all && now.pictures == last.pictures, "\(file)")
            last = now
        }
        for file in ["workouts.json", "owner.json", "github/repos.json"] {
            try rewrite(file)
            let now = BuildStamp.inputs(config: config, asOf: asOf)
            #expect(now.all != last.all && now.pictures != last.pictures, "\(file)")
            last = now
        }
        #expect(BuildStamp.inputs(config: config, asOf: asOf.adding(days: 1)).pictures != last.pictures)
        // A build records its part, which the next build compares.
        try DemoSite.buildSite(root, asOf: asOf)
        #expect(BuildStamp.load(output: root + "/_site")?.pictures == last.pictures)
    }

    @Test func aChangeRewritesOnlyTheFilesItTouchesAndRemovesWhatIsGone() throws {
        let root = try DemoSite.copy()
        try DemoSite.buildSite(root)
        let before = fileIdentities(root + "/_site")
        // Drop the last user: their page goes, the lists and statistics change, other users stay.
        let gone = try DemoSite.dropLastUser(root)

        let report = try DemoSite.buildSite(root)
        #expect(report.changes.removed >= 1)
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/users/\(gone)/index.html"))
        #expect(report.changes.written > 0 && report.changes.written < 20, "\(report.changes)")
        let after = fileIdentities(root + "/_site")
        #expect(after["users/1/index.html"] == before["users/1/index.html"])
        #expect(after["users/index.html"] != before["users/index.html"])
    }

    /// A rebuild stages into the last build's emptied folders instead of making thousands of
    /// new ones; folders the new site does not use go, and an entry left in a reused folder is
    /// replaced, never written through (it may be a hard link to a published file).
    @Test func aRebuildReusesTheOldSitesFoldersAndLeavesNoEmptyOnes() throws {
        let root = try DemoSite.copy()
        func inode(_ path: String) -> UInt? {
            var info = stat()
            return stat(path, &info) == 0 ? UInt(info.st_ino) : nil
        }
        try DemoSite.buildSite(root)
        let firstFolder = try #require(inode(root + "/_site/users/1"))
        try DemoSite.buildSite(root, force: true)
        let spare = root + "/.usergraph/_site/spare"
        #expect(FileTree.files(in: spare, includingHidden: true).isEmpty, "the spare holds folders only")
        #expect(inode(spare + "/users/1") == firstFolder)

        // A stray link to the published front page in the spare, and one the test keeps.
        let page = root + "/_site/index.html"
        let published = try Data(contentsOf: URL(fileURLWithPath: page))
        #expect(link(page, spare + "/index.html") == 0 && link(page, root + "/held.html") == 0)
        // The front page changes, and the last user goes.
        let profile = root + "/Templates/profile.md"
        try TestPaths.write(try TestPaths.read(profile) + "\nOne more line.\n", to: profile)
        let gone = try DemoSite.dropLastUser(root)

        try DemoSite.buildSite(root)
        #expect(inode(root + "/_site/users/1") == firstFolder, "the first build's folder is back in use")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/held.html")) == published, "the old page was not written through")
        #expect(try TestPaths.read(page).contains("One more line."))
        #expect(inode(root + "/_site/users/\(gone)") == nil)
        let folders = FileManager.default.enumerator(atPath: root + "/_site")?.compactMap { $0 as? String } ?? []
        let empty = folders.filter { ((try? FileManager.default.contentsOfDirectory(atPath: root + "/_site/" + $0)) ?? ["file"]).isEmpty }
        #expect(empty.isEmpty, "empty folders: \(empty.prefix(5))")
    }

    /// A staged page is written over an entry of the spare that nothing else links (no new
    /// inode), and replaces one that is a hard link (it may be the published file), a symbolic
    /// link or a FIFO, none of which is written through (or waited on).
    @Test func aStagedPageIsWrittenOverOnlyAnEntryNothingElseLinks() throws {
        let folder = try TestPaths.scratch("overwrite")
        func inode(_ path: String) -> UInt64? {
            var info = stat()
            return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
        }
        let own = folder + "/own.html", shared = folder + "/shared.html", published = folder + "/published.html"
        let symbolic = folder + "/symbolic.html", target = folder + "/target.html", fifo = folder + "/fifo.html"
        try TestPaths.write(String(repeating: "old and longer ", count: 100), to: own)
        try TestPaths.write("published", to: published)
        #expect(link(published, shared) == 0)
        try TestPaths.write("target", to: target)
        #expect(symlink(target, symbolic) == 0)
        #expect(mkfifo(fifo, 0o644) == 0)
        let ownInode = try #require(inode(own)), sharedInode = try #require(inode(shared))

        for path in [own, shared, symbolic, fifo] { try StagedSite.writeFile(Data("new".utf8), to: path) }
        #expect(try TestPaths.read(own) == "new", "written over and cut to the new length")
        #expect(inode(own) == ownInode)
        #expect(try TestPaths.read(shared) == "new")
        #expect(inode(shared) != sharedInode)
        #expect(try TestPaths.read(published) == "published", "the other link keeps its bytes")
        var info = stat()
        #expect(lstat(symbolic, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
        #expect(try TestPaths.read(symbolic) == "new")
        #expect(try TestPaths.read(target) == "target")
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "a FIFO is replaced, not opened")
    }

    /// What is staged is written to disk while the build goes on only past a batch of bytes,
    /// so a rebuild of a few pages starts no thread; finishing stops it, and later bytes are
    /// not counted.
    @Test func stagedBytesAreWrittenBackInBatches() throws {
        let folder = try TestPaths.scratch("writeback")
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let few = WriteBack(descriptor: descriptor)
        few.staged(WriteBack.batch - 1)
        #expect(few.finish() == nil)
        #expect(few.flushes == 0)

        let many = WriteBack(descriptor: descriptor)
        many.staged(WriteBack.batch / 2)
        many.staged(WriteBack.batch / 2)
        let deadline = Date().addingTimeInterval(10)
        while many.flushes == 0, Date() < deadline { usleep(1000) }
        #expect(many.flushes == 1)
        #expect(many.finish() == nil)
        many.staged(WriteBack.batch)
        usleep(20_000)
        #expect(many.flushes == 1, "nothing is written back after finishing")
    }

    @Test func theSitemapListsEveryPageAndKeepsTheDateOfUnchangedOnes() throws {
        let root = try DemoSite.copy()
        try DemoSite.buildSite(root, baseURL: "https://example.org/", asOf: Day(iso: "2026-11-20"))
        try DemoSite.buildSite(root, baseURL: "https://example.org/", asOf: Day(iso: "2026-11-21"))
        let sitemap = try TestPaths.read(root + "/_site/sitemap.xml")
        // The users directory is left out (privacy.indexUsers is off in the demo).
        let pages = FileTree.files(in: root + "/_site").filter { $0.hasSuffix("index.html") && !$0.hasPrefix("users/") }
        #expect(sitemap.components(separatedBy: "<url>").count - 1 == pages.count)
        for page in pages {
            let url = "https://example.org/" + page.dropLast("index.html".count)
            #expect(sitemap.contains("<loc>\(url)</loc>"), "sitemap misses \(url)")
        }
        // Statistics count the new day; a repository list does not depend on it.
        #expect(sitemap.contains("<loc>https://example.org/statistics/</loc><lastmod>2026-11-21</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.org/repositories/</loc><lastmod>2026-11-20</lastmod>"))
    }

    @Test func leftoversOfAKilledRunAreClearedAndAMissingSiteIsPutBack() throws {
        let parent = try TestPaths.scratch("leftovers")
        let output = parent + "/_site"
        try TestPaths.write("old site", to: parent + "/.usergraph/_site/old-4242/index.html")
        try TestPaths.write("half", to: parent + "/.usergraph/_site/staging-4243/index.html")
        // What versions before the state folder kept beside the output.
        try TestPaths.write("stamp", to: parent + "/._site.stamp")
        try TestPaths.write("spare", to: parent + "/._site.spare/index.html")
        let staged = try StagedSite(output: output, spareList: SpareList.load(output: output, manifest: PageManifest.load(output: output)))
        // The output was missing (killed between two renames): the old site is back in place.
        #expect(try TestPaths.read(output + "/index.html") == "old site")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).sorted() == [".usergraph", "_site"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/.usergraph/_site") == ["staging-\(getpid())"])
        staged.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/.usergraph/_site").isEmpty)
    }

    @Test func assetsGetContentHashedNamesThatPagesReferTo() throws {
        let root = try DemoSite.copy()
        try DemoSite.buildSite(root)
        let css = try Data(contentsOf: URL(fileURLWithPath: root + "/Public/assets/style.css"))
        let name = PublicAssets.hashedName("assets/style.css", data: css)
        #expect(FileManager.default.fileExists(atPath: root + "/_site/" + name))
        #expect(try TestPaths.read(root + "/_site/users/3/index.html").contains("href=\"../../\(name)\""))
        // A changed stylesheet is a new name, and the old one leaves the site.
        try TestPaths.write(String(decoding: css, as: UTF8.self) + "\n/* changed */\n", to: root + "/Public/assets/style.css")
        try DemoSite.buildSite(root)
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/" + name))
        #expect(!(try TestPaths.read(root + "/_site/users/3/index.html").contains(name)))
    }

    @Test func aFailedBuildLeavesThePublishedSiteAsItWas() throws {
        let root = try DemoSite.copy()
        try DemoSite.buildSite(root)
        let before = try siteTree(root + "/_site")
        try TestPaths.write("{\"broken\": ", to: root + "/Store/workouts.json")
        #expect(throws: UsergraphError.self) { try DemoSite.buildSite(root) }
        #expect(try siteTree(root + "/_site") == before)
        #expect(try TestPaths.buildLeftovers(root).isEmpty)
    }
}
