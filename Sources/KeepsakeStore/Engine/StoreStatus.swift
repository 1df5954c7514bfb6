/// Counts and sizes of a store, for `keepsake status`: the same figures whatever the backends, plus
/// what each backend says of itself.
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

        /// Creates the figures of one collection.
        public init(name: String, live: Int, trashed: Int, images: Int, bytes: Int64) {
            self.name = name
            self.live = live
            self.trashed = trashed
            self.images = images
            self.bytes = bytes
        }
    }

    /// One entry per collection that has records.
    public var collections: [Collection]
    /// Operations journalled as in flight right now (normally 0).
    public var intentsInFlight: Int
    /// The image processor in use.
    public var imageProcessor: String
    /// The metadata store (kind, location, its own figures).
    public var metadata: BackendStatus
    /// The blob store (kind, location, its own figures).
    public var blobs: BackendStatus

    /// All records, live and trashed.
    public var totalRecords: Int { collections.reduce(0) { $0 + $1.live + $1.trashed } }
    /// All stored images.
    public var totalImages: Int { collections.reduce(0) { $0 + $1.images } }
    /// Bytes of all stored originals.
    public var totalBytes: Int64 { collections.reduce(0) { $0 + $1.bytes } }
}
