import KeepsakeStore

extension BookCommand {
    /// `keepsake book unshare BOOK LOGIN`.
    struct Unshare: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "unshare", abstract: "Take an account out of a book (or leave it yourself).",
            discussion: """
                Takes the account LOGIN out of BOOK: from now on it cannot read the book's records, on
                every server. An owner may take anyone out; a member may leave. The last owner cannot.
                """,
            examples: ["keepsake --user ana book unshare Household ben", "keepsake --user ben book unshare Household ben"])

        /// The book.
        @Argument(.text("BOOK"), hint: BookCommand.bookHint) var book: String
        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName

        /// Removes the membership.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let found = try AccountLookup.book(book, in: store)
            let account = try AccountLookup.account(login, in: store)
            try store.removeMember(account.id, from: found.id)
            try call.printResult(AccountOutput(account)) { call.print("Took \(login) out of \(KeepsakeError.quoted(found.name)).") }
            return 0
        }
    }
}
