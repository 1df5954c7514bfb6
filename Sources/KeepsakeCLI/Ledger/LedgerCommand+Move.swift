import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand: MovableRecords {
    /// The ledger's collection.
    static var collection: CollectionName { Ledger.collection }
    /// `ledger`.
    static var app: String { "ledger" }
    /// `transaction`.
    static var noun: String { "transaction" }
}
