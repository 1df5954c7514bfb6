import KeepsakeStore

/// `--book BOOK` of the diary, ledger and feed commands: the book a new record goes in (`add`,
/// `post`), or the one book a list shows. BOOK is a book's id, or its name when exactly one book of
/// that app the caller reads has it (several: a refusal that lists them by id).
struct BookOption: ParsableArguments {
    /// The book, as typed.
    @Option("--book", .text("BOOK"), help: "The book: its id, or its name when that is unique among\nthe books of this app you may read (keepsake book list).") var book: String?

    /// The book `--book` names among the books of `collection` the store's caller reads; `nil`
    /// without `--book`. Unknown or unreadable: not found; a book of another app: invalid.
    func bookID(in store: Store, collection: CollectionName) throws -> BookID? {
        guard let book else { return nil }
        return try AccountLookup.book(book, in: store, collection: collection).id
    }

    /// The books a list is limited to: just the one `--book` names; `nil` (every book the caller
    /// reads) without it.
    func filter(in store: Store, collection: CollectionName) throws -> Set<BookID>? {
        try bookID(in: store, collection: collection).map { [$0] }
    }
}
