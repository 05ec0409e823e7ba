import Foundation
import Testing
import UsergraphCommands

/// Runs usergraph's command line in-process, in a site folder, with a console that records
/// what the command printed: the way a person or cron would run it, without a process.
package struct UsergraphCLI {
    package struct Run {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    package let site: String

    package init(site: String) { self.site = site }

    /// Deletes the scratch site.
    package func remove() { try? FileManager.default.removeItem(atPath: site) }

    /// Runs `usergraph ARGS` in the site with the clock pinned to `now` (when given), off a
    /// terminal unless `terminals` says, with `input` as the lines typed at prompts.
    @discardableResult
    package func run(
        _ arguments: [String], now: String? = nil, environment: [String: String] = [:],
        terminals: Console.Terminals = .none, input: [String] = []
    ) async -> Run {
        var environment = environment
        if let now { environment["USERGRAPH_NOW"] = now }
        return await Self.run(arguments, in: site, environment: environment, terminals: terminals, input: input)
    }

    /// Runs `usergraph ARGS` in `folder`. The environment is only what the test gives (no
    /// GITHUB_TOKEN of the person running the tests leaks in).
    package static func run(
        _ arguments: [String], in folder: String, environment: [String: String] = [:],
        terminals: Console.Terminals = .none, input: [String] = []
    ) async -> Run {
        let transcript = Transcript(input: input)
        // A request timeout no busy machine reaches against the local server, so a retry (and one
        // more request than a test counts) happens only where a test asks for a short timeout.
        let environment = ["USERGRAPH_TIMEOUT": "300"].merging(environment) { _, given in given }
        let console = Console(directory: folder, environment: environment, terminals: terminals, streams: transcript.streams)
        let status = await Usergraph.run(arguments, console: console)
        return Run(status: status, stdout: transcript.out, stderr: transcript.err)
    }
}

/// What a command printed on stdout and stderr, and the answers it reads.
package final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = "", errText = ""
    private var input: [String]

    package init(input: [String]) { self.input = input }

    package var out: String { lock.withLock { outText } }
    package var err: String { lock.withLock { errText } }

    package var streams: Console.Streams {
        Console.Streams(
            out: { text in self.lock.withLock { self.outText += text } },
            err: { text in self.lock.withLock { self.errText += text } },
            readLine: { self.lock.withLock { self.input.isEmpty ? nil : self.input.removeFirst() } }
        )
    }
}

/// Every file of a folder with its bytes and modification time, to prove an edit touched nothing.
package struct FolderSnapshot: Equatable {
    package var files: [String: Data]
    package var mtimes: [String: Date]

    package init(_ root: String) {
        var files: [String: Data] = [:], mtimes: [String: Date] = [:]
        let fm = FileManager.default
        let walker = fm.enumerator(atPath: root)
        while let item = walker?.nextObject() as? String {
            let path = root + "/" + item
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[item] = fm.contents(atPath: path)
            mtimes[item] = (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        self.files = files
        self.mtimes = mtimes
    }
}
