import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension LedgerCommand {
    /// `keepsake ledger report`: totals of a month (through ``LedgerMonthViewModel``) or a year
    /// (from ``Ledger``).
    struct Report: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "report", abstract: "Income, expense and balance per currency and per category, for a\nmonth or a year.",
            discussion: """
                Income, expense and balance per currency, and per category within each currency, of a month
                (this month by default) or a whole year (then also month by month). Amounts in different
                currencies are never added together.
                """,
            examples: ["keepsake ledger report", "keepsake ledger report --month 2026-11", "keepsake ledger report --year 2026 --json"])

        /// The month, or with `--year` its number.
        @Option("--month", .text("YYYY-MM|M"), help: "The month (with --year, its number 1 to 12); default this month.") var month: String?
        /// A whole year.
        @Option("--year", .integer(in: 1...9999), "YYYY", help: "A whole year, month by month (with --month M, one month of it).") var year: Int?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Prints the totals.
        func run(_ call: Invocation) async throws -> Int32 {
            var chosen: CalendarMonth?
            if let text = month {
                if let year {
                    guard let number = Int(text), (1...12).contains(number) else {
                        throw UsageError(description: "With --year, --month takes a month number 1 to 12, not \(KeepsakeError.quoted(text)).")
                    }
                    chosen = try CalendarMonth(year: year, month: number)
                } else {
                    chosen = try ValueParser<CalendarMonth>.month.parse(text, "--month")
                }
            } else if year == nil {
                chosen = CalendarMonth(containing: Date(), in: call.timeZone)
            }
            var ledger = Ledger(store: try call.openStore())
            ledger.books = try book.filter(in: ledger.store, collection: Ledger.collection)
            let output: ReportOutput
            if let month = chosen {
                let model = LedgerMonthViewModel(ledger: ledger, month: month)
                await model.load()
                try CommandSupport.check(model.error)
                output = ReportOutput(period: month.string, totals: model.totals, categories: model.categoryTotals, months: nil)
            } else {
                guard let year else { throw UsageError(description: "ledger report needs --month or --year; see keepsake ledger report --help.") }
                output = ReportOutput(period: year.zeroPadded(4), totals: try ledger.totals(year: year),
                                      categories: try ledger.categoryTotals(year: year), months: try ledger.monthlyTotals(year: year))
            }
            if call.json {
                try call.printJSON(output)
                return 0
            }
            printTotals(output.totals, title: "Report for \(output.period)", call)
            for (currency, categories) in output.categories.sorted(by: { $0.key < $1.key }) {
                call.print("By category (\(currency.code)):")
                for (name, totals) in categories.sorted(by: { $0.key < $1.key }) {
                    var parts: [String] = []
                    if totals.expense.minorUnits > 0 { parts.append("expense \(totals.expense.amountString)") }
                    if totals.income.minorUnits > 0 { parts.append("income \(totals.income.amountString)") }
                    call.print("  \(CommandSupport.pad(name, to: 14)) \(parts.joined(separator: ", "))  (\(CommandSupport.count(totals.transactionCount, "transaction")))")
                }
            }
            if let months = output.months {
                call.print("By month:")
                for month in months where !month.totals.isEmpty {
                    let sums = month.totals.sorted { $0.key < $1.key }.map { "\($0.key.code) balance \($0.value.balance.amountString)" }
                    call.print("  \(month.month)  \(sums.joined(separator: "; "))")
                }
            }
            return 0
        }
    }

    /// `ledger report --json`.
    struct ReportOutput: Encodable {
        let period: String
        let totals: [Currency: LedgerTotals]
        let categories: [Currency: [String: LedgerTotals]]
        let months: [LedgerMonthTotals]?
    }
}
