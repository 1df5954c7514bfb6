public import KeepsakeStore

extension Diary: RecordImagesApp {
    /// The entry with `id` (``entry(_:)``).
    public func read(_ id: RecordID) throws -> DiaryEntry {
        try entry(id)
    }

    /// Changes an entry's words and feelings (``update(_:_:images:expectedVersion:)`` without photos).
    @discardableResult
    public func update(_ id: RecordID, _ edit: DiaryEdit, expectedVersion: Int64?) throws -> DiaryEntry {
        try update(id, edit, images: nil, expectedVersion: expectedVersion)
    }

    /// Moves an entry to the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func delete(_ id: RecordID, expectedVersion: Int64?) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.trash(id, expectedVersion: expectedVersion))
    }

    /// Takes an entry out of the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64?) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.restore(id, expectedVersion: expectedVersion))
    }

    /// Adds photos (``addImages(_:to:at:)``), only if the entry is still at `expectedVersion`.
    @discardableResult
    public func addImages(_ sources: [ImageSource], to id: RecordID, at index: Int?, expectedVersion: Int64?) throws -> DiaryEntry {
        let current = try diaryRecord(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        try checkImageCount(current.images.count + sources.count, adding: sources.count)
        return try DiaryEntry(record: try store.addImages(sources, to: id, at: index, expectedVersion: expectedVersion ?? current.version))
    }

    /// Replaces the photo at `index` (``replaceImage(of:at:with:)``), only if the entry is still at `expectedVersion`.
    @discardableResult
    public func replaceImage(of id: RecordID, at index: Int, with source: ImageSource, expectedVersion: Int64?) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.replaceImage(of: id, at: index, with: source, expectedVersion: expectedVersion))
    }

    /// Removes the photo at `index` (``removeImage(of:at:)``), only if the entry is still at `expectedVersion`.
    @discardableResult
    public func removeImage(of id: RecordID, at index: Int, expectedVersion: Int64?) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.removeImage(of: id, at: index, expectedVersion: expectedVersion))
    }

    /// Puts the photos in a new order (``reorderImages(of:order:)``), only if the entry is still at `expectedVersion`.
    @discardableResult
    public func reorderImages(of id: RecordID, order: [Int], expectedVersion: Int64?) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.reorderImages(of: id, order: order, expectedVersion: expectedVersion))
    }
}
