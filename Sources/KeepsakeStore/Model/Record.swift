public import Foundation

/// A record with its fields and its ordered images.
public struct Record: Sendable, Hashable, Codable, Identifiable, RecordStamped {
    /// The record's id.
    public var id: RecordID
    /// Which collection it belongs to.
    public var collection: CollectionName
    /// The record's own date (diary day, transaction date, post date): the default sort key.
    public var date: Date
    /// App-defined fields.
    public var fields: [String: FieldValue]
    /// Images in order.
    public var images: [Attachment]
    /// When it was created and last changed, when it went to the trash, its version (incremented
    /// by every change; lets a caller detect concurrent edits), its book (`nil` only for a record
    /// made before accounts, until the store's upgrade on open gives it one) and its author (`nil`
    /// for one made by the local operator before accounts); read as `record.createdAt` and so on.
    public var stamp: RecordStamp

    /// Creates a record value (a metadata store builds these from its rows).
    public init(id: RecordID, collection: CollectionName, date: Date, fields: [String: FieldValue], images: [Attachment],
                createdAt: Date, updatedAt: Date, trashedAt: Date?, version: Int64, book: BookID? = nil, author: AccountID? = nil) {
        (self.id, self.collection, self.date, self.fields, self.images) = (id, collection, date, fields, images)
        stamp = RecordStamp(createdAt: createdAt, updatedAt: updatedAt, trashedAt: trashedAt, version: version, book: book, author: author)
    }

    enum CodingKeys: String, CodingKey {
        case id, collection, date, fields, images
    }

    /// Decodes a record, its stamp's fields from beside its own (an export archive's JSON).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (id, collection, date) = (try container.decode(RecordID.self, forKey: .id), try container.decode(CollectionName.self, forKey: .collection),
                                  try container.decode(Date.self, forKey: .date))
        (fields, images) = (try container.decode([String: FieldValue].self, forKey: .fields), try container.decode([Attachment].self, forKey: .images))
        stamp = try RecordStamp(from: decoder)
    }

    /// Encodes a record, its stamp's fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(collection, forKey: .collection)
        try container.encode(date, forKey: .date)
        try container.encode(fields, forKey: .fields)
        try container.encode(images, forKey: .images)
        try stamp.encode(to: encoder)
    }
}

/// What a new record is made of.
public struct RecordDraft: Sendable {
    /// The collection.
    public var collection: CollectionName
    /// The record's date (defaults to now).
    public var date: Date?
    /// App-defined fields.
    public var fields: [String: FieldValue]
    /// Images in order.
    public var images: [ImageSource]
    /// Encoding for these images; the store's policy if `nil`.
    public var policy: ImageEncodingPolicy?
    /// A chosen id (import keeps ids); a new UUID if `nil`.
    public var id: RecordID?
    /// The book to make it in; the caller's default book of the collection if `nil`.
    public var book: BookID?

    /// Creates a draft.
    public init(collection: CollectionName, date: Date? = nil, fields: [String: FieldValue] = [:], images: [ImageSource] = [],
                policy: ImageEncodingPolicy? = nil, id: RecordID? = nil, book: BookID? = nil) {
        self.collection = collection
        self.date = date
        self.fields = fields
        self.images = images
        self.policy = policy
        self.id = id
        self.book = book
    }
}

/// Where the bytes of a new image come from.
public enum ImageSource: Sendable {
    /// A file on disk (read once; symbolic links at the last component are refused).
    case file(URL)
    /// Bytes in memory, with a name for messages.
    case data(Data, name: String)
}

/// One slot of a whole-set image update: keep a stored image or add a new one.
public enum ImageSlot: Sendable {
    /// Keep the stored image with this attachment id (at the new position).
    case existing(Int64)
    /// A new image; if its bytes are identical to an image the record already has, that stored
    /// file is reused and not rewritten.
    case new(ImageSource)
}
