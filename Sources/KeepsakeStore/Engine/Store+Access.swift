extension Store {
    /// The book and author of a new record made by this store's caller, resolved inside the write
    /// transaction `tx` that makes it.
    func newRecordBook(_ requested: BookID?, in collection: CollectionName, _ tx: any MetadataWriter) throws -> (BookID, AccountID?) {
        throw KeepsakeError(.unexpected, "Making a record in a book is not implemented yet.")
    }
}
