import KeepsakeStore

extension Ledger {
    /// The ledger book a budget, a recurring rule or a money account is written in (they live with
    /// the transactions, ``KeepsakeStore/CollectionName/bookCollection``): `requested`, which must be
    /// a ledger book the caller writes, else the caller's default ledger book, made if missing (the
    /// first admin's for the operator). `thing` names the record in the messages ("a budget").
    ///
    /// - Throws: `invalidArgument` for a book of another app; `notFound` for a book the caller does
    ///   not read; `forbidden` for one it only reads, or for a token limited to other books asking
    ///   for its account's own (refused naming nothing, as the engine refuses its default book);
    ///   `conflict` when the operator has no enabled admin to write for.
    func companionBook(_ requested: BookID?, for thing: String) throws -> BookID {
        if let requested {
            let book = try store.book(requested)
            guard book.collection == Self.collection else {
                throw KeepsakeError(.invalidArgument, "The book \(KeepsakeError.quoted(book.name)) holds \(book.collection) records, not the ledger's; \(thing) lives in a \(Self.collection) book with its transactions: name a ledger book, or none for your own.")
            }
            guard try store.role(in: book.id)?.canWrite == true else {
                throw KeepsakeError(.forbidden, "You may only read the book \(KeepsakeError.quoted(book.name)); changing it needs the editor or owner role.")
            }
            return book.id
        }
        guard let owner = try defaultAccountOwner() else {
            throw KeepsakeError(.conflict, "This store has no enabled admin, so \(thing) made without a book has nowhere to go; name a ledger book, or enable an admin.")
        }
        let book = try store.defaultBook(of: owner, in: Self.collection)
        guard try store.books(in: Self.collection).contains(where: { $0.id == book.id }), try store.role(in: book.id)?.canWrite == true else {
            throw KeepsakeError(.forbidden, "This token may not write your own ledger book; name a ledger book it may write, or use a token that is not limited to other books.")
        }
        return book.id
    }

    /// The login account whose default ledger book the caller writes in: its own, or the first
    /// admin's for the local operator; `nil` when there is none.
    func defaultAccountOwner() throws -> AccountID? {
        if let account = store.caller.accountID { return account }
        return try store.firstAdmin()?.id
    }
}
