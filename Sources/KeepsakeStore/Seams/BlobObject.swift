public import Foundation

/// Bytes to store under a key, with their SHA-256.
public struct BlobObject: Sendable {
    /// The key.
    public var key: RelativePath
    /// The bytes.
    public var bytes: Data
    /// Their SHA-256, lowercase hex.
    public var sha256: String

    /// Creates an object to store.
    public init(key: RelativePath, bytes: Data, sha256: String) {
        self.key = key
        self.bytes = bytes
        self.sha256 = sha256
    }
}
