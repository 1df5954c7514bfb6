public import Foundation

/// One object in a listing.
public struct S3ObjectSummary: Sendable, Hashable {
    /// The key.
    public let key: String
    /// The size in bytes.
    public let size: Int64
    /// The entity tag, without quotes.
    public let etag: String
    /// When it was stored.
    public let lastModified: Date?
}
