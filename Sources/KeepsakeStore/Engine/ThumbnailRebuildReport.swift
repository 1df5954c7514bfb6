/// What ``Store/rebuildThumbnails(progress:)`` did: how many images it went through and which of
/// them it could not make thumbnails for.
public struct ThumbnailRebuildReport: Sendable, Hashable {
    /// An image whose thumbnails could not be made, and why.
    public struct Failure: Sendable, Hashable {
        /// The stored original.
        public var path: RelativePath
        /// Why (its original is missing or damaged, the disk is full, …).
        public var error: KeepsakeError
    }

    /// Every stored image, live and in the trash.
    public var images: Int
    /// The images whose thumbnails could not be made.
    public var failures: [Failure] = []

    /// The images whose thumbnails were made.
    public var rebuilt: Int { images - failures.count }
}
