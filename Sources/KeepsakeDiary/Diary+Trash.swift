public import Foundation
public import KeepsakeStore

extension Diary {
    /// Moves an entry to the trash. Its photos stay on disk until the trash is purged, so
    /// ``restore(_:)`` brings it back whole.
    @discardableResult
    public func delete(_ id: RecordID) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.trash(id))
    }

    /// Takes an entry out of the trash.
    @discardableResult
    public func restore(_ id: RecordID) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.restore(id))
    }

    /// Removes a trashed entry and its photos for good. A live entry must be deleted (trashed) first:
    /// ``KeepsakeError/Code/conflict`` otherwise.
    public func purge(_ id: RecordID) throws {
        _ = try diaryRecord(id)
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
