/// One page of a listing.
public struct BlobListing: Sendable {
    /// Entries in byte order of their keys.
    public var entries: [BlobEntry]
    /// Pass as `after` for the next page; `nil` when this is the last.
    public var nextAfter: String?

    /// Creates a page.
    public init(entries: [BlobEntry], nextAfter: String?) {
        self.entries = entries
        self.nextAfter = nextAfter
    }
}
