import KeepsakeStore

/// The accounts and books a command line names, found once for every account and book command:
/// a login (`ana`) is an account, a BOOK is a book's id or its name when that is unique among the
/// books the caller may read.
///
/// Logins are looked up as the local operator: whoever runs the tool holds the whole store, and an
/// owner sharing a book must be able to name the person (the engine shows an account only its own
/// record). What is then done with the account is done as the caller, under the caller's rights.
enum AccountLookup {
    /// The account called `login`, which must be enabled (the global `--user`).
    static func enabledAccount(_ login: LoginName, in store: Store) throws -> Account {
        let account = try self.account(login, in: store)
        guard !account.isDisabled else {
            throw KeepsakeError(.forbidden, "The account \(login) is disabled, so nothing can be done as it; an admin can enable it with keepsake user enable \(login).")
        }
        return account
    }

    /// The account called `login`, enabled or not.
    static func account(_ login: LoginName, in store: Store) throws -> Account {
        do {
            return try store.acting(as: .localOperator).account(login: login)
        } catch let error as KeepsakeError where error.code == .notFound {
            throw KeepsakeError(.notFound, "No account has the login \(login); keepsake user list shows the accounts.")
        }
    }

    /// The book `text` names: its id, or its name when exactly one readable book (of `collection`,
    /// when one is given) has it.
    static func book(_ text: String, in store: Store, collection: CollectionName? = nil) throws -> Book {
        if let id = try? BookID(parsing: text) {
            let book = try store.book(id)
            if let collection, book.collection != collection {
                throw KeepsakeError(.invalidArgument, "The book \(KeepsakeError.quoted(book.name)) (\(book.id)) is a \(book.collection) book, not a \(collection) book.")
            }
            return book
        }
        let named = try store.books(in: collection).filter { $0.name == text }
        guard named.count <= 1 else {
            let ids = named.map { "\($0.id) (\($0.collection))" }.joined(separator: ", ")
            throw KeepsakeError(.invalidArgument, "\(named.count) books are called \(KeepsakeError.quoted(text)): \(ids); name the one you mean by its id.")
        }
        guard let book = named.first else {
            let kind = collection.map { "\($0) book" } ?? "book"
            throw KeepsakeError(.notFound, "No \(kind) you may read is called \(KeepsakeError.quoted(text)); keepsake book list shows the books you may read.")
        }
        return book
    }

    /// The logins of `store`'s accounts by id, for showing members and owners by name.
    static func logins(in store: Store) throws -> [AccountID: LoginName] {
        try accounts(in: store).mapValues(\.login)
    }

    /// `store`'s accounts by id (looked up as the local operator).
    static func accounts(in store: Store) throws -> [AccountID: Account] {
        Dictionary(try store.acting(as: .localOperator).accounts().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
