import KeepsakeStore

extension BookCommand {
    /// `keepsake book delete BOOK [--yes]`.
    struct Delete: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "delete", abstract: "Delete a book with every record in it, for good (owners).",
            discussion: """
                Deletes BOOK with every record and photo in it, for good (not to the trash). Only an owner
                deletes a book. It asks first at a terminal; --yes does not ask.
                """,
            examples: ["keepsake --user ana book delete Household", "keepsake book delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --yes"])

        /// The book.
        @Argument(.text("BOOK"), hint: BookCommand.bookHint) var book: String
        /// No question.
        @Flag("--yes", help: "Do not ask first.") var yes: Bool

        /// Deletes the book.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let found = try AccountLookup.book(book, in: store)
            let output = BookOutput(found, role: try store.role(in: found.id), logins: try AccountLookup.logins(in: store))
            try Confirmation.ask("Delete the \(found.collection) book \(KeepsakeError.quoted(found.name)) and every record in it, for good?", unless: yes, call)
            try store.deleteBook(found.id)
            try call.printResult(output) { call.print("Deleted the book \(KeepsakeError.quoted(found.name)) and its records.") }
            return 0
        }
    }
}
