import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension LedgerCommand: TrashableRecords {
    /// What an id argument is.
    static var idHint: String { Help.id }
    /// `delete ID`: to the trash with its photos.
    static let deleteConfiguration = CommandConfiguration(
        "delete", abstract: "Move a transaction (and its receipt) to the trash.",
        discussion: """
            Moves a transaction and its receipt to the trash; ledger restore brings it back, and
            keepsake trash purge removes it for good.
            """,
        examples: ["keepsake ledger delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

    /// `restore ID`: back from the trash.
    static let restoreConfiguration = CommandConfiguration(
        "restore", abstract: "Take it out of the trash.", discussion: "Takes a transaction (and its receipt) out of the trash.",
        examples: ["keepsake ledger restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

    /// `delete ID` and `restore ID`.
    @MainActor
    static func trashOperation(_ id: RecordID, _ call: Invocation, restoring: Bool) async throws -> Int32 {
        let ledger = Ledger(store: try call.openStore())
        let model = LedgerMonthViewModel(ledger: ledger, month: CalendarMonth(containing: Date(), in: call.timeZone))
        if restoring { await model.restore(id) } else { await model.delete(id) }
        return try reportTrashOperation(id, call, restoring: restoring, error: model.error, noun: "transaction", app: "ledger") { try ledger.read(id) }
    }
}
