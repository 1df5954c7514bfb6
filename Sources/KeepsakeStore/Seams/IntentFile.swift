/// A stored original named by an intent, with what is needed to find its thumbnails.
public struct IntentFile: Sendable, Hashable {
    /// The original's key (store-relative path).
    public var key: RelativePath
    /// New or obsolete.
    public var role: IntentFileRole
    /// The format of its thumbnails (part of their keys).
    public var thumbnailFormat: StoredImageFormat

    /// Creates a journal entry for one file.
    public init(key: RelativePath, role: IntentFileRole, thumbnailFormat: StoredImageFormat) {
        self.key = key
        self.role = role
        self.thumbnailFormat = thumbnailFormat
    }
}
