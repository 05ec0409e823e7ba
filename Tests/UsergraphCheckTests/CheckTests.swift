import FlyingFox
import Foundation
import Testing
@testable import UsergraphCommands
@testable import UsergraphRemote
@testable import UsergraphCheck
import UsergraphTestSupport

@Suite(.scratch) struct CheckTests {
    @Test func theDemoSitePasses() async throws {
        let (_, output) = try DemoSite.build()
        let result = await UsergraphCLI.run(["check", "--config", TestPaths.demoConfig, "--output", output], in: TestPaths.repository)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("All links resolve"))
        let checked = try SiteCheck.run(site: output)
        #expect(checked.pages == 567 && checked.checked > 4000 && checked.problems.isEmpty)
    }

    @Test func aBrokenLinkAMissingImageAndAMissingFragmentAreEachListed() async throws {
        let (_, output) = try DemoSite.build()
        let statistics = output + "/statistics/index.html"
        var html = try TestPaths.read(statistics)
        html = html.replacingOccurrences(
            of: "</main>",
            with: """
                <p><a href="../users/9999/">gone</a> <img src="../files/none.png" alt="x"> <a href="../index.html#no-such-part">part</a>
                <a href="#main">fine</a> <a href="../../../etc/passwd">out</a> <a href="https://example.org/">external</a></p></main>
                """)
        try html.write(toFile: statistics, atomically: true, encoding: .utf8)
        let result = await UsergraphCLI.run(["check", "--config", TestPaths.demoConfig, "--output", output], in: TestPaths.repository)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "statistics/index.html: `../users/9999/` points at nothing.",
                "statistics/index.html: `../files/none.png` points at nothing.",
                "statistics/index.html: `../index.html#no-such-part`: that page has no such #fragment.",
                "statistics/index.html: `../../../etc/passwd` leads outside the site.",
            ])
        #expect(result.stderr.contains("Broken: 4 links (listed above)."))
        let json = await UsergraphCLI.run(["check", "--config", TestPaths.demoConfig, "--output", output, "--json"], in: TestPaths.repository)
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["broken"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["missing", "missing", "fragment", "outside"])
    }

    /// Links as browsers read them, not only `href="…"`: single quotes, no quotes, upper case,
    /// `srcset`, CSS `url()` in a `style` attribute and element; not what a comment or a
    /// script holds.
    @Test func linksAreReadAsABrowserReadsThem() {
        let html = """
            <!DOCTYPE html><html><head><style>body { background: url("bg.png") } .x { background: URL(dots.svg) }</style>
            <script>const a = '<a href="script.html">';</script><title><a href="title.html"></title></head>
            <body><!-- <a href="comment.html"> -->
            <img src='x.png' alt=''><a href=about/>About</a><A HREF="Upper.html">U</A>
            <img srcset="small.png 1x,large.png 2x" src="s.png"><div style="background-image: url('bg2.png&amp;v=1')"></div>
            <a href="page.html#top" id=top name=up>t</a><a name="legacy"></a><p id='q'>q</p>
            <a href = "spaced.html" >s</a><input value="<a href=&quot;no.html&quot;>">
            </body></html>
            """
        let (links, ids) = SiteCheck.linksAndTargets(html)
        #expect(
            links == [
                "bg.png", "dots.svg", "x.png", "about/", "Upper.html", "small.png", "large.png", "s.png", "bg2.png&v=1",
                "page.html#top", "spaced.html",
            ])
        #expect(ids == ["top", "up", "legacy", "q"])
    }

    @Test func noSiteIsOnePlainSentence() async throws {
        let missing = try TestPaths.scratch("check") + "/nothing"
        let result = await UsergraphCLI.run(["check", "--config", TestPaths.demoConfig, "--output", missing], in: TestPaths.repository)
        #expect(result.status == 1)
        #expect(result.stderr.contains("There is no built site at \(missing); run `usergraph build` first."))
    }

    @Test func externalLinksAreCheckedPolitelyAndCached() async throws {
        let asked = RequestCounter()
        let server = try await LocalServer.start { request in
            let count = asked.add(request.path)
            switch request.path {
            case "/ok": return .raw(200, Data("<p>ok</p>".utf8), headers: ["Content-Type": "text/html"])
            case "/moved": return .raw(301, Data(), headers: ["Location": "/ok"])
            case "/gone": return .raw(404, Data(), headers: [:])
            // Asks once to wait a second, then answers.
            case "/busy": return count == 1 ? .raw(429, Data(), headers: ["Retry-After": "1"]) : .raw(200, Data(), headers: [:])
            // Asks to wait longer than we do: not counted as broken.
            case "/slow": return .raw(429, Data(), headers: ["Retry-After": "3600"])
            default: return .raw(500, Data(), headers: [:])
            }
        }
        let (_, output) = try DemoSite.build()
        let page = output + "/starred/index.html"
        let base = server.base
        let links = ["/ok", "/moved", "/gone", "/busy", "/slow", "/skipped/x"].map { "<a href=\"\(base)\($0)\">x</a>" }.joined()
        try TestPaths.read(page).replacingOccurrences(of: "</main>", with: "<p>\(links)</p></main>").write(toFile: page, atomically: true, encoding: .utf8)
        // Only our server's links: the demo's own (github.com and others) are skipped.
        let arguments = [
            "check", "--config", TestPaths.demoConfig, "--output", output, "--external", "--skip", "https://", "--skip", "http://example",
            "--skip", base + "/skipped",
        ]
        let first = await UsergraphCLI.run(arguments + ["--json"], in: TestPaths.repository)
        #expect(first.status == 1, "\(first.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let external = try #require(report["external"] as? [[String: Any]])
        var states: [String: String] = [:]
        for entry in external {
            if let url = entry["url"] as? String, let status = entry["status"] as? [String: Any] { states[url] = status["state"] as? String }
        }
        #expect(states == [base + "/ok": "ok", base + "/moved": "ok", base + "/gone": "broken", base + "/busy": "ok", base + "/slow": "limited"])
        #expect(!asked.paths.contains("/skipped/x"))
        #expect(asked.count("/busy") == 2)
        // A second run within the day asks again only for the one that asked us to wait.
        let before = asked.paths.count
        let second = await UsergraphCLI.run(arguments, in: TestPaths.repository)
        #expect(second.status == 1)
        #expect(second.stdout.contains("starred/index.html: \(base)/gone answered 404."))
        #expect(second.stdout.contains("starred/index.html: \(base)/slow asked us to wait (429); not counted as broken."))
        #expect(Array(asked.paths.dropFirst(before)) == ["/slow"])
        await server.stop()
        try? FileManager.default.removeItem(atPath: Check.cachePath(for: output))
    }

    @Test func retryAfterIsReadAsSecondsOrAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(LinkProbe.retryAfter("120", now: now) == 120)
        // 1,700,000,000 s is Tue, 14 Nov 2023 22:13:20 GMT.
        #expect(LinkProbe.retryAfter("Wed, 15 Nov 2023 00:13:20 GMT", now: now) == 7200)
        #expect(LinkProbe.retryAfter("soon", now: now) == nil)
    }
}

final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    /// Records a request and returns how many times this path has been asked for, this one included.
    func add(_ path: String) -> Int {
        lock.withLock {
            seen.append(path); return seen.filter { $0 == path }.count
        }
    }
    var paths: [String] { lock.withLock { seen } }
    func count(_ path: String) -> Int { lock.withLock { seen.filter { $0 == path }.count } }
}
