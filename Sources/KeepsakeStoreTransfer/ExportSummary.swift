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
    /// Accounts written from the archive's accounts and books (0 for an archive without them, or
    /// when the store's own first admin clashed with them and the records joined its books).
    public var accounts: Int = 0
    /// Books written from the archive's accounts and books.
    public var books: Int = 0
}
