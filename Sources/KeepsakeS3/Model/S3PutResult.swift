/// What a successful `PUT` stored.
public struct S3PutResult: Sendable, Hashable {
    /// The key written.
    public let key: String
    /// The entity tag the server gave it, without quotes.
    public let etag: String
    /// Bytes stored.
    public let size: Int64
    /// The SHA-256 of the bytes (hex), which the server checked against what arrived.
    public let sha256: String
    /// Whether an earlier attempt of this same PUT had stored it already (its answer was lost; the
    /// retry met the object, with these bytes, under `If-None-Match: *`).
    public let storedByEarlierAttempt: Bool
}
