import KeepsakeStore

extension BookCommand {
    /// `keepsake book create APP NAME [--owner LOGIN]`.
    struct Create: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "create", abstract: "Make a book of an app (you own it, or --owner).",
            discussion: """
                Makes a book of APP (diary, ledger or feed) called NAME (1 to 100 characters). With --user
                you own it; the local operator names its owner with --owner.
                """,
            examples: [#"keepsake --user ana book create feed "Family""#, #"keepsake book create ledger "Household" --owner ana"#])

        /// Its app.
        @Argument(.app, "APP", hint: "diary, ledger or feed") var app: CollectionName
        /// Its name.
        @Argument(.text("NAME"), hint: "the new book's name") var name: String
        /// Its owner.
        @Option("--owner", .login, help: "Its owner (default: the --user account).") var owner: LoginName?

        /// Makes the book.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let ownerID = try owner.map { try AccountLookup.account($0, in: store).id }
            let book = try store.createBook(collection: app, name: name, owner: ownerID)
            return try BookCommand.report(book, done: "Made the \(app) book \(KeepsakeError.quoted(book.name)) (id \(book.id)).", in: store, call)
        }
    }
}
