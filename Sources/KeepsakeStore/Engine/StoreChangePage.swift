/// One page of the change log with the current state of its records, read in one transaction and
/// through the access rule (``Store/changePage(after:limit:)``).
public struct StoreChangePage: Sendable, Hashable {
    /// The changes after the asked-for sequence that the caller sees (of records in books it reads,
    /// and those addressed to its account: see ``Store/changes(after:limit:)``), oldest first.
    public var changes: [StoreChange]
    /// The current state of each changed record the caller still reads; a record that is gone, or
    /// that the caller may no longer read (moved to another book, a membership ended), is absent:
    /// to the caller it was deleted.
    public var records: [RecordID: Record]
    /// The newest change's sequence number in the log (0 for an empty log): in the whole log, or,
    /// on a metadata store with row-level security, among the entries the caller may read.
    public var latest: Int64

    /// Creates a page.
    public init(changes: [StoreChange], records: [RecordID: Record], latest: Int64) {
        self.changes = changes
        self.records = records
        self.latest = latest
    }
}
