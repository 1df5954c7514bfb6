import Foundation
import KeepsakeStore
import KeepsakeWeb

/// `keepsake token create|list|revoke`: the bearer tokens of the JSON API (docs/API.md).
enum TokenCommand {
    /// The `token` group.
    static let command = Command(
        group: "token", abstract: "Bearer tokens for the JSON API of keepsake serve (docs/API.md).", section: KeepsakeCommand.apps,
        discussion: """
            Tokens let programs (a phone app, a script) use the JSON API of keepsake serve, at
            /api/v1/ with the header Authorization: Bearer TOKEN. Each token acts as one account,
            the one the global --user LOGIN names (the first admin without it), and sees what that
            account sees. `create` prints a new token once: only a hash of it is kept in the store,
            so copy it now. A --read-only token may only read (GET and HEAD); --book limits it to
            some of the account's books. A token made before accounts acts as the first admin.
            `list` shows every token's id, name, rights, account and dates, never the token.
            `revoke` ends a token on every server of the store from its next request on.
            """,
        subcommands: [Command(Create.self), Command(List.self), Command(Revoke.self)],
        examples: [
            "keepsake token create --name phone",
            "keepsake token create --name backup --read-only",
            "keepsake --user mina token create --name family-frame --read-only --book Family",
            "keepsake token list",
            "keepsake token revoke phone",
        ])

    /// `keepsake [--user LOGIN] token create --name NAME [--read-only] [--book BOOK]…`.
    struct Create: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "create", abstract: "Make a token and print it, once.",
            discussion: """
                Makes a token and prints it on standard output, once: only a hash of it is kept in the
                store, so copy it now (how to use it is said on standard error).
                """,
            examples: ["keepsake token create --name phone", "keepsake token create --name backup --read-only --json",
                       "keepsake --user mina token create --name ledger-sync --book Household"])

        /// What the token is for.
        @Option("--name", .text("NAME"), help: "What the token is for (a phone, a script); list and revoke show it.") var name: String
        /// Reads only.
        @Flag("--read-only", help: "The token may only read (GET and HEAD).") var readOnly: Bool
        /// The books it is limited to.
        @Option("--book", .text("BOOK"), help: "Limit the token to this book of the account (its id or name); repeat for several.") var books: [String]

        /// Makes the token and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let tokens = APITokens(store: try call.openStore())
            let owner = try tokens.owner(login: call.global.user?.name)  // the global --user: whose token it is
            let scope = books.isEmpty ? nil : try tokens.books(books, of: owner.id)
            let (token, info) = try tokens.create(name: name, readOnly: readOnly, owner: owner.id, books: scope)
            if call.json {
                try call.printJSON(["token": token, "id": info.id, "name": info.name, "readOnly": info.readOnly ? "true" : "false",
                                    "user": owner.login.name, "books": (info.books ?? []).map(\.string).joined(separator: ",")])
                return 0
            }
            call.print(token)
            let limited = info.books.map { ", limited to \($0.count == 1 ? "1 book" : "\($0.count) books")" } ?? ""
            call.printNote("""
                Made the \(info.readOnly ? "read-only " : "")token \(info.name) (id \(info.id)) for \(owner.login)\(limited). It is shown only now: copy it.
                Use it as: Authorization: Bearer \(token.prefix(8))…

                """)
            return 0
        }
    }

    /// `keepsake token list`.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Every token's id, name, account, rights and dates (never the token).",
            discussion: "Lists every token of the store: its id, name, the account it acts as, its rights (and books), when it was made and whether it was revoked; never the token itself.",
            examples: ["keepsake token list", "keepsake token list --json"])

        /// Prints the tokens.
        func run(_ call: Invocation) async throws -> Int32 {
            let tokens = APITokens(store: try call.openStore())
            let all = try tokens.list(), logins = try tokens.accountLogins()
            try call.printResult(all) {
                if all.isEmpty { call.print("No API tokens; make one with keepsake token create --name NAME.") }
                for info in all {
                    let state = info.revokedAt.map { "revoked " + DateText.format($0, timeZone: call.timeZone) } ?? "active"
                    let user = info.owner.map { logins[$0]?.name ?? "(removed account)" } ?? "(first admin)"
                    let books = info.books.map { "  books \($0.map(\.string).joined(separator: ","))" } ?? ""
                    call.print("\(info.id)  \(info.name)  \(info.readOnly ? "read-only" : "read-write")  created \(DateText.format(info.createdAt, timeZone: call.timeZone))  for \(user)\(books)  \(state)")
                }
            }
            return 0
        }
    }

    /// `keepsake token revoke ID|NAME`.
    struct Revoke: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "revoke", abstract: "End a token on every server of the store.",
            discussion: "Ends the token with this id or name on every server of the store, from its next request on.",
            examples: ["keepsake token revoke phone"])

        /// The token.
        @Argument(.text("ID|NAME"), hint: "the token's id or name, as token list shows them") var token: String

        /// Revokes the token.
        func run(_ call: Invocation) async throws -> Int32 {
            let info = try APITokens(store: try call.openStore()).revoke(token)
            try call.printResult(info) { call.print("Revoked the token \(info.name) (id \(info.id)).") }
            return 0
        }
    }
}
