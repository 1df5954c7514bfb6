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
    /// The account that added it, whose storage usage it counts in; `nil` for the local operator.
    public var addedBy: AccountID?

    /// Creates an image row.
    public init(key: RelativePath, byteSize: Int64, sha256: String, sourceSHA256: String, mediaType: String, width: Int, height: Int,
                capturedAt: Double?, thumbnailFormat: StoredImageFormat, createdAt: Double, addedBy: AccountID? = nil) {
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
        self.addedBy = addedBy
    }
}
