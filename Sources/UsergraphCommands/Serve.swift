import ArgumentParser
import Foundation
import UsergraphCore
import UsergraphSite

struct Serve: ConsoleCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serves the built site on 127.0.0.1 for a local preview (Ctrl-C stops it)."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The port on 127.0.0.1 (0 picks a free one).", valueName: "n"))
    var port: UInt16 = 8000

    @Option(name: .long, help: ArgumentHelp("Serve this folder instead of the config's `output`.", valueName: "dir"))
    var output: String?

    func run(_ console: Console) async throws {
        let config = try site.load(console)
        let folder = output.map(console.resolve) ?? config.output
        let server = try PreviewServer(folder: folder, port: port)
        try await server.run { port in
            // stdout, unbuffered, so a script reading the pipe learns the address at once.
            console.line(Message("notes.serving", ["folder": folder, "url": "http://127.0.0.1:\(port)/"]))
        }
    }
}
