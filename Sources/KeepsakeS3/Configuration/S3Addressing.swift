/// Where the bucket's name goes in a request's URL.
public enum S3Addressing: String, Sendable, Hashable, CaseIterable {
    /// `https://endpoint/bucket/key`: works with any endpoint (MinIO, Ceph, an IP address).
    case path
    /// `https://bucket.endpoint/key`: AWS's default; needs DNS (or `*.localhost`) for `bucket.endpoint`.
    case virtualHost = "virtual"
}
