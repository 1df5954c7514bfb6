// Temporary: defaults for the seam requirements accounts and books added (issue 22), so a metadata
// store that does not implement them yet still builds. Each fails at run time, saying so; the
// filtered forms fall back to the unfiltered ones when no filter is asked for. Remove this file once
// every metadata store implements the requirements itself.

private func pending(_ name: String) -> KeepsakeError {
    KeepsakeError(.unexpected, "\(name) is not implemented by this metadata store.")
}

extension MetadataReader {
    /// Pending: the unfiltered count when `books` is `nil`, otherwise a failure.
    public func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter, books: Set<BookID>?) throws -> Int {
        guard books == nil else { throw pending("Counting the records of some books") }
        return try count(collection, trash: trash)
    }
    /// Pending: the unfiltered list when `books` is `nil`, otherwise a failure.
    public func trashed(before cutoff: Double, in collection: CollectionName?, books: Set<BookID>?) throws -> [RecordID] {
        guard books == nil else { throw pending("Listing the trash of some books") }
        return try trashed(before: cutoff, in: collection)
    }
    /// Pending: the unfiltered log when `books` is `nil`, otherwise a failure.
    public func changes(after sequence: Int64, limit: Int, books: Set<BookID>?) throws -> [StoreChange] {
        guard books == nil else { throw pending("Reading the change log of some books") }
        return try changes(after: sequence, limit: limit)
    }
    /// Pending: fails.
    public func account(_ id: AccountID) throws -> Account? { throw pending("Reading an account") }
    /// Pending: fails.
    public func account(login: LoginName) throws -> Account? { throw pending("Reading an account") }
    /// Pending: fails.
    public func accounts() throws -> [Account] { throw pending("Listing accounts") }
    /// Pending: fails.
    public func book(_ id: BookID) throws -> Book? { throw pending("Reading a book") }
    /// Pending: fails.
    public func books(_ ids: Set<BookID>?) throws -> [Book] { throw pending("Listing books") }
    /// Pending: fails.
    public func defaultBook(of account: AccountID, in collection: CollectionName) throws -> Book? { throw pending("Reading a default book") }
    /// Pending: fails.
    public func members(of book: BookID) throws -> [BookMember] { throw pending("Listing the members of a book") }
    /// Pending: fails.
    public func memberships(of account: AccountID) throws -> [BookID: BookRole] { throw pending("Reading memberships") }
    /// Pending: fails.
    public func book(ofRecord id: RecordID) throws -> BookID? { throw pending("Reading the book of a record") }
    /// Pending: fails.
    public func booksOwnedWithOthers(by account: AccountID) throws -> [BookID] { throw pending("Listing shared books") }
}

extension MetadataWriter {
    /// Pending: the old form when `book` is `nil`, otherwise a failure.
    public func appendChange(record: RecordID, collection: CollectionName, book: BookID?, kind: ChangeKind, at: Double) throws {
        guard book == nil else { throw pending("Writing a change with its book") }
        try appendChange(record: record, collection: collection, kind: kind, at: at)
    }
    /// Pending: fails.
    public func insertAccount(_ account: Account) throws { throw pending("Making an account") }
    /// Pending: fails.
    public func updateAccount(_ account: Account) throws { throw pending("Changing an account") }
    /// Pending: fails.
    public func deleteAccount(_ id: AccountID) throws { throw pending("Removing an account") }
    /// Pending: fails.
    public func insertBook(_ book: Book) throws { throw pending("Making a book") }
    /// Pending: fails.
    public func updateBook(_ book: Book) throws { throw pending("Changing a book") }
    /// Pending: fails.
    public func deleteBook(_ id: BookID) throws { throw pending("Deleting a book") }
    /// Pending: fails.
    public func setMember(_ role: BookRole?, account: AccountID, book: BookID) throws { throw pending("Changing the members of a book") }
    /// Pending: fails.
    @discardableResult public func setRecordBook(_ id: RecordID, book: BookID) throws -> Bool { throw pending("Moving a record") }
    /// Pending: fails.
    @discardableResult public func adoptUnattributedRecords(into books: [CollectionName: BookID], author: AccountID) throws -> Int {
        throw pending("Giving records a book")
    }
}
