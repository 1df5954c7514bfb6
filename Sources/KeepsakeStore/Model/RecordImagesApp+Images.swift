extension RecordImagesApp {
    /// Adds photos at the end or before position `index`, all or none, only if the value is still
    /// at `expectedVersion` (when given); `limitExceeded` past ``RecordImagesApp/maxImages``. The
    /// count is checked against the value as read, and the photos are added only if nobody changed
    /// it since.
    @discardableResult
    public func addImages(_ sources: [ImageSource], to id: RecordID, at index: Int? = nil,
                          expectedVersion: Int64? = nil) throws -> Item {
        let current = try appRecord(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        try checkImageCount(current.images.count + sources.count, adding: sources.count)
        return try item(from: try store.addImages(sources, to: id, at: index, expectedVersion: current.version))
    }

    /// Replaces the photo at `index` (0-based), only if the value is still at `expectedVersion`
    /// (when given). The old file stays readable until the replacement is committed, and is
    /// removed after.
    @discardableResult
    public func replaceImage(of id: RecordID, at index: Int, with source: ImageSource,
                             expectedVersion: Int64? = nil) throws -> Item {
        _ = try appRecord(id)
        return try item(from: try store.replaceImage(of: id, at: index, with: source, expectedVersion: expectedVersion))
    }

    /// Removes the photo at `index`, only if the value is still at `expectedVersion` (when given);
    /// the photos after it move up by one.
    @discardableResult
    public func removeImage(of id: RecordID, at index: Int, expectedVersion: Int64? = nil) throws -> Item {
        _ = try appRecord(id)
        return try item(from: try store.removeImage(of: id, at: index, expectedVersion: expectedVersion))
    }

    /// Moves the photo at `from` to position `to`, only if the value is still at `expectedVersion`
    /// (when given); no file is touched.
    @discardableResult
    public func moveImage(of id: RecordID, from: Int, to: Int, expectedVersion: Int64? = nil) throws -> Item {
        _ = try appRecord(id)
        return try item(from: try store.moveImage(of: id, from: from, to: to, expectedVersion: expectedVersion))
    }

    /// Puts the photos in a new order, only if the value is still at `expectedVersion` (when
    /// given): `order[i]` is the current position of the photo that goes to position `i`; `order`
    /// must list every current position once (no file is touched).
    @discardableResult
    public func reorderImages(of id: RecordID, order: [Int], expectedVersion: Int64? = nil) throws -> Item {
        _ = try appRecord(id)
        return try item(from: try store.reorderImages(of: id, order: order, expectedVersion: expectedVersion))
    }

    /// Replaces the whole ordered set of photos, only if the value is still at `expectedVersion`
    /// (when given): stored photos kept by attachment id, new ones added; photos left out are
    /// removed after the commit, and a new photo identical to one the value already has is not
    /// stored twice.
    @discardableResult
    public func setImages(of id: RecordID, to slots: [ImageSlot], expectedVersion: Int64? = nil) throws -> Item {
        _ = try appRecord(id)
        try checkImageCount(slots.count, adding: nil)
        return try item(from: try store.setImages(of: id, to: slots, expectedVersion: expectedVersion))
    }
}
