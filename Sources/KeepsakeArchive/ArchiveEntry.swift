/// One entry's header, as an ``ArchiveReader`` reads it.
public struct ArchiveEntry: Sendable, Hashable {
    /// The entry's path inside the archive, as written (UTF-8 where the archive says so).
    public let name: String
    /// Whether the entry is a regular file (not a folder, link or device).
    public let isRegularFile: Bool
    /// Whether the entry is a folder.
    public let isDirectory: Bool
    /// The size the header gives for the entry's data, in bytes.
    public let size: Int64

    /// An entry header.
    public init(name: String, isRegularFile: Bool, isDirectory: Bool, size: Int64) {
        self.name = name
        self.isRegularFile = isRegularFile
        self.isDirectory = isDirectory
        self.size = size
    }
}
