import Foundation
import Testing
@testable import UsergraphServe
import UsergraphTestSupport

@Suite(.scratch) struct WatchTests {
    /// A long poll of the page's reload endpoint, on its own thread, so the test can change the
    /// site meanwhile.
    final class Waiter: @unchecked Sendable {
        private let lock = NSLock()
        private var answer: [String: Any]?
        private var answeredAt = Date.distantFuture
        var result: (answer: [String: Any]?, answeredAt: Date) { lock.withLock { (answer, answeredAt) } }

        init(port: UInt16, since: Int) {
            let thread = Thread { [self] in
                let response = try? RawHTTP.request("/__usergraph/wait?since=\(since)", port: port)
                let json = response.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
                lock.withLock {
                    answer = json; answeredAt = Date()
                }
            }
            thread.start()
        }

        func await(timeout: Double = 60) -> [String: Any]? {
            let deadline = Date().addingTimeInterval(timeout)
            while result.answer == nil, Date() < deadline { usleep(20_000) }
            return result.answer
        }
    }

    @Test func aWorkoutAddedReloadsTheOpenPageAndABrokenTemplateShowsOverIt() async throws {
        let root = try DemoSite.copy()
        let (process, out, err) = try Executable.start(["serve", "--watch", "--port", "0"], in: root)
        defer { process.terminate(); _ = Executable.finish(process, out, err) }
        let line = try Executable.firstLine(of: out)
        #expect(line.contains("rebuilding when the config, the store, the templates or Public/ change"), "\(line)")
        let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0.prefix { $0.isNumber }) })

        // The page as served carries the reload script; the file on disk does not.
        let page = String(decoding: try RawHTTP.request("/statistics/", port: port).body, as: UTF8.self)
        #expect(page.contains("usergraph serve --watch: reloads the page") && page.contains("let v = 1;"))
        #expect(page.contains("<p class=\"big\">223</p>"))
        #expect(!(try TestPaths.read(root + "/.usergraph/preview/statistics/index.html")).contains("<script"))
        #expect(!FileManager.default.fileExists(atPath: root + "/_site"), "a preview never touches the published site")

        // A page waiting on version 1 hears of the rebuild a workout added with the CLI causes.
        let waiter = Waiter(port: port, since: 1)
        usleep(300_000)
        let adding = Date()
        let added = await UsergraphCLI.run(
            [
                "workout", "add", "--type", "running", "--duration", "30m",
                "--start", "2026-11-20T09:00:00+03:00", "--wait",
            ], in: root)
        #expect(added.status == 0, "\(added.stderr)")
        let answer = try #require(waiter.await())
        #expect(answer["version"] as? Int == 2)
        #expect(answer["error"] is NSNull)
        // How soon it heard is the bench's business, not a test's: a busy machine is slow.
        #expect(waiter.result.answeredAt >= adding)
        let reloaded = String(decoding: try RawHTTP.request("/statistics/", port: port).body, as: UTF8.self)
        #expect(reloaded.contains("<p class=\"big\">224</p>") && reloaded.contains("let v = 2;"))

        // A broken template: the error, with its file and line, goes over the last good page.
        let template = root + "/Templates/statistics.md"
        let good = try TestPaths.read(template)
        let failing = Waiter(port: port, since: 2)
        try (good + "\n{{#unclosed}}\n").write(toFile: template, atomically: true, encoding: .utf8)
        let failure = try #require(failing.await())
        let message = try #require(failure["error"] as? String)
        #expect(message.contains("Templates/statistics.md:"), "\(message)")
        let shown = String(decoding: try RawHTTP.request("/statistics/", port: port).body, as: UTF8.self)
        #expect(shown.contains("<p class=\"big\">224</p>"), "the last good page is gone")
        #expect(shown.contains("statistics.md:") && shown.contains("let v = 3;"))

        // Fixed: the next build clears it.
        let fixed = Waiter(port: port, since: 3)
        try good.write(toFile: template, atomically: true, encoding: .utf8)
        #expect(try #require(fixed.await())["error"] is NSNull)
    }

    @Test func theReloadScriptCannotBeEndedByAMessage() {
        let page = Data("<html><body><p>x</p></body></html>".utf8)
        let injected = String(decoding: LiveReload.inject(into: page, version: 7, error: "</script><b>boom"), as: UTF8.self)
        #expect(injected.components(separatedBy: "</script>").count == 2, "a message closed the script")
        #expect(injected.hasSuffix("</script>\n</body></html>"))
        #expect(injected.contains("let v = 7;"))
    }
}
