/// What the metadata store keeps for one idempotency key (the API's `Idempotency-Key`): the
/// request it was first used with, who is working on it, and the answer once there is one.
///
/// The store treats the fields as opaque: the edge that uses keys decides what `scope`, `target`
/// and `response` hold (the web API: a token id, the id of the record a request creates or
/// changes, the encoded first answer). Rows live until ``expiresAt``.
public struct IdempotencyRecord: Sendable, Hashable {
    /// Whose key it is (keys of different scopes never meet), e.g. an API token's id.
    public var scope: String
    /// The key as the client sent it.
    public var key: String
    /// A digest of the first request made with the key (method, path, body): a later request with
    /// the same key and another fingerprint is refused.
    public var fingerprint: String
    /// What the request works on, e.g. the id chosen for the record it creates.
    public var target: String?
    /// Until when (seconds since 1970) a running request holds the key; 0 when none does.
    public var leaseUntil: Double
    /// The first answer, once the request finished; `nil` while none has.
    public var response: [UInt8]?
    /// When the key was first used (seconds since 1970).
    public var createdAt: Double
    /// When the row may be forgotten (seconds since 1970).
    public var expiresAt: Double

    /// Creates a row.
    public init(scope: String, key: String, fingerprint: String, target: String?, leaseUntil: Double,
                response: [UInt8]?, createdAt: Double, expiresAt: Double) {
        self.scope = scope
        self.key = key
        self.fingerprint = fingerprint
        self.target = target
        self.leaseUntil = leaseUntil
        self.response = response
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
