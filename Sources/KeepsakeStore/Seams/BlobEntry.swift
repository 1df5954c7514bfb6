/// One entry of a blob listing.
public struct BlobEntry: Sendable, Hashable {
    /// What is there.
    public enum Kind: Sendable, Hashable {
        /// A stored object of this size.
        case object(size: Int64)
        /// An empty folder (folder stores only).
        case emptyFolder
        /// Something the store never makes: a symbolic link, a device, a socket.
        case unexpected
    }

    /// The full key, as found (not necessarily a valid ``RelativePath``).
    public var key: String
    /// What it is.
    public var kind: Kind

    /// Creates an entry.
    public init(key: String, kind: Kind) {
        self.key = key
        self.kind = kind
    }
}
