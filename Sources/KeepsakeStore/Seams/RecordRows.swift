import Foundation

/// A record row to insert: everything but its images.
public struct NewRecord: Sendable, Hashable {
    /// The record's id (never reused while the record exists).
    public var id: RecordID
    /// Its collection.
    public var collection: CollectionName
    /// Its own date (the default sort key), seconds since 1970.
    public var date: Double
    /// App-defined fields.
    public var fields: [String: FieldValue]
    /// Creation time, seconds since 1970.
    public var createdAt: Double
    /// Change time, seconds since 1970.
    public var updatedAt: Double
    /// When it was trashed, or `nil`.
    public var trashedAt: Double?
    /// The number the next image stored on this record gets in its key (`image_<n>-…`).
    public var nextImageNumber: Int64

    /// Creates a record row.
    public init(id: RecordID, collection: CollectionName, date: Double, fields: [String: FieldValue], createdAt: Double,
                updatedAt: Double, trashedAt: Double?, nextImageNumber: Int64) {
        self.id = id
        self.collection = collection
        self.date = date
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashedAt = trashedAt
        self.nextImageNumber = nextImageNumber
    }
}

/// The changeable part of a record row; writing it increments the record's version.
public struct RecordChange: Sendable, Hashable {
    /// The record's date, seconds since 1970.
    public var date: Double
    /// Its fields, whole.
    public var fields: [String: FieldValue]
    /// When it was trashed, or `nil` for a live record.
    public var trashedAt: Double?
    /// Change time, seconds since 1970.
    public var updatedAt: Double

    /// Creates a change.
    public init(date: Double, fields: [String: FieldValue], trashedAt: Double?, updatedAt: Double) {
        self.date = date
        self.fields = fields
        self.trashedAt = trashedAt
        self.updatedAt = updatedAt
    }
}

/// An image row to insert; the metadata store assigns its id (ids are never reused).
public struct NewAttachment: Sendable, Hashable {
    /// The original's key.
    public var key: RelativePath
    /// Bytes stored.
    public var byteSize: Int64
    /// SHA-256 of the stored bytes, lowercase hex.
    public var sha256: String
    /// SHA-256 of the bytes as uploaded.
    public var sourceSHA256: String
    /// MIME type of the stored bytes.
    public var mediaType: String
    /// Upright width in pixels.
    public var width: Int
    /// Upright height in pixels.
    public var height: Int
    /// Capture date, seconds since 1970.
    public var capturedAt: Double?
    /// Format of its thumbnails.
    public var thumbnailFormat: StoredImageFormat
    /// When it was stored, seconds since 1970.
    public var createdAt: Double

    /// Creates an image row.
    public init(key: RelativePath, byteSize: Int64, sha256: String, sourceSHA256: String, mediaType: String, width: Int, height: Int,
                capturedAt: Double?, thumbnailFormat: StoredImageFormat, createdAt: Double) {
        self.key = key
        self.byteSize = byteSize
        self.sha256 = sha256
        self.sourceSHA256 = sourceSHA256
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.capturedAt = capturedAt
        self.thumbnailFormat = thumbnailFormat
        self.createdAt = createdAt
    }
}

/// One position of a record's new ordered image list.
public enum AttachmentSlot: Sendable, Hashable {
    /// An image the record already has, by attachment id.
    case existing(Int64)
    /// A new image row.
    case new(NewAttachment)
}

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

/// A full-text search, already split into words by the engine.
public struct TextSearch: Sendable, Hashable {
    /// Words that must all occur (each also as a prefix), never query syntax.
    public var words: [String]
    /// The collection searched.
    public var collection: CollectionName
    /// Live, trashed or all records.
    public var trash: RecordQuery.TrashFilter
    /// At most this many records (1...1000).
    public var limit: Int
    /// Skip this many.
    public var offset: Int

    /// Creates a search.
    public init(words: [String], collection: CollectionName, trash: RecordQuery.TrashFilter, limit: Int, offset: Int) {
        self.words = words
        self.collection = collection
        self.trash = trash
        self.limit = limit
        self.offset = offset
    }
}
