/// What the store knows of one stored image's bytes: their size, their SHA-256 and that of the
/// bytes as uploaded, their media type, the upright width and height, and the format of the
/// image's thumbnails.
///
/// An ``Attachment`` (an image row as read) and a ``NewAttachment`` (a row to insert) each hold one
/// (``StoredImageFactsHolder``) and read its fields as their own (`attachment.byteSize`), so each
/// fact is written once, here.
public struct StoredImageFacts: Sendable, Hashable, Codable {
    /// Size of the stored file in bytes.
    public var byteSize: Int64
    /// SHA-256 of the stored file, lowercase hex.
    public var sha256: String
    /// SHA-256 of the bytes as uploaded (lets a whole-set update recognise unchanged images).
    public var sourceSHA256: String
    /// MIME type of the stored file.
    public var mediaType: String
    /// Upright width in pixels.
    public var width: Int
    /// Upright height in pixels.
    public var height: Int
    /// Format of this image's thumbnails.
    public var thumbnailFormat: StoredImageFormat

    /// Creates the facts of a stored image.
    public init(byteSize: Int64, sha256: String, sourceSHA256: String, mediaType: String, width: Int, height: Int,
                thumbnailFormat: StoredImageFormat) {
        (self.byteSize, self.sha256, self.sourceSHA256, self.mediaType) = (byteSize, sha256, sourceSHA256, mediaType)
        (self.width, self.height, self.thumbnailFormat) = (width, height, thumbnailFormat)
    }
}
