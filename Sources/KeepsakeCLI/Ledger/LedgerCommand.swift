import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake ledger …`: the household account book. Adding and editing go through
/// ``LedgerComposeViewModel``, the month list and its totals through ``LedgerMonthViewModel``;
/// one transaction, yearly reports and CSV, which no screen model holds, come from ``Ledger``.
enum LedgerCommand {
    /// The `ledger` group and its actions (each in `Ledger/LedgerCommand+Action.swift`).
    static let command = Command(
        group: "ledger", abstract: "The household ledger: expenses and income with exact amounts and receipts.", section: KeepsakeCommand.apps,
        discussion: """
            The household ledger: expenses and income on a day, in a category, with an exact amount in
            one currency (never mixed with another), a memo and at most one receipt photo.
            """,
        subcommands: [Command(Add.self), Command(List.self), Command(Show.self), Command(Edit.self), receipt, recurring, Command(DeleteCommand<LedgerCommand>.self),
                      Command(RestoreCommand<LedgerCommand>.self), Command(MoveRecordCommand<LedgerCommand>.self), Command(Report.self), budget, Command(Export.self), Command(Import.self),
                      account, Command(Transfer.self)],
        epilogue: """
            Amounts are plain decimals with the currency's number of decimals: 12.50 USD, 12000 KRW.
            Every action takes --json for machine-readable output and --help for its own help.
            """,
        examples: [
            "keepsake ledger add --expense --amount 12000 --currency KRW --category 식비 --memo 김밥 --receipt receipt.jpg",
            "keepsake ledger add --income --amount 3000.00 --currency USD --category Salary --date 2026-11-25",
            "keepsake ledger list --month 2026-11 --category 식비",
            "keepsake ledger report --year 2026 --json",
            "keepsake ledger export ledger.csv",
        ])

    // MARK: - Output

    /// One list line: id, day, kind, signed amount, category, memo, receipt.
    static func line(_ transaction: LedgerTransaction) -> String {
        let amount = transaction.signedAmount.description
        let padded = String(repeating: " ", count: max(0, 16 - amount.count)) + amount
        let receipt = transaction.receipt == nil ? "" : "  [receipt]"
        let memo = transaction.memo.isEmpty ? "" : "  \(CommandSupport.summary(transaction.memo, limit: 32))"
        return "\(transaction.id)  \(transaction.date)  \(CommandSupport.pad(transaction.kind.rawValue, to: 7)) \(padded)  \(transaction.category)\(memo)\(receipt)"
    }

    /// Totals per currency, one line each.
    static func printTotals(_ totals: [Currency: LedgerTotals], title: String, _ call: Invocation) {
        guard !totals.isEmpty else {
            call.print("\(title): no transactions.")
            return
        }
        call.print("\(title):")
        for (currency, sums) in totals.sorted(by: { $0.key < $1.key }) {
            call.print("  \(currency.code)  income \(sums.income.amountString)  expense \(sums.expense.amountString)  balance \(sums.balance.amountString)  (\(CommandSupport.count(sums.transactionCount, "transaction")))")
        }
    }

    /// One transaction in full (or as JSON), after `heading`.
    static func printTransaction(_ transaction: LedgerTransaction, _ call: Invocation, heading: String?) throws {
        try call.printResult(transaction) {
            if let heading { call.print(heading) }
            call.print("Transaction: \(transaction.id)")
            call.print("Date:        \(transaction.date)")
            call.print("Kind:        \(transaction.kind)")
            call.print("Amount:      \(transaction.amount)")
            call.print("Category:    \(transaction.category)")
            if !transaction.splits.isEmpty {
                call.print("Parts:")
                for part in transaction.splits {
                    call.print("  \(part.category): \(part.amount)" + (part.memo.isEmpty ? "" : " (\(part.memo))"))
                }
            }
            if !transaction.memo.isEmpty { call.print("Memo:        \(transaction.memo)") }
            if let receipt = transaction.receipt {
                call.print("Receipt:")
                CommandSupport.photoLines([receipt]).forEach { call.print($0) }
            } else {
                call.print("Receipt:     none")
            }
            CommandSupport.printTimes(created: transaction.createdAt, updated: transaction.updatedAt, trashed: transaction.trashedAt, width: 13, call)
        }
    }
}
