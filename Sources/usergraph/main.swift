import Foundation
import UsergraphCommands

exit(await Usergraph.run(Array(CommandLine.arguments.dropFirst()), console: .system()))
