/// The change-log entries addressed to one account that a read of the log includes besides those
/// of the books it reads (``MetadataReader/changes(after:limit:books:audience:)``): the entries for
/// `account`, of `books` only (`nil`: of any book — a token limited to some books sees only theirs).
public struct ChangeAudience: Sendable, Hashable {
    /// The account the entries are for.
    public var account: AccountID
    /// Only entries of these books; `nil` for no filter.
    public var books: Set<BookID>?

    /// Creates an audience.
    public init(account: AccountID, books: Set<BookID>? = nil) {
        self.account = account
        self.books = books
    }
}
