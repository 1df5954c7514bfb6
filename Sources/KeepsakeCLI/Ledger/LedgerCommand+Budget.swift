import Foundation
import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger budget set|list|remove|report`: monthly budgets per category and currency.
    static let budget = Command(
        group: "budget", abstract: "Monthly budgets per category and currency: set, list, remove, report.",
        discussion: """
            A budget is an amount per month for one category in one currency, from a month on, until a
            budget of a later month for the same category replaces it (0 ends it). With --carry-over, what
            is left at the end of a month (or overspent) carries over to the next month. A budget lives in
            a ledger book with the transactions it budgets: sharing the book shares its budgets.
            """,
        subcommands: [Command(SetBudget.self), Command(ListBudgets.self), Command(RemoveBudget.self), Command(BudgetReport.self)],
        examples: [
            "keepsake ledger budget set --category 식비 --amount 300000 --currency KRW --month 2026-11 --carry-over",
            "keepsake ledger budget report --month 2026-11",
        ])

    /// `keepsake ledger budget set`.
    struct SetBudget: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "set", abstract: "Set the budget of a category from a month on.",
            discussion: """
                Sets the budget of a category and currency from --month (this month by default) on; setting
                it again for the same month changes it. An amount with more decimals than the currency has
                is refused and nothing is written.
                """,
            examples: [
                "keepsake ledger budget set --category 식비 --amount 300000",
                "keepsake ledger budget set --category Coffee --amount 40.00 --currency USD --month 2026-11 --carry-over",
            ])

        /// The category.
        @Option("--category", .text("NAME"), help: Help.category) var category: String
        /// The amount, as written.
        @Option("--amount", .text("AMOUNT"), help: "The amount per month: a plain decimal of 0 or more, at most the\ncurrency's decimals (0 ends an earlier budget).") var amount: String
        /// The currency's code.
        @Option("--currency", .text("CODE"), help: Help.currency) var currency: String?
        /// The first month.
        @Option("--month", .month, help: "The first month it applies to; default this month.") var month: CalendarMonth?
        /// Whether the rest carries over.
        @Flag("--carry-over", help: "Carry each month's rest (or overspend) over to the next month.") var carryOver: Bool
        /// The ledger book (default: your own).
        @OptionGroup var book: BookOption

        /// Sets the budget and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let month = self.month ?? CalendarMonth(containing: Date(), in: call.timeZone)
            let draft = try LedgerBudgetDraft(typedMonth: month.string, amount: amount, currencyCode: currency ?? "KRW", category: category,
                                              carryOver: carryOver, book: try book.bookID(in: ledger.store, collection: Ledger.collection))
            let budget = try ledger.setBudget(draft)
            try call.printResult(budget) {
                call.print("Set budget \(budget.id).")
                call.print(LedgerCommand.line(budget))
            }
            return 0
        }
    }

    /// `keepsake ledger budget list`.
    struct ListBudgets: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Every budget, or those in effect in a month.",
            discussion: "Every budget you read, oldest month first; with --month, those in effect that month.",
            examples: ["keepsake ledger budget list", "keepsake ledger budget list --month 2026-11 --json"])

        /// Only those in effect this month.
        @Option("--month", .month, help: "Only the budgets in effect that month.") var month: CalendarMonth?
        /// Only one ledger book.
        @OptionGroup var book: BookOption

        /// Prints the budgets.
        func run(_ call: Invocation) async throws -> Int32 {
            var ledger = Ledger(store: try call.openStore())
            ledger.books = try book.filter(in: ledger.store, collection: Ledger.collection)
            let budgets = try ledger.budgets(in: month)
            try call.printResult(budgets) {
                if budgets.isEmpty { call.print("No budgets.") }
                budgets.forEach { call.print(LedgerCommand.line($0)) }
            }
            return 0
        }
    }

    /// `keepsake ledger budget remove ID`.
    struct RemoveBudget: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "remove", abstract: "Remove a budget for good.",
            discussion: "Removes the budget ID for good; a budget of an earlier month for the category applies again.",
            examples: ["keepsake ledger budget remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

        /// The budget.
        @Argument(.recordID, hint: "as budget set and budget list print it") var id: RecordID

        /// Removes the budget.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let budget = try ledger.budget(id)
            try ledger.removeBudget(id, expectedVersion: budget.version)
            try call.printResult(budget) { call.print("Removed budget \(id).") }
            return 0
        }
    }

    /// `keepsake ledger budget report`.
    struct BudgetReport: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "report", abstract: "A month's budgets against its spending: budget, carried, spent, left.",
            discussion: """
                Per budget in effect in the month (this month by default): the budget, what carried over from
                the month before, the month's expenses in the category and currency in the budget's ledger
                book (income does not reduce them) and what is left; a negative rest is over budget.
                """,
            examples: ["keepsake ledger budget report", "keepsake ledger budget report --month 2026-11 --json"])

        /// The month.
        @Option("--month", .month, help: "The month; default this month.") var month: CalendarMonth?
        /// Only one ledger book.
        @OptionGroup var book: BookOption

        /// Prints the report.
        func run(_ call: Invocation) async throws -> Int32 {
            var ledger = Ledger(store: try call.openStore())
            ledger.books = try book.filter(in: ledger.store, collection: Ledger.collection)
            let month = self.month ?? CalendarMonth(containing: Date(), in: call.timeZone)
            let lines = try ledger.budgetReport(for: month)
            try call.printResult(lines) {
                guard !lines.isEmpty else {
                    call.print("Budgets for \(month): none.")
                    return
                }
                call.print("Budgets for \(month):")
                for line in lines {
                    let left = line.isOver ? "over by \(Money(minorUnits: -line.left.minorUnits, currency: line.left.currency))" : "left \(line.left)"
                    call.print("  \(CommandSupport.pad(line.budget.category, to: 14)) budget \(line.budget.amount)  carried \(line.carried.amountString)  spent \(line.spent.amountString)  \(left)")
                }
            }
            return 0
        }
    }

    /// One budget line: id, first month, amount, category, carry-over.
    static func line(_ budget: LedgerBudget) -> String {
        "\(budget.id)  from \(budget.month)  \(budget.amount)  \(budget.category)\(budget.carryOver ? "  carry-over" : "")"
    }
}
