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
    /// The book it goes into.
    public var book: BookID
    /// The account that made it (`nil` for the local operator).
    public var author: AccountID?

    /// Creates a record row.
    public init(id: RecordID, collection: CollectionName, date: Double, fields: [String: FieldValue], createdAt: Double,
                updatedAt: Double, trashedAt: Double?, nextImageNumber: Int64, book: BookID, author: AccountID?) {
        self.id = id
        self.collection = collection
        self.date = date
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashedAt = trashedAt
        self.nextImageNumber = nextImageNumber
        self.book = book
        self.author = author
    }
}
