import KeepsakeStore

extension BookCommand {
    /// `keepsake book members BOOK`.
    struct Members: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "members", abstract: "Who a book is shared with, and as what.",
            discussion: "Lists the members of BOOK, owners first: role, login and display name.",
            examples: ["keepsake --user ana book members Household", "keepsake book members Family --json"])

        /// The book.
        @Argument(.text("BOOK"), hint: BookCommand.bookHint) var book: String

        /// Prints the members.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let found = try AccountLookup.book(book, in: store)
            let profiles = Dictionary(try store.profiles(of: found.id).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let members = try store.members(of: found.id).map { MemberOutput($0, profiles: profiles) }
            try call.printResult(members) { members.forEach { call.print($0.line) } }
            return 0
        }
    }
}
