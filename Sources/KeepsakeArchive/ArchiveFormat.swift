/// Which archives an ``ArchiveReader`` opens.
public enum ArchiveFormat: Sendable, Hashable {
    /// A tar archive, uncompressed or with any compression libarchive knows (the store export).
    case tar
    /// A zip (the exports of Day One, Daylio and Journey).
    case zip
}
