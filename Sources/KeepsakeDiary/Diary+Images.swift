public import KeepsakeStore

extension Diary {
    /// Adds photos to an entry, at the end or before position `index`; all are stored or none.
    /// Throws ``KeepsakeError/Code/limitExceeded`` if the entry would hold more than ``maxImages``.
    @discardableResult
    public func addImages(_ sources: [ImageSource], to id: RecordID, at index: Int? = nil) throws -> DiaryEntry {
        let current = try diaryRecord(id)
        try checkImageCount(current.images.count + sources.count, adding: sources.count)
        return try DiaryEntry(record: try store.addImages(sources, to: id, at: index))
    }

    /// Adds one photo to an entry, at the end or before position `index`.
    @discardableResult
    public func addImage(_ source: ImageSource, to id: RecordID, at index: Int? = nil) throws -> DiaryEntry {
        try addImages([source], to: id, at: index)
    }

    /// Replaces the photo at `index` (0-based) with a new one. The old file stays readable until the
    /// replacement is committed, and is removed after.
    @discardableResult
    public func replaceImage(of id: RecordID, at index: Int, with source: ImageSource) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.replaceImage(of: id, at: index, with: source))
    }

    /// Removes the photo at `index`; the photos after it move up by one.
    @discardableResult
    public func removeImage(of id: RecordID, at index: Int) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.removeImage(of: id, at: index))
    }

    /// Moves the photo at `from` to position `to` (no file is touched).
    @discardableResult
    public func moveImage(of id: RecordID, from: Int, to: Int) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.moveImage(of: id, from: from, to: to))
    }

    /// Puts the photos in a new order: `order[i]` is the current position of the photo that goes to
    /// position `i`; `order` must list every current position once (no file is touched).
    @discardableResult
    public func reorderImages(of id: RecordID, order: [Int]) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        return try DiaryEntry(record: try store.reorderImages(of: id, order: order))
    }

    /// Replaces the whole ordered set of photos (the compose screen's save): keep stored photos by
    /// attachment id, add new ones; photos left out are removed after the commit, and a new photo
    /// identical to one the entry already has is not stored twice.
    @discardableResult
    public func setImages(of id: RecordID, to slots: [ImageSlot]) throws -> DiaryEntry {
        _ = try diaryRecord(id)
        try checkImageCount(slots.count, adding: nil)
        return try DiaryEntry(record: try store.setImages(of: id, to: slots))
    }

    /// Throws `limitExceeded` if an entry would hold more than ``maxImages`` photos.
    func checkImageCount(_ total: Int, adding: Int?) throws {
        guard total <= maxImages else {
            let detail = adding.map { "adding \($0) would make \(total)" } ?? "\(total) were given"
            throw KeepsakeError(.limitExceeded, "A diary entry can hold at most \(maxImages) photos; \(detail). Nothing was changed.")
        }
    }
}
