/// An image row to insert; the metadata store assigns its id (ids are never reused).
public struct NewAttachment: Sendable, Hashable, StoredImageFactsHolder {
    /// The original's key.
    public var key: RelativePath
    /// Its bytes' size, hashes, media type, upright width and height, and its thumbnails' format;
    /// read as `image.byteSize` and so on (``StoredImageFactsHolder``).
    public var facts: StoredImageFacts
    /// Capture date, seconds since 1970.
    public var capturedAt: Double?
    /// When it was stored, seconds since 1970.
    public var createdAt: Double
    /// The account that added it, whose storage usage it counts in; `nil` for the local operator.
    public var addedBy: AccountID?

    /// Creates an image row.
    public init(key: RelativePath, byteSize: Int64, sha256: String, sourceSHA256: String, mediaType: String, width: Int, height: Int,
                capturedAt: Double?, thumbnailFormat: StoredImageFormat, createdAt: Double, addedBy: AccountID? = nil) {
        self.key = key
        facts = StoredImageFacts(byteSize: byteSize, sha256: sha256, sourceSHA256: sourceSHA256, mediaType: mediaType, width: width, height: height,
                                 thumbnailFormat: thumbnailFormat)
        (self.capturedAt, self.createdAt, self.addedBy) = (capturedAt, createdAt, addedBy)
    }
}
