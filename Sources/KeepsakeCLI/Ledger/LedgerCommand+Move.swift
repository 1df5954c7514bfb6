import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand: MovableRecords {
    /// The ledger's collection.
    static var collection: CollectionName { Ledger.collection }
    /// `ledger`.
    static var app: String { "ledger" }
    /// `transaction`.
    static var noun: String { "transaction" }

    /// Reads it through the ledger, which refuses other apps' records.
    static func checkRecord(_ id: RecordID, in store: Store) throws { _ = try Ledger(store: store).read(id) }
    /// A transaction and its money account are in one ledger book (``Ledger/checkMove(_:to:)``).
    static func checkMove(_ id: RecordID, to book: BookID, in store: Store) throws { try Ledger(store: store).checkMove(id, to: book) }
    /// As `show` prints it.
    static func printRecord(_ id: RecordID, in store: Store, heading: String, _ call: Invocation) throws {
        try printTransaction(try Ledger(store: store).read(id), call, heading: heading)
    }
}
