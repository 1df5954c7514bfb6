/// Counts, sizes and locations of a store, for `keepsake status`.
public struct StoreStatus: Sendable, Hashable, Codable {
    /// Per-collection counts.
    public struct Collection: Sendable, Hashable, Codable {
        /// The collection's name.
        public var name: String
        /// Records not in the trash.
        public var live: Int
        /// Records in the trash.
        public var trashed: Int
        /// Stored images.
        public var images: Int
        /// Bytes of stored originals.
        public var bytes: Int64
    }

    /// The data folder.
    public var dataDirectory: String
    /// The cache folder.
    public var cacheDirectory: String
    /// The database file.
    public var databasePath: String
    /// Its size in bytes (main file and write-ahead log).
    public var databaseBytes: Int64
    /// Schema version.
    public var schemaVersion: Int
    /// One entry per collection that has records.
    public var collections: [Collection]
    /// Operations journalled as in flight right now (normally 0).
    public var intentsInFlight: Int
    /// The image processor in use.
    public var imageProcessor: String

    /// All records, live and trashed.
    public var totalRecords: Int { collections.reduce(0) { $0 + $1.live + $1.trashed } }
    /// All stored images.
    public var totalImages: Int { collections.reduce(0) { $0 + $1.images } }
    /// Bytes of all stored originals.
    public var totalBytes: Int64 { collections.reduce(0) { $0 + $1.bytes } }
}
