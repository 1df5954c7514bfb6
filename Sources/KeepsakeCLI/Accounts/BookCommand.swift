import KeepsakeStore

/// `keepsake book list|create|share|unshare|members|rename|delete`: the books records belong to, and
/// who they are shared with.
enum BookCommand {
    /// The `book` group.
    static let command = Command(
        group: "book", abstract: "Books: every record is in one, shared with others as owner, editor or viewer.",
        section: KeepsakeCommand.storeCommands,
        discussion: """
            Every record belongs to one book of its app (diary, ledger or feed). A book is shared with
            accounts as owner (also shares, renames and deletes it), editor (adds, edits and deletes
            records) or viewer (reads); it always keeps one owner. Each account has its own default book
            of each app, where its new records go. BOOK is a book's id, or its name when only one book
            you may read has it.
            """,
        subcommands: [Command(List.self), Command(Create.self), Command(Share.self), Command(Unshare.self), Command(Members.self),
                      Command(Rename.self), Command(Delete.self)],
        examples: [
            #"keepsake --user ana book create ledger "Household""#,
            "keepsake --user ana book share Household ben --role editor",
            "keepsake --user ben book list --app ledger",
            "keepsake --user ana book members Household",
        ])

    /// The `BOOK` argument's hint.
    static let bookHint = "a book's id, or its name when that is unique, as book list shows them"

    /// Prints `book` as the caller sees it (with its role in it) after `done`.
    @MainActor
    static func report(_ book: Book, done: String, in store: Store, _ call: Invocation) throws -> Int32 {
        let output = BookOutput(book, role: try store.role(in: book.id), logins: try AccountLookup.logins(in: store))
        try call.printResult(output) { call.print(done) }
        return 0
    }
}
