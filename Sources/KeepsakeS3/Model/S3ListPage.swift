/// One page of a `ListObjectsV2` listing: objects in ascending order of their keys' UTF-8 bytes.
public struct S3ListPage: Sendable {
    /// The objects of this page, in key order.
    public let objects: [S3ObjectSummary]
    /// Pass to the next call to get the next page; `nil` on the last page.
    public let nextContinuationToken: String?

    /// Whether more pages follow.
    public var isTruncated: Bool { nextContinuationToken != nil }
}
