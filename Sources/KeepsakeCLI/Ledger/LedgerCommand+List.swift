import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension LedgerCommand {
    /// `keepsake ledger list`: one month through ``LedgerMonthViewModel``, with its totals.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "One month's transactions (this month by default) and its totals.",
            discussion: """
                The transactions of one month (this month by default), newest day first, then the month's
                totals per currency (the totals always cover the whole month, whatever the filter).
                """,
            examples: ["keepsake ledger list", "keepsake ledger list --month 2026-11 --category 식비", "keepsake ledger list --month 2026-11 --income --json"])

        /// The month.
        @Option("--month", .month, help: "The month; default this month.") var month: CalendarMonth?
        /// Only this category.
        @Option("--category", .text("NAME"), help: "Only this category's transactions.") var category: String?
        /// Only expenses.
        @Flag("--expense", help: "Only expenses.") var expenses: Bool
        /// Only income.
        @Flag("--income", help: "Only income.") var income: Bool
        /// Only one kind, by name.
        @Option("--kind", .kind, help: "Only expenses or only income.") var kind: TransactionKind?
        /// Only one money account.
        @Option("--account", .text("ACCOUNT"), help: "Only this money account's transactions (its id or name).") var account: String?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// At most one kind.
        static var rules: [OptionRule] { [.atMostOne([[\Self.$expenses], [\Self.$income], [\Self.$kind]])] }

        /// Loads the month and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let month = self.month ?? CalendarMonth(containing: Date(), in: call.timeZone)
            let kind: TransactionKind? = expenses ? .expense : income ? .income : self.kind
            var ledger = Ledger(store: try call.openStore())
            ledger.books = try book.filter(in: ledger.store, collection: Ledger.collection)
            let model = LedgerMonthViewModel(ledger: ledger, month: month)
            model.category = category
            model.kind = kind
            await model.load()
            try CommandSupport.check(model.error)
            var transactions = model.transactions
            if let account {
                let id = try LedgerCommand.findAccount(account, in: ledger).id
                transactions = transactions.filter { ledger.accountID(of: $0) == id }
            }
            if call.json {
                try call.printJSON(MonthOutput(month: model.month, transactions: transactions, totals: model.totals))
                return 0
            }
            if transactions.isEmpty { call.print("No transactions in \(month)\(category != nil || kind != nil || account != nil ? " match" : "").") }
            for transaction in transactions {
                call.print(line(transaction))
                // A split transaction's parts, indented under it.
                for part in transaction.splits { call.print("    \(part.category): \(part.amount)" + (part.memo.isEmpty ? "" : " (\(part.memo))")) }
            }
            printTotals(model.totals, title: "Totals for \(month)", call)
            return 0
        }
    }

    /// `ledger list --json`.
    struct MonthOutput: Encodable {
        let month: LedgerMonth
        let transactions: [LedgerTransaction]
        let totals: [Currency: LedgerTotals]
    }
}
