/// An attachment with its record's collection, as fsck reads them.
public struct StoredAttachment: Sendable, Hashable {
    /// The image row.
    public var attachment: Attachment
    /// The collection of its record.
    public var collection: CollectionName

    /// Pairs an image with its collection.
    public init(attachment: Attachment, collection: CollectionName) {
        self.attachment = attachment
        self.collection = collection
    }
}
