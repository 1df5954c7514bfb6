import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension LedgerCommand {
    /// `keepsake ledger receipt attach|remove`.
    static let receipt = Command(
        group: "receipt", abstract: "The receipt photo of a transaction: attach or remove.",
        discussion: """
            A transaction holds at most one receipt photo. attach stores FILE as its receipt, replacing
            the one it had (the old file is removed only after the change is saved); remove takes it off.
            """,
        subcommands: [Command(AttachReceipt.self), Command(RemoveReceipt.self)],
        examples: [
            "keepsake ledger receipt attach 3f2504e0-4f89-41d3-9a0c-0305e82c3301 receipt.jpg",
            "keepsake ledger receipt remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        ])

    /// `keepsake ledger receipt attach ID FILE`.
    struct AttachReceipt: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "attach", abstract: "Attach a receipt photo, or replace the one it has.",
            discussion: "Stores FILE as the transaction's receipt, replacing the one it had (the old file is removed only after the change is saved).",
            examples: ["keepsake ledger receipt attach 3f2504e0-4f89-41d3-9a0c-0305e82c3301 receipt.jpg"])

        /// The transaction.
        @Argument(.recordID, hint: Help.id) var id: RecordID
        /// The photo.
        @Argument(.file(), hint: "the receipt photo") var photo: String
        /// How it is stored.
        @OptionGroup var encoding: EncodingFlags

        /// Stores the receipt and prints the transaction.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore(encoding))
            let compose = LedgerComposeViewModel(ledger: ledger, editing: try ledger.read(id))
            compose.newReceipt = .file(URL(fileURLWithPath: photo))
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The receipt could not be changed.") }
            try printTransaction(saved, call, heading: "Attached the receipt to \(id).")
            return 0
        }
    }

    /// `keepsake ledger receipt remove ID`.
    struct RemoveReceipt: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "remove", abstract: "Remove the receipt photo.", discussion: "Takes the receipt photo off a transaction.",
            examples: ["keepsake ledger receipt remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

        /// The transaction.
        @Argument(.recordID, hint: Help.id) var id: RecordID

        /// Removes the receipt and prints the transaction.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let current = try ledger.read(id)
            guard current.receipt != nil else { throw CommandFailure(message: "Transaction \(id) has no receipt to remove.") }
            let compose = LedgerComposeViewModel(ledger: ledger, editing: current)
            compose.removesReceipt = true
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The receipt could not be changed.") }
            try printTransaction(saved, call, heading: "Removed the receipt of \(id).")
            return 0
        }
    }
}
