import Foundation
import Testing
@testable import UsergraphPublish
import UsergraphTestSupport

/// Real `usergraph build` processes killed with SIGKILL at moments counted in the build's own
/// progress, not in wall-clock time (on a loaded machine timed kills all landed before the
/// swap). The build stops itself at a named point (the test hook `TestStop`, set through
/// `USERGRAPH_INTERNAL_TEST_STOP_AT`), the test waits until it is stopped, then kills it.
@Suite(.serialized) struct KillTests {
    /// What a kill leaves: the site in the output folder, and whether the other complete site
    /// sits beside it in the staging folder (as it does during the swap).
    struct Outcome: Equatable, CustomStringConvertible {
        var output: String
        var besideIt: String?
        var description: String { output + (besideIt.map { " (and \($0) beside it)" } ?? "") }
    }

    @Test func aBuildKilledBeforeDuringOrAfterTheSwapLeavesOneCompleteSite() throws {
        let root = try DemoSite.copy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let old = root + "/old", new = root + "/new"
        #expect(try Executable.run(["build", "--output", old, "--as-of", "2026-11-01"], in: root).status == 0)
        #expect(try Executable.run(["build", "--output", new, "--as-of", "2026-11-20"], in: root).status == 0)
        let oldTree = try siteTree(old), newTree = try siteTree(new)
        #expect(oldTree != newTree)
        let pages = newTree.keys.filter { $0.hasSuffix(".html") }.count
        #expect(pages > 100)
        func name(_ tree: [String: Data]) -> String { tree == oldTree ? "old" : tree == newTree ? "new" : "broken (\(tree.count) files)" }

        // Before the swap: after the first page, half of them, all of them (the assets and
        // stored files not yet staged). During it: staged and synced, exchanged, the old site
        // emptied. After it: the spare kept, the stamp not yet written.
        let moments: [(String, Outcome)] = [
            ("pages:1", Outcome(output: "old")),
            ("pages:\(pages / 2)", Outcome(output: "old")),
            ("pages:\(pages)", Outcome(output: "old")),
            ("swap:synced", Outcome(output: "old", besideIt: "new")),
            ("swap:exchanged", Outcome(output: "new", besideIt: "old")),
            ("swap:cleared", Outcome(output: "new")),
            ("swap:done", Outcome(output: "new")),
        ]
        var seen: [Outcome] = []
        for (moment, expected) in moments {
            // Every kill starts from the same published old site, with nothing beside it.
            for path in [root + "/_site", root + "/.usergraph/_site"] where FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
            try FileManager.default.copyItem(atPath: old, toPath: root + "/_site")

            let (process, out, err) = try Executable.start(
                ["build", "--as-of", "2026-11-20"], in: root,
                environment: ["USERGRAPH_INTERNAL_TEST_STOP_AT": moment])
            let stopped = Executable.waitUntilStopped(process, seconds: 30)
            kill(process.processIdentifier, SIGKILL)
            let killed = Executable.finish(process, out, err)
            try #require(stopped, "the build never stopped at \(moment): exit \(killed.status), \(killed.stderr)")
            #expect(process.terminationReason == .uncaughtSignal && killed.status == SIGKILL)

            let staging = try TestPaths.buildLeftovers(root).filter { $0.hasPrefix("staging-") }
            #expect(staging.count <= 1, "\(staging)")
            let beside = try staging.first.map { try siteTree(root + "/.usergraph/_site/" + $0) }.map(name)
            let outcome = Outcome(output: name(try siteTree(root + "/_site")), besideIt: beside == "old" || beside == "new" ? beside : nil)
            #expect(outcome == expected, "killed at \(moment): \(outcome)")
            seen.append(outcome)

            // The next normal build clears what the killed one left and publishes the new site.
            let next = try Executable.run(["build", "--as-of", "2026-11-20"], in: root)
            #expect(next.status == 0, "after a kill at \(moment): \(next.stderr)")
            #expect(name(try siteTree(root + "/_site")) == "new", "after a kill at \(moment)")
            let leftovers = try TestPaths.buildLeftovers(root)
            #expect(leftovers.isEmpty, "after a kill at \(moment): \(leftovers)")
        }
        // The three kinds of outcome: the old site alone, the new site alone, both whole (during the swap).
        #expect(seen.contains { $0.output == "old" && $0.besideIt == nil })
        #expect(seen.contains { $0.output == "new" && $0.besideIt == nil })
        #expect(seen.contains { $0.besideIt != nil })
    }
}

extension Executable {
    /// Waits until the process is stopped (by a signal such as its own SIGSTOP); false if it
    /// ended first or the time ran out. Reads /proc rather than calling waitpid, which would
    /// take an exit away from `Process` and leave `finish` waiting forever.
    static func waitUntilStopped(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        let statPath = "/proc/\(process.processIdentifier)/stat"
        while Date() < deadline, process.isRunning {
            // "PID (NAME) STATE …": the name may hold spaces and parentheses, so the state is
            // read after the last ')'.
            if let text = try? String(contentsOfFile: statPath, encoding: .utf8),
                let close = text.lastIndex(of: ")"),
                text[text.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "T"
            {
                return true
            }
            usleep(5_000)
        }
        return false
    }
}
