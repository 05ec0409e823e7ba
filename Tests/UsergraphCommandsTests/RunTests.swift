import Foundation
import Testing
@testable import UsergraphStore
@testable import UsergraphPublish
@testable import UsergraphCommands
import UsergraphTestSupport

/// The command line as cron and a person run it: quiet success, one-sentence failures, and,
/// as real processes, the lock, kills and `serve`.
@Suite(.serialized, .scratch) struct RunTests {
    @Test func aQuietSuccessPrintsNothing() async throws {
        let root = try DemoSite.copy()
        // Off a terminal, which is how cron runs us: silent even without --quiet.
        for arguments in [["build"], ["build", "--quiet"]] {
            let result = await UsergraphCLI.run(arguments, in: root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "printed: \(result.stdout)\(result.stderr)")
        }
    }

    @Test func aFailurePrintsOneParagraphAndExitsNonZero() async throws {
        let root = try DemoSite.copy()
        try TestPaths.write("[{\"id\": ", to: root + "/Store/weights.json")
        let result = await UsergraphCLI.run(["build", "--quiet"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("usergraph: ") && result.stderr.contains("weights.json"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aRunWhileAnotherHoldsTheLockExits75AndTouchesNothing() throws {
        let root = try DemoSite.copy()
        #expect(try Executable.run(["build"], in: root).status == 0)
        let before = fileIdentities(root + "/_site")
        // Change an input, so a run that did get through would show in the output.
        try TestPaths.write("title: Changed\ntimeZone: Europe/Moscow\nasOf: 2026-11-20\n", to: root + "/usergraph.yml")
        let lock = try SiteLock.acquire(siteRoot: root)
        let refused = try Executable.run(["build"], in: root)
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("Another usergraph run is working on this site"), "\(refused.stderr)")
        #expect(fileIdentities(root + "/_site") == before)

        // With --wait it queues behind the holder and runs once the lock is free.
        let (process, out, err) = try Executable.start(["build", "--wait"], in: root)
        usleep(400_000)
        #expect(process.isRunning, "--wait must not run while the lock is held")
        #expect(fileIdentities(root + "/_site") == before)
        lock.release()
        let waited = Executable.finish(process, out, err)
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(try TestPaths.read(root + "/_site/index.html").contains("Changed"))
    }

    @Test func concurrentWaitingRunsTakeTurnsAndLeaveACompleteSite() throws {
        let root = try DemoSite.copy()
        let runs = try (0..<3).map { _ in try Executable.start(["build", "--wait"], in: root) }
        let results = runs.map { Executable.finish($0.0, $0.1, $0.2) }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let reference = try DemoSite.copy()
        try DemoSite.buildSite(reference)
        #expect(try siteTree(root + "/_site") == siteTree(reference + "/_site"))
        #expect(try TestPaths.buildLeftovers(root).isEmpty)
    }

    @Test func servePreviewsTheSiteAndNothingOutsideIt() throws {
        let root = try DemoSite.copy()
        #expect(try Executable.run(["build"], in: root).status == 0)
        try TestPaths.write("secret", to: root + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/_site/escape", withDestinationPath: root)
        let (process, out, err) = try Executable.start(["serve", "--port", "0"], in: root)
        defer { process.terminate(); _ = Executable.finish(process, out, err) }
        let line = try Executable.firstLine(of: out)
        let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: CharacterSet.decimalDigits.inverted)) })

        let home = try RawHTTP.request("/", port: port)
        #expect(home.status == 200 && home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(String(decoding: home.body, as: UTF8.self).contains("<!DOCTYPE html>"))
        #expect(try RawHTTP.request("/users/7/", port: port).status == 200)
        let folder = try RawHTTP.request("/users", port: port)
        #expect(folder.status == 301 && folder.headers["location"] == "/users/")
        let css = try #require(FileTree.files(in: root + "/_site/assets").first { $0.hasSuffix(".css") })
        #expect(try RawHTTP.request("/assets/" + css, port: port).headers["content-type"] == "text/css; charset=utf-8")
        let icon = try #require(FileTree.files(in: root + "/_site/assets").first { $0.hasSuffix(".svg") })
        #expect(try RawHTTP.request("/assets/" + icon, port: port).headers["content-type"] == "image/svg+xml")
        let head = try RawHTTP.request("HEAD", "/", port: port)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(home.body.count))
        #expect(try RawHTTP.request("POST", "/", port: port).status == 405)

        let notFound = try Data(contentsOf: URL(fileURLWithPath: root + "/_site/404.html"))
        for path in [
            "/nope/", "/../secret.txt", "/%2e%2e/secret.txt", "/users/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt",
            "/escape/secret.txt", "/escape/usergraph.yml", "/.%2e/secret.txt", "/users/..%5c..%5csecret.txt",
        ] {
            let response = try RawHTTP.request(path, port: port)
            #expect(response.status == 404, "\(path) → \(response.status)")
            #expect(response.body == notFound, "\(path) must get the site's 404 page")
        }

        // Deep in the site, the styled 404 page with links that work from there (root-relative).
        let deep = try RawHTTP.request("/users/999/", port: port)
        let page = String(decoding: deep.body, as: UTF8.self)
        #expect(deep.status == 404)
        let style = try #require(page.range(of: #"/assets/style\.[0-9a-f]{10}\.css"#, options: .regularExpression).map { String(page[$0]) })
        #expect(try RawHTTP.request(style, port: port).status == 200)
        #expect(page.contains("href=\"/users/\"") && page.contains("href=\"/statistics/\""))
        #expect(try RawHTTP.request("/statistics/", port: port).status == 200)
        #expect(try RawHTTP.request("/social.png", port: port).headers["content-type"] == "image/png")

        // A second server on the same port says so plainly.
        let taken = try Executable.run(["serve", "--port", String(port)], in: root)
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("Port \(port) on 127.0.0.1 is already in use"), "\(taken.stderr)")
    }

}

/// An import killed by a signal leaves its scratch folder; the next import removes it, and
/// never one of a run that is still alive.
@Suite(.scratch) struct ImportScratchTests {
    @Test func anImportRemovesTheScratchOfRunsThatAreGone() throws {
        let folder = try TestPaths.scratch("tmp")
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let gone = "usergraph-import-\(finished.processIdentifier)-A"
        let alive = ["usergraph-import-\(getpid())-B", "usergraph-import-1-C", "usergraph-import-x-D", "other-\(finished.processIdentifier)"]
        for name in [gone] + alive { try FileManager.default.createDirectory(atPath: folder + "/" + name + "/tracks", withIntermediateDirectories: true) }
        ImportScratch.sweep(in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == alive.sorted())
    }
}
