/// Every account (with its password hash and credential version), book and membership of a store,
/// ids kept: what a whole-store transfer (a move, an export archive) carries besides the records.
public struct AccessSnapshot: Sendable, Hashable, Codable {
    /// The accounts, by creation time and id.
    public var accounts: [Account]
    /// The books, by collection, name and id.
    public var books: [Book]
    /// The memberships, by book and account.
    public var members: [BookMember]

    /// Creates a snapshot; the lists are put in their order.
    public init(accounts: [Account], books: [Book], members: [BookMember]) {
        self.accounts = accounts.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        self.books = books.sorted { ($0.collection.name, $0.name, $0.id) < ($1.collection.name, $1.name, $1.id) }
        self.members = members.sorted { ($0.book, $0.account) < ($1.book, $1.account) }
    }

    /// Whether `other` holds every account, book and membership of this one, identical (and
    /// perhaps more).
    public func isContained(in other: AccessSnapshot) -> Bool {
        Set(accounts).isSubset(of: other.accounts) && Set(books).isSubset(of: other.books) && Set(members).isSubset(of: other.members)
    }
}
