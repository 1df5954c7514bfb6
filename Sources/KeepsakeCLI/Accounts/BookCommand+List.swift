import KeepsakeStore

extension BookCommand {
    /// `keepsake book list [--app diary|ledger|feed]`.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "The books you may read, with your role in each.",
            discussion: """
                Lists the books you may read (the local operator: every book), by app and name: id, app,
                your role, name, and whose default book it is.
                """,
            examples: ["keepsake --user ana book list", "keepsake book list --app feed --json"])

        /// Only one app's books.
        @Option("--app", .app, help: "Only this app's books.") var app: CollectionName?

        /// Prints the books.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let logins = try AccountLookup.logins(in: store)
            let books = try store.books(in: app).map { BookOutput($0, role: try store.role(in: $0.id), logins: logins) }
            try call.printResult(books) {
                if books.isEmpty { call.print("No books yet: an account's own books are made when it first writes a record.") }
                books.forEach { call.print($0.line) }
            }
            return 0
        }
    }
}
