import Foundation

/// The one rule of who may do what (the design of issue 22), applied by every entry point of the
/// engine inside the transaction of its operation:
///
/// - the local operator may do everything;
/// - an account that is disabled or does not exist may do nothing (every record is not found);
/// - an account reads the books it is a member of, writes those where it is owner or editor, and
///   manages those where it is owner; a read-only token takes away writing and managing, and a
///   token limited to some books narrows all three to them;
/// - what the caller may not read answers as if it did not exist (``KeepsakeError/Code/notFound``,
///   the same message as a missing one); a write to what it may read but not write is
///   ``KeepsakeError/Code/forbidden``.
extension Store {
    /// What this store's caller may do, read in the transaction of `reader`.
    public func access(_ reader: any MetadataReader) throws -> BookAccess {
        guard case .account(let id) = caller.identity else { return .everything }
        // One indexed read: the memberships of an enabled account (a disabled or missing account has
        // none, so it may do nothing) — the list of the timeline pays only this for the rule.
        let memberships = try reader.memberships(of: id)
        if memberships.isEmpty { return .nothing }
        var readable = Set(memberships.keys)
        var writable = Set(memberships.filter { $0.value.canWrite }.keys)
        var manageable = Set(memberships.filter { $0.value.canManage }.keys)
        if caller.readOnly {
            writable = []
            manageable = []
        }
        if let books = caller.books {
            readable.formIntersection(books)
            writable.formIntersection(books)
            manageable.formIntersection(books)
        }
        return BookAccess(readable: readable, writable: writable, manageable: manageable)
    }

    /// The store's newest change sequence, what the caller may do and the caller's account, read
    /// in one transaction: enough to answer from facts kept while the change log stood at that
    /// sequence (which record and book an attachment belongs to) with the rule applied to this
    /// caller now — memberships log no change, so they are read every time — and to check a
    /// session of the account without a transaction of its own. Without `readingAccount` the
    /// account is not read (``AccessAtLastChange/account`` is `nil`): what the caller may do is
    /// the same, since a disabled account has no memberships.
    ///
    /// The answer is kept for the caller while nothing commits to the store
    /// (``UnchangedStoreCache``; on SQLite, whose WAL index says so without a transaction): every
    /// change to a membership, an account or the change log is a commit, so the next call after
    /// it reads again.
    public func accessAtLastChange(readingAccount: Bool = true) throws -> AccessAtLastChange {
        try core.accessAtLastChange.value(for: AccessAtLastChange.Asked(caller: caller, readingAccount: readingAccount), in: self) {
            try accessAtLastChange(readingAccount: readingAccount) { _ in () }.access
        }
    }

    /// ``accessAtLastChange(readingAccount:)`` and what `also` reads, in the same transaction (the
    /// web app's check of a session reads whether it was logged out with it).
    public func accessAtLastChange<Also>(readingAccount: Bool = true,
                                         also: (any MetadataReader) throws -> Also) throws -> (access: AccessAtLastChange, also: Also) {
        try metadata.read(as: caller) { tx in
            let account: Account? = if readingAccount, case .account(let id) = caller.identity { try tx.account(id) } else { nil }
            let access = AccessAtLastChange(sequence: try tx.lastChangeSequence(), access: try access(tx), account: account)
            return (access, try also(tx))
        }
    }

    /// The caller's own account, enabled; `nil` for the local operator. A disabled or missing
    /// account is not found.
    func callerAccount(_ reader: any MetadataReader) throws -> Account? {
        guard case .account(let id) = caller.identity else { return nil }
        guard let account = try reader.account(id), !account.isDisabled else { throw Self.noSuchAccount(id) }
        return account
    }

    /// The record `id` if the caller reads it, else not found.
    func readableRecord(_ id: RecordID, _ reader: any MetadataReader, _ access: BookAccess) throws -> Record {
        guard let record = try reader.record(id), access.canRead(record.book) else { throw KeepsakeError.recordNotFound(id.string) }
        return record
    }

    /// Throws unless the caller may write the records of `book` (a record it reads but may not
    /// change: forbidden).
    func requireWrite(_ book: BookID?, _ access: BookAccess) throws {
        guard access.canWrite(book) else {
            throw KeepsakeError(.forbidden, caller.readOnly
                ? "This token may only read; changing records needs a token that may write."
                : "You may only read this book; changing its records needs the owner or editor role.")
        }
    }

    /// Throws unless the caller manages `book` (one it reads but does not own: forbidden).
    func requireManage(_ book: BookID, _ access: BookAccess) throws {
        guard access.canManage(book) else {
            throw KeepsakeError(.forbidden, caller.readOnly
                ? "This token may only read; managing a book needs a token that may write."
                : "Renaming or deleting this book or changing its members needs the owner role.")
        }
    }

    /// The book `id` if the caller reads it, else not found.
    func readableBook(_ id: BookID, _ reader: any MetadataReader, _ access: BookAccess) throws -> Book {
        guard access.canRead(id), let book = try reader.book(id) else { throw Self.bookNotFound(id) }
        return book
    }

    /// The book and author of a new record made by this store's caller in `collection`, resolved
    /// inside the write transaction `tx` that makes it: `requested` if the caller writes there,
    /// otherwise (when `nil`) the caller's default book of the collection's
    /// ``CollectionName/bookCollection``, made now if missing, or for the local operator the first
    /// admin's.
    func newRecordBook(_ requested: BookID?, in recordCollection: CollectionName, _ tx: any MetadataWriter,
                       _ access: BookAccess? = nil) throws -> (BookID, AccountID?) {
        let collection = recordCollection.bookCollection
        let access = try access ?? self.access(tx)
        let account = try callerAccount(tx)
        // The local operator writes as the first admin.
        let operatorAdmin = account == nil ? try Self.firstAdmin(tx) : nil
        let author = account?.id ?? operatorAdmin?.id
        if let requested {
            let book = try readableBook(requested, tx, access)
            guard book.collection == collection else {
                throw KeepsakeError(.invalidArgument, "Book \(KeepsakeError.quoted(book.name)) holds \(book.collection) records, not \(recordCollection) records; nothing was stored.")
            }
            try requireWrite(book.id, access)
            return (book.id, author)
        }
        if let account {
            if let book = try tx.defaultBook(of: account.id, in: collection) {
                try requireWrite(book.id, access)
                return (book.id, author)
            }
            // The default book does not exist yet, so no token can have been limited to it.
            guard !caller.readOnly, caller.books == nil else {
                throw KeepsakeError(.forbidden, "This token may not make a new book; name a book of \(collection) it may write.")
            }
            return (try makeDefaultBook(of: account.id, in: collection, tx).id, author)
        }
        guard let admin = operatorAdmin else {
            throw KeepsakeError(.conflict, "This store has no enabled admin, so a record made without a book has nowhere to go; name a book, or enable an admin.")
        }
        return (try makeDefaultBook(of: admin.id, in: collection, tx).id, author)
    }

    /// The default book of `account` in `collection`, made (with the account as its owner) if missing.
    func makeDefaultBook(of account: AccountID, in collection: CollectionName, _ tx: any MetadataWriter) throws -> Book {
        if let book = try tx.defaultBook(of: account, in: collection) { return book }
        let book = Book(id: .random(), collection: collection, name: Self.defaultBookName(collection), defaultOf: account, createdAt: clock())
        try tx.insertBook(book)
        try tx.setMember(.owner, account: account, book: book.id)
        return book
    }

    /// The name of a default book: the collection's, capitalised ("Diary").
    public static func defaultBookName(_ collection: CollectionName) -> String {
        collection.name.prefix(1).uppercased() + collection.name.dropFirst()
    }

    /// The oldest enabled admin.
    static func firstAdmin(_ reader: any MetadataReader) throws -> Account? {
        try reader.firstAdmin()
    }

    static func noSuchAccount(_ id: AccountID) -> KeepsakeError {
        KeepsakeError(.notFound, "There is no such account (\(id)); it may have been removed or disabled.")
    }

    static func bookNotFound(_ id: BookID) -> KeepsakeError {
        KeepsakeError(.notFound, "No book with id \(id) exists in this store.")
    }
}
