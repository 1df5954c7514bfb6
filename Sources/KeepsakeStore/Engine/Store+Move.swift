import Foundation

extension Store {
    /// Moves a record to another book of its collection in one commit, journalled as a `left`
    /// change with the old book (its readers' mirrors drop it) and then an `updated` one with the new
    /// book (its readers' mirrors fetch it; one who reads both ends up with it); its version goes up
    /// by one. The caller must write both books.
    ///
    /// - Throws: `notFound` for a record or book the caller does not read; `invalidArgument` for a
    ///   book of another collection; `forbidden` when the caller may not write one of the books;
    ///   `conflict` when `expectedVersion` is given and the record is at another version.
    @discardableResult
    public func moveRecord(_ id: RecordID, to book: BookID, expectedVersion: Int64? = nil) throws -> Record {
        try metadata.write(as: caller) { tx in
            try tx.assertLive()
            let access = try access(tx)
            let current = try readableRecord(id, tx, access)
            let target = try readableBook(book, tx, access)
            guard target.collection == current.collection.bookCollection else {
                throw KeepsakeError(.invalidArgument, "Book \(KeepsakeError.quoted(target.name)) holds \(target.collection) records, so a \(current.collection) record cannot move there; nothing was changed.")
            }
            try requireWrite(current.book, access)
            try requireWrite(target.id, access)
            if let expectedVersion, current.version != expectedVersion {
                throw KeepsakeError(.conflict, "Record \(id) was changed by someone else meanwhile (version \(current.version), expected \(expectedVersion)); nothing was changed.", remedy: .reloadAndRetry)
            }
            guard current.book != target.id else { return current }
            try tx.setRecordBook(id, book: target.id)
            let at = now()
            if let old = current.book { try tx.appendChange(record: id, collection: current.collection, book: old, kind: .left, at: at) }
            try tx.appendChange(record: id, collection: current.collection, book: target.id, kind: .updated, at: at)
            guard let moved = try tx.record(id) else { throw KeepsakeError.recordNotFound(id.string) }
            return moved
        }
    }
}
