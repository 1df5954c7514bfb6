/// What ``BlobStore/stat(_:)`` knows of an object.
public struct BlobInfo: Sendable, Hashable {
    /// Its size in bytes.
    public var size: Int64

    /// Creates an answer.
    public init(size: Int64) { self.size = size }
}
