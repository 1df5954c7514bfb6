public import KeepsakeStore

/// What a CSV import did, or, for ``Ledger/validateCSV(_:)``, would do.
public struct LedgerImportReport: Sendable, Hashable, Codable {
    /// A row that was not imported, and why.
    public struct Issue: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The 1-based line the row starts on (the header is line 1).
        public var line: Int
        /// The row's id, when it has a valid one.
        public var id: RecordID?
        /// Why the row was left out, naming the column: `date: "2025-13-01" is not a valid date: …`.
        public var reason: String

        /// `line 3: <reason>`.
        public var description: String { "line \(line): \(reason)" }
    }

    /// Whether this is the result of a check only (nothing was written).
    public var dryRun: Bool
    /// Data rows read (the header and empty lines not counted).
    public var rowCount: Int
    /// Rows that are valid and new: imported, or, on a dry run, that would be.
    public var importableCount: Int
    /// Ids of the transactions created (empty on a dry run or when nothing was imported).
    public var imported: [RecordID]
    /// Rows skipped because a transaction with their id is already in the store.
    public var duplicates: [Issue]
    /// Rows that are invalid. An import without `skipInvalid` throws instead of returning a report
    /// with invalid rows.
    public var invalid: [Issue]
}
