import ArgumentParser
import Foundation
import Testing
import UsergraphCommands
import UsergraphTestSupport

/// Every command's `--help`, as a person reads it, pinned as a golden file: a changed option or
/// sentence shows in the diff of `Golden/help/`.
@Suite(.scratch) struct HelpTests {
    /// Every command path: `[]` for `usergraph` itself, `["theme", "eject"]` for a subcommand.
    static func paths(_ command: any ParsableCommand.Type = Usergraph.self, prefix: [String] = []) -> [[String]] {
        [prefix]
            + command.configuration.subcommands.flatMap { sub in
                paths(sub, prefix: prefix + [sub.configuration.commandName ?? ""])
            }
    }

    @Test func everyCommandsHelpMatchesItsGolden() throws {
        let paths = Self.paths()
        #expect(paths.count > 20)
        let folder = try TestPaths.scratch("help")
        for path in paths {
            // A process with pipes: no terminal, and a fixed width, whatever runs the tests.
            let run = try Executable.run(path + ["--help"], in: folder, environment: ["COLUMNS": "100"])
            #expect(run.status == 0, "\(path): \(run.stderr)")
            try expectGolden("help/" + (["usergraph"] + path).joined(separator: "-") + ".txt", run.stdout)
        }
    }
}
