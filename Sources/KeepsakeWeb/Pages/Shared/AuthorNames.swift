import KeepsakeStore

/// Who entered the records of a page, for shared books (issue 22: "a shared feed shows each post's
/// author; a shared ledger shows who entered each transaction"): the display names of the members
/// of the books the records are in, read once per book through the access rule. A record of the
/// viewer's own shows no name; one whose author is no longer a member of its book says "a former
/// member" (the book's members are who the page may name).
struct AuthorNames: Sendable {
    private let names: [AccountID: String]
    /// The account looking at the page (its own records show no name).
    let viewer: AccountID?

    /// The names for records in `books`, as `store`'s caller sees them; throws what the store throws
    /// (the page then shows that failure, never unnamed rows as if nobody else wrote them).
    init(books: Set<BookID>, viewer: AccountID?, store: Store) throws {
        var names: [AccountID: String] = [:]
        for book in books.sorted() {
            for profile in try store.profiles(of: book) { names[profile.id] = profile.displayName }
        }
        self.names = names
        self.viewer = viewer
    }

    /// The name to show for a record by `author`: `nil` for the viewer's own (and a record made
    /// before accounts, which has none), "a former member" for an author the book no longer has.
    func name(of author: AccountID?, _ t: Strings) -> String? {
        guard let author, author != viewer else { return nil }
        return names[author] ?? t.formerMember
    }

    /// `<span class="author">by NAME</span>` for a record by `author`, or nothing.
    func label(_ author: AccountID?, _ t: Strings) -> HTML {
        name(of: author, t).map { "<span class=\"author\">\(t.byAuthor($0))</span>" } ?? .empty
    }
}
