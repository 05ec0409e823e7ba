import ArgumentParser
import Foundation
import UsergraphBuild
import UsergraphCore
import UsergraphServe
import UsergraphStore

struct Serve: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serves the built site on 127.0.0.1 for a local preview (Ctrl-C stops it)."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The port on 127.0.0.1 (0 picks a free one).", valueName: "n"))
    var port: UInt16 = 8000

    @Option(name: .long, help: ArgumentHelp("Serve this folder instead of the config's `output`.", valueName: "dir"))
    var output: String?

    @Flag(
        name: .long,
        help:
            "Build a preview into .usergraph/preview (sections without data say how to fill them), rebuild it when the config, the store, the templates or Public/ change, and reload open pages."
    )
    var watch = false

    /// How often the inputs are looked at, and how long they must stay still before a rebuild
    /// (an editor's save is several events).
    static let pollInterval: UInt64 = 250_000_000
    static let settle: UInt64 = 200_000_000

    func run(_ console: Console) async throws {
        let config = try site.load(console)
        // A preview is built beside the published site, never into it: its set-up hints are
        // for the owner, not for visitors.
        let folder = output.map(console.resolve) ?? (watch ? config.root + "/.usergraph/preview" : config.output)
        guard watch else {
            let server = try PreviewServer(folder: folder, port: port)
            try await server.run { port in
                // stdout, unbuffered, so a script reading the pipe learns the address at once.
                console.line(Message("notes.serving", ["folder": folder, "url": "http://127.0.0.1:\(port)/"]))
            }
            return
        }
        let live = LiveReload()
        var fingerprint = SiteBuild.fingerprint(config: config)
        // The first build must work: there is no good page yet to show an error over.
        try await rebuild(console, folder: folder, live: nil)
        let server = try PreviewServer(folder: folder, port: port, live: live)
        let watcher = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: Self.pollInterval)
                var now = inputs(console)
                guard now != fingerprint else { continue }
                // Wait until the inputs stay still, so a burst of saves is one rebuild.
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: Self.settle)
                    let again = inputs(console)
                    if again == now { break }
                    now = again
                }
                fingerprint = now
                try? await rebuild(console, folder: folder, live: live)
            }
        }
        defer { watcher.cancel() }
        try await server.run { port in
            console.line(Message("notes.watching", ["folder": folder, "url": "http://127.0.0.1:\(port)/"]))
        }
    }

    /// The fingerprint of the inputs as the config now names them; a config that does not
    /// load is its own state (the rebuild then says what is wrong with it).
    func inputs(_ console: Console) -> String {
        guard let config = try? site.load(console) else {
            let attributes = try? FileManager.default.attributesOfItem(atPath: console.resolve(site.config))
            return "config: \(String(describing: attributes?[.modificationDate])) \(String(describing: attributes?[.size]))"
        }
        return SiteBuild.fingerprint(config: config)
    }

    /// Builds under the site's lock. With `live`, a failure is said in the terminal and on
    /// the open pages, and the site stays as it was; without it, it stops the command.
    func rebuild(_ console: Console, folder: String, live: LiveReload?) async throws {
        let started = Date()
        do {
            var loaded = try site.load(console)
            loaded.preview = true
            let config = loaded
            let lock = try SiteLock.acquire(siteRoot: config.root, wait: true)
            defer { lock.release() }
            let options = BuildOptions(output: folder)
            let report = try await OwnThread.run { try SiteBuild.run(config: config, options: options) }
            await live?.finished(error: nil)
            if live != nil {
                let changes = report.changes
                console.note(
                    Message(
                        "notes.rebuilt",
                        [
                            "ms": console.number(Int(Date().timeIntervalSince(started) * 1000)), "written": console.number(changes.written),
                            "kept": console.number(changes.kept), "removed": console.number(changes.removed),
                        ]))
            }
        } catch {
            guard let live else { throw error }
            let text = (error as? UsergraphError)?.text(console.strings) ?? String(describing: error)
            console.note(Message("notes.rebuildFailed", ["error": text]))
            await live.finished(error: text)
        }
    }
}
