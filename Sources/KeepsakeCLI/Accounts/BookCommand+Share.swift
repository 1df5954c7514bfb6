import KeepsakeStore

extension BookCommand {
    /// `keepsake book share BOOK LOGIN --role owner|editor|viewer`.
    struct Share: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "share", abstract: "Share a book with an account, or change its role.",
            discussion: """
                Makes the account LOGIN a member of BOOK with this role, or changes the role it has: owner
                (also shares, renames and deletes the book), editor (adds, edits and deletes records) or
                viewer (reads). Only an owner shares, and only with an enabled account; the last owner
                cannot be made anything else.
                """,
            examples: ["keepsake --user ana book share Household ben --role editor", "keepsake book share Family ana --role owner"])

        /// The book.
        @Argument(.text("BOOK"), hint: BookCommand.bookHint) var book: String
        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName
        /// Its role.
        @Option("--role", .role, help: "What it may do in the book (see above).") var role: BookRole

        /// Shares the book.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let found = try AccountLookup.book(book, in: store)
            let account = try store.profile(login: login)
            try store.setRole(role, for: account.id, in: found.id)
            let member = MemberOutput(BookMember(book: found.id, account: account.id, role: role), profiles: [account.id: account])
            try call.printResult(member) { call.print("Shared \(KeepsakeError.quoted(found.name)) with \(login) as \(role.rawValue).") }
            return 0
        }
    }
}
