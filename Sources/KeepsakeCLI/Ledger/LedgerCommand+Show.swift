import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger show ID`: one transaction, from ``Ledger``.
    struct Show: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "show", abstract: "One transaction.", discussion: "Shows one transaction with its receipt (stored path and size; --json adds its SHA-256).",
            examples: ["keepsake ledger show 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --json"])

        /// The transaction.
        @Argument(.recordID, hint: Help.id) var id: RecordID

        /// Prints the transaction.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            try printTransaction(try ledger.read(id), call, heading: nil)
            return 0
        }
    }
}
