// keepsake: the command-line tool for a Keepsake store. All the work is in KeepsakeCLI.
import Foundation
import KeepsakeCLI

exit(await KeepsakeCommand.run(Array(CommandLine.arguments.dropFirst())))
