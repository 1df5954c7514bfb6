/// What an export wrote.
public struct ExportSummary: Sendable, Hashable, Codable {
    /// Records written.
    public var records: Int
    /// Images written.
    public var images: Int
    /// Bytes of image data written (before compression).
    public var bytes: Int64
}

/// What an import did.
public struct ImportSummary: Sendable, Hashable, Codable {
    /// Records created.
    public var imported: Int
    /// Records skipped because a record with the same id already existed.
    public var skipped: Int
    /// Images stored.
    public var images: Int
}
