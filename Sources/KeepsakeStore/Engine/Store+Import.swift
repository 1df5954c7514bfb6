public import Foundation
import KeepsakeSupport

extension Store {
    /// Recreates a record exactly as it was exported: same id, collection, date, fields, creation and
    /// change times, trash state, and image bytes (stored untouched, so every hash matches), written
    /// as the caller: into the record's own book if this store has it and the caller writes it,
    /// otherwise into the caller's default book of the collection.
    ///
    /// Returns `false`, changing nothing, when a record with this id already exists (importing the
    /// same archive twice never duplicates). Throws ``KeepsakeError/Code/corruptImage`` if an image's
    /// bytes do not match the SHA-256 recorded in `snapshot`.
    @discardableResult
    public func importRecord(_ snapshot: Record, imageBytes: [Data]) throws -> Bool {
        if try recordIfPresent(snapshot.id) != nil { return false }
        guard imageBytes.count == snapshot.images.count else {
            throw KeepsakeError(.invalidArgument, "Record \(snapshot.id) lists \(snapshot.images.count) images but \(imageBytes.count) were given.")
        }
        try checkImportable(snapshot)
        let images = snapshot.images.sorted { $0.position < $1.position }
        for (image, bytes) in zip(images, imageBytes) where SHA256.hex(bytes) != image.sha256 {
            throw KeepsakeError(.corruptImage, "The bytes of \(image.path.lastComponent) (record \(snapshot.id)) do not match their recorded SHA-256: the archive is damaged. Nothing was imported for this record.")
        }
        var staged = try process(zip(images, imageBytes).map { ImageInput(bytes: $1, name: $0.path.lastComponent) },
                                 policy: ImageEncodingPolicy(format: .original, keepMetadata: true))
        for index in staged.indices {
            staged[index].sourceSHA256 = images[index].sourceSHA256
            staged[index].processed.capturedAt = images[index].capturedAt
        }
        // The record keeps its book and author when this store has them and the caller writes that
        // book; otherwise it goes to the caller's default book of its collection, with the caller
        // as its author.
        let (book, author) = try metadata.read(as: caller) { tx -> (BookID?, AccountID?) in
            let access = try access(tx)
            let book = try snapshot.book.flatMap { try tx.book($0) }.flatMap { book in
                book.collection == snapshot.collection.bookCollection && access.canWrite(book.id) ? book.id : nil
            }
            let author = try snapshot.author.flatMap { try tx.account($0)?.id }
            return (book, book == nil ? nil : author)
        }
        let target = RecordTarget(date: snapshot.date.timeIntervalSince1970, fields: snapshot.fields,
                                  trashedAt: snapshot.trashedAt?.timeIntervalSince1970, images: staged.indices.map(ImageRef.new),
                                  createdAt: snapshot.createdAt.timeIntervalSince1970, updatedAt: snapshot.updatedAt.timeIntervalSince1970,
                                  book: book, author: author)
        _ = try perform(kind: .importRecord, id: snapshot.id, collection: snapshot.collection, creating: true, book: book, staged: staged) { _ in
            (target, .inserted)
        }
        return true
    }

    /// Throws what ``importRecord(_:imageBytes:)`` would refuse in `snapshot` itself (a field name
    /// the store does not accept, more images than its limit), without writing anything: an archive
    /// import checks every record with it before it imports the first.
    public func checkImportable(_ snapshot: Record) throws {
        try Self.checkFields(snapshot.fields)
        guard snapshot.images.count <= options.maxImagesPerRecord else {
            throw KeepsakeError(.limitExceeded, "Record \(snapshot.id) has \(snapshot.images.count) images, over this store's limit of \(options.maxImagesPerRecord).")
        }
    }
}
