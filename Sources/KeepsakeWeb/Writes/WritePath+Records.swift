import KeepsakeHTTP
import KeepsakeStore

extension WritePath {
    /// A create or edit of a record of `app` carrying `photos` photos (`nil`: its photos are left as
    /// they are): the upload limits, the photos counted once against the app's limit (before any is
    /// read), then `write` (the app's own rules and the store operation).
    func write<App: RecordImagesApp>(_ app: App, photos: Int?, files: [UploadedFile], language: Language,
                                     _ write: () throws -> App.Item) throws(WriteRefusal) -> App.Item {
        try perform(files: files, language: language) {
            if let photos { try app.checkImageCount(photos, adding: nil) }
            return try write()
        }
    }

    /// Moves record `id` of `app` to the trash, or out of it (`restore`), with `expectedVersion`
    /// only if it is still at that version.
    func trash<App: RecordApp>(_ app: App, _ id: RecordID, restore: Bool, expectedVersion: Int64?,
                               language: Language) throws(WriteRefusal) -> App.Item {
        try perform(files: [], language: language) {
            restore ? try app.restore(id, expectedVersion: expectedVersion) : try app.delete(id, expectedVersion: expectedVersion)
        }
    }

    /// Deletes record `id` of `app` for good (it must be in the trash).
    func purge<App: RecordApp>(_ app: App, _ id: RecordID, language: Language) throws(WriteRefusal) {
        try perform(files: [], language: language) { try app.purge(id) }
    }

    /// Adds photos (staged uploads among them) to record `id` of `app`, at `index` or the end:
    /// the upload limits, then the app's count of its photos and the store operation.
    func addImages<App: RecordImagesApp>(_ app: App, _ sources: [ImageSource], to id: RecordID, at index: Int?, expectedVersion: Int64?,
                                         files: [UploadedFile], language: Language) throws(WriteRefusal) -> App.Item {
        try perform(files: files, language: language) {
            try app.addImages(sources, to: id, at: index, expectedVersion: expectedVersion)
        }
    }

    /// Puts a new photo in the place of photo `index` of record `id` of `app`.
    func replaceImage<App: RecordImagesApp>(_ app: App, of id: RecordID, at index: Int, with source: ImageSource, expectedVersion: Int64?,
                                            files: [UploadedFile], language: Language) throws(WriteRefusal) -> App.Item {
        try perform(files: files, language: language) {
            try app.replaceImage(of: id, at: index, with: source, expectedVersion: expectedVersion)
        }
    }

    /// Applies `edit` to record `id` of `app` (no photos), with `expectedVersion` only if it is still
    /// at that version (the API's `PATCH` of any app).
    func update<App: RecordApp>(_ app: App, _ id: RecordID, _ edit: App.Edit, expectedVersion: Int64?,
                                language: Language) throws(WriteRefusal) -> App.Item {
        try perform(files: [], language: language) { try app.update(id, edit, expectedVersion: expectedVersion) }
    }

    /// Removes photo `index` of record `id` of `app`.
    func removeImage<App: RecordImagesApp>(_ app: App, of id: RecordID, at index: Int, expectedVersion: Int64?,
                                           language: Language) throws(WriteRefusal) -> App.Item {
        try perform(files: [], language: language) { try app.removeImage(of: id, at: index, expectedVersion: expectedVersion) }
    }

    /// Puts the photos of record `id` of `app` in a new order (`order[i]`: the current index of the
    /// photo for position `i`).
    func reorderImages<App: RecordImagesApp>(_ app: App, of id: RecordID, order: [Int], expectedVersion: Int64?,
                                             language: Language) throws(WriteRefusal) -> App.Item {
        try perform(files: [], language: language) { try app.reorderImages(of: id, order: order, expectedVersion: expectedVersion) }
    }
}
