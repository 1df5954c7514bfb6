public import KeepsakeStore

extension Diary: RecordImagesApp {
    /// Changes an entry's words and feelings (``update(_:_:images:expectedVersion:)`` without photos).
    @discardableResult
    public func update(_ id: RecordID, _ edit: DiaryEdit, expectedVersion: Int64?) throws -> DiaryEntry {
        try update(id, edit, images: nil, expectedVersion: expectedVersion)
    }

    /// Moves an entry to the trash, only if it is still at `expectedVersion` (when given). Its photos
    /// stay on disk until the trash is purged, so ``restore(_:expectedVersion:)`` brings it back whole.
    @discardableResult
    public func delete(_ id: RecordID, expectedVersion: Int64? = nil) throws -> DiaryEntry {
        _ = try appRecord(id)
        return try DiaryEntry(record: try store.trash(id, expectedVersion: expectedVersion))
    }

    /// Takes an entry out of the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64? = nil) throws -> DiaryEntry {
        _ = try appRecord(id)
        return try DiaryEntry(record: try store.restore(id, expectedVersion: expectedVersion))
    }
}
