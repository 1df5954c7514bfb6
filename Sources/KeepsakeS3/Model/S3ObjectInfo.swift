public import Foundation

/// What the server says about an object: from `HEAD`, or the headers of a `GET`.
public struct S3ObjectInfo: Sendable, Hashable {
    /// The object's key.
    public let key: String
    /// The whole object's size in bytes (not only the range read).
    public let size: Int64
    /// The entity tag, without quotes (the MD5 of the bytes for a single PUT).
    public let etag: String
    /// When it was stored, as the server says.
    public let lastModified: Date?
    /// Its media type.
    public let contentType: String?
    /// Its user metadata (`x-amz-meta-NAME` headers), names lowercased without the prefix.
    public let metadata: [String: String]

    /// The SHA-256 (hex) this client recorded in the metadata when it stored the object, if it did.
    public var sha256: String? { metadata["sha256"] }

    /// Creates the description of an object.
    public init(key: String, size: Int64, etag: String, lastModified: Date?, contentType: String?, metadata: [String: String]) {
        self.key = key
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.metadata = metadata
    }
}
