/// Why an ``ArchiveReader`` stopped; each caller says it in its own words (an export archive, a zip).
public enum ArchiveReadError: Error, Sendable, Hashable {
    /// libarchive could not allocate a reader (out of memory).
    case cannotAllocate
    /// The file cannot be opened as an archive of the format asked for; `missing` when it does not exist.
    case cannotOpen(reason: String, missing: Bool)
    /// An entry's header cannot be read: the archive is damaged, truncated or of another format.
    case damagedHeader(reason: String)
    /// An entry's data cannot be read: the archive is damaged or truncated.
    case damagedData(reason: String)
    /// An entry holds more than the `limit` bytes the caller allows.
    case tooLarge(limit: Int)
}
