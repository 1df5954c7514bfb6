/// One membership: an account's role in a book.
public struct BookMember: Sendable, Hashable, Codable {
    /// The book.
    public var book: BookID
    /// The member.
    public var account: AccountID
    /// What it may do there.
    public var role: BookRole

    /// Creates a membership value.
    public init(book: BookID, account: AccountID, role: BookRole) {
        self.book = book
        self.account = account
        self.role = role
    }
}
