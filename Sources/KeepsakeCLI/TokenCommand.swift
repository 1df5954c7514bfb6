import Foundation
import KeepsakeStore
import KeepsakeWeb

/// `keepsake token create|list|revoke`: the bearer tokens of the JSON API (docs/API.md).
enum TokenCommand {
    static let help = """
        Usage: keepsake [--store DIR] token create --name NAME [--read-only] [--json]
               keepsake [--store DIR] token list [--json]
               keepsake [--store DIR] token revoke ID|NAME [--json]

        Tokens let programs (a phone app, a script) use the JSON API of keepsake serve, at
        /api/v1/ with the header Authorization: Bearer TOKEN. `create` prints a new token once:
        only a hash of it is kept in the store, so copy it now. A --read-only token may only read
        (GET and HEAD). `list` shows every token's id, name, rights and dates, never the token.
        `revoke` ends a token on every server of the store from its next request on.

        Examples:
          keepsake token create --name phone
          keepsake token create --name backup --read-only
          keepsake token list
          keepsake token revoke phone
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store", "--name"], switchFlags: ["--json", "--help", "--read-only"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard let action = parsed.positionals.first else {
            throw UsageError(description: "token needs an action, create, list or revoke; see keepsake token --help.")
        }
        switch action {
        case "create":
            guard parsed.positionals.count == 1 else { throw UsageError(description: "token create takes no arguments; give the name with --name.") }
            guard let name = parsed.value("--name") else { throw UsageError(description: "token create needs --name NAME (for example --name phone).") }
            let tokens = APITokens(store: try KeepsakeCommand.openStore(parsed))
            let (token, info) = try tokens.create(name: name, readOnly: parsed.has("--read-only"))
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(["token": token, "id": info.id, "name": info.name, "readOnly": info.readOnly ? "true" : "false"])
                return 0
            }
            print(token)
            FileHandle.standardError.write(Data("""
                Made the \(info.readOnly ? "read-only " : "")token \(info.name) (id \(info.id)). It is shown only now: copy it.
                Use it as: Authorization: Bearer \(token.prefix(8))…

                """.utf8))
            return 0
        case "list":
            guard parsed.positionals.count == 1 else { throw UsageError(description: "token list takes no arguments.") }
            let all = try APITokens(store: try KeepsakeCommand.openStore(parsed)).list()
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(all)
                return 0
            }
            if all.isEmpty { print("No API tokens; make one with keepsake token create --name NAME.") }
            for info in all {
                let state = info.revokedAt.map { "revoked " + DateText.format($0) } ?? "active"
                print("\(info.id)  \(info.name)  \(info.readOnly ? "read-only" : "read-write")  created \(DateText.format(info.createdAt))  \(state)")
            }
            return 0
        case "revoke":
            guard parsed.positionals.count == 2 else { throw UsageError(description: "token revoke needs the token's id or name; see keepsake token list.") }
            let info = try APITokens(store: try KeepsakeCommand.openStore(parsed)).revoke(parsed.positionals[1])
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(info)
                return 0
            }
            print("Revoked the token \(info.name) (id \(info.id)).")
            return 0
        default:
            throw UsageError(description: "Unknown token action \(CommandLineArguments.quoted(action)); use create, list or revoke.")
        }
    }
}
