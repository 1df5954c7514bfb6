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
        guard try diaryRecord(id).isTrashed else {
            throw KeepsakeError(.conflict, "Diary entry \(id) is not in the trash; delete it first, then purge it.")
        }
        try store.purge(id)
    }

    /// Purges the diary entries that have been in the trash for longer than `age` seconds (all trashed
    /// entries when `nil`), one atomic purge each, and returns their ids. Other collections' trash is
    /// left alone.
    @discardableResult
    public func purgeTrash(olderThan age: TimeInterval? = nil) throws -> [RecordID] {
        let cutoff = age.map { clock().addingTimeInterval(-$0) }
        var query = RecordQuery(collection: Self.collection)
        query.trash = .trashed
        let due = try allRecords(query).filter { record in
            guard let cutoff, let trashedAt = record.trashedAt else { return true }
            return trashedAt <= cutoff
        }
        var purged: [RecordID] = []
        for record in due {
            // Look again right before purging: an entry restored meanwhile must survive. (The window
            // left between this read and the purge is closed only by an engine-side conditional purge.)
            guard let fresh = try store.recordIfPresent(record.id), let trashedAt = fresh.trashedAt,
                  cutoff.map({ trashedAt <= $0 }) ?? true else { continue }
            do {
                try store.purge(record.id)
                purged.append(record.id)
            } catch let error as KeepsakeError where error.code == .notFound {
                continue  // purged by another process meanwhile
            }
        }
        return purged
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
