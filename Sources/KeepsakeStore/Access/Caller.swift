/// Who is acting in a store operation: the local operator, or an account (perhaps through a token
/// limited in what it may do).
public struct Caller: Sendable, Hashable {
    /// The one acting.
    public enum Identity: Sendable, Hashable {
        /// The person at the machine (the CLI without a user, tests, imports, fsck, recovery): may do
        /// everything.
        case localOperator
        /// An account.
        case account(AccountID)
    }

    /// The one acting.
    public var identity: Identity
    /// A read-only token: no writes, no management.
    public var readOnly: Bool
    /// A token limited to these books; `nil` for every book of the account.
    public var books: Set<BookID>?

    /// Creates a caller.
    public init(identity: Identity, readOnly: Bool = false, books: Set<BookID>? = nil) {
        self.identity = identity
        self.readOnly = readOnly
        self.books = books
    }

    /// The local operator, who may do everything.
    public static let localOperator = Caller(identity: .localOperator)

    /// An account, optionally through a read-only or book-limited token.
    public static func account(_ id: AccountID, readOnly: Bool = false, books: Set<BookID>? = nil) -> Caller {
        Caller(identity: .account(id), readOnly: readOnly, books: books)
    }

    /// The acting account, or `nil` for the local operator.
    public var accountID: AccountID? {
        if case .account(let id) = identity { return id }
        return nil
    }

    /// Whether this is the local operator.
    public var isLocalOperator: Bool { identity == .localOperator }
}
