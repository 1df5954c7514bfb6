// keepsake: the command-line tool for a Keepsake store.
import Foundation
import KeepsakeImaging
import KeepsakeStore

let exitCode = KeepsakeCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
