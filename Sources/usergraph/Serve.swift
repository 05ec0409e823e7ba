import ArgumentParser
import Foundation
import UsergraphKit

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serves the built site on 127.0.0.1 for a local preview (Ctrl-C stops it)."
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The port on 127.0.0.1 (0 picks a free one).", valueName: "n"))
    var port: UInt16 = 8000

    @Option(name: .long, help: ArgumentHelp("Serve this folder instead of the config's `output`.", valueName: "dir"))
    var output: String?

    func run() async throws {
        try await runReportingErrors {
            let config = try site.load()
            let folder = output.map { SiteConfig.resolve($0, against: FileManager.default.currentDirectoryPath) } ?? config.output
            let server = try PreviewServer(folder: folder, port: port)
            try await server.run { port in
                // stdout, unbuffered, so a script reading the pipe learns the address at once.
                let line = say(Message("notes.serving", "Serving {folder} at {url} (Ctrl-C stops it)", ["folder": folder, "url": "http://127.0.0.1:\(port)/"]))
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        }
    }
}
