public import Foundation
public import KeepsakeStore

extension Diary {
    /// Removes a trashed entry and its photos for good. A live entry must be deleted (trashed) first:
    /// ``KeepsakeError/Code/conflict`` otherwise.
    public func purge(_ id: RecordID) throws {
        _ = try appRecord(id)
        guard try store.purgeIfTrashed(id) else {
            throw KeepsakeError(.conflict, "Diary entry \(id) is not in the trash; delete it first, then purge it.")
        }
    }

    /// Purges the diary entries that have been in the trash for longer than `age` seconds (all trashed
    /// entries when `nil`), one atomic purge each, and returns their ids. Other collections' trash is
    /// left alone, and an entry restored meanwhile survives (the engine checks inside each purge).
    /// Age is measured on the store's clock.
    @discardableResult
    public func purgeTrash(olderThan age: TimeInterval? = nil) throws -> [RecordID] {
        try store.purgeTrash(olderThan: age, in: Self.collection)
    }

    /// The entries in the trash, newest moment first, a page at a time.
    public func trash(limit: Int = 50, after cursor: RecordCursor? = nil) throws -> DiaryPage {
        var query = RecordQuery(collection: Self.collection)
        query.trash = .trashed
        query.limit = limit
        query.after = cursor
        return try page(query)
    }
}
