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
    /// As `show` prints it.
    static func printRecord(_ id: RecordID, in store: Store, heading: String, _ call: Invocation) throws {
        try printTransaction(try Ledger(store: store).read(id), call, heading: heading)
    }
}
