import Foundation
import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger transfer`: move money between two of one's money accounts.
    struct Transfer: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "transfer", abstract: "Move money between two money accounts (both sides or none).",
            discussion: """
                Moves money from one money account to another of the same ledger book in one operation.
                Between two currencies give what arrives too (--to-amount). A transfer counts in both
                balances but never in income, expense or category totals.
                """,
            examples: ["keepsake ledger transfer --from Shinhan --to Wallet --amount 50000",
                       "keepsake ledger transfer --from Shinhan --to Dollars --amount 135000 --to-amount 100.00 --date 2026-11-20"])

        /// The account the money leaves.
        @Option("--from", .text("ACCOUNT"), help: "The account the money leaves: its id or name.") var from: String
        /// The account it arrives in.
        @Option("--to", .text("ACCOUNT"), help: "The account it arrives in: its id or name.") var to: String
        /// What leaves.
        @Option("--amount", .text("AMOUNT"), help: "What leaves, in the from account's currency.") var amount: String
        /// What arrives.
        @Option("--to-amount", .text("AMOUNT"), help: "What arrives, in the to account's currency (two currencies only).") var toAmount: String?
        /// The day.
        @Option("--date", .day, help: Help.date) var date: CalendarDay?
        /// A note.
        @Option("--memo", .text(), help: Help.memo) var memo: String?

        /// Makes the transfer and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let source = try LedgerCommand.findAccount(from, in: ledger)
            let target = try LedgerCommand.findAccount(to, in: ledger)
            let transfer = try ledger.createTransfer(LedgerTransferDraft(
                date: date ?? CalendarDay(containing: Date(), in: call.timeZone), from: source.id, to: target.id,
                amount: try Money(parsing: amount, currency: source.currency),
                toAmount: try toAmount.map { try Money(parsing: $0, currency: target.currency) }, memo: memo ?? ""))
            try call.printResult(transfer) {
                call.print("Transferred \(transfer.amount) from \(source.name) to \(target.name)\(transfer.toAmount == transfer.amount ? "" : " (\(transfer.toAmount))") on \(transfer.date): \(transfer.id)")
            }
            return 0
        }
    }
}
