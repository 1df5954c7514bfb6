import KeepsakeStore

extension BookCommand {
    /// `keepsake book rename BOOK NAME`.
    struct Rename: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "rename", abstract: "Give a book another name (owners).",
            discussion: "Renames BOOK to NAME (1 to 100 characters). Only an owner renames a book.",
            examples: [#"keepsake --user ana book rename Household "Home 2027""#])

        /// The book.
        @Argument(.text("BOOK"), hint: BookCommand.bookHint) var book: String
        /// Its new name.
        @Argument(.text("NAME"), hint: "the book's new name") var name: String

        /// Renames the book.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let found = try AccountLookup.book(book, in: store)
            let renamed = try store.renameBook(found.id, to: name)
            return try BookCommand.report(renamed, done: "Renamed \(KeepsakeError.quoted(found.name)) to \(KeepsakeError.quoted(renamed.name)).", in: store, call)
        }
    }
}
