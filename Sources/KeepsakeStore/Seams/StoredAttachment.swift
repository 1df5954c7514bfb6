/// An attachment with its record's collection, as fsck reads them.
public struct StoredAttachment: Sendable, Hashable {
    /// The image row.
    public var attachment: Attachment
    /// The collection of its record.
    public var collection: CollectionName
    /// The book of its record (`nil` for a record without one).
    public var book: BookID?

    /// Pairs an image with its record's collection and book.
    public init(attachment: Attachment, collection: CollectionName, book: BookID?) {
        self.attachment = attachment
        self.collection = collection
        self.book = book
    }

    /// Whether the image's key lies in its record's folder (``Store/recordFolder(book:collection:id:)``):
    /// false for images stored before books had folders, and for a record's images once it moved.
    public var isInItsBookFolder: Bool {
        attachment.path.parentComponents == Store.recordFolder(book: book, collection: collection, id: attachment.recordID)
    }

    /// The book whose folder the image should be moved into: its record's book when the image lies
    /// outside that book's folder (fsck's `imagesOutsideTheirBook`), `nil` when it is in place or
    /// its record has no book.
    public var bookToMoveInto: BookID? {
        isInItsBookFolder ? nil : book
    }
}
