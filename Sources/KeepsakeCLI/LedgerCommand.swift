import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels
import KeepsakeSupport

/// `keepsake ledger …`: the household account book. Adding and editing go through
/// ``LedgerComposeViewModel``, the month list and its totals through ``LedgerMonthViewModel``;
/// one transaction, yearly reports and CSV, which no screen model holds, come from ``Ledger``.
enum LedgerCommand {
    static let command = Command(
        group: "ledger", abstract: "The household ledger: expenses and income with exact amounts and receipts.", section: KeepsakeCommand.apps,
        discussion: """
            The household ledger: expenses and income on a day, in a category, with an exact amount in
            one currency (never mixed with another), a memo and at most one receipt photo.
            """,
        subcommands: [add, list, show, edit, receipt, delete, restore, report, export, importFile],
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

    // MARK: - Options

    static let id = Argument(.recordID, hint: "as add and list print it")
    static let date = Option("--date", .day, help: "The day; default today.")
    static let expense = Flag("--expense", help: "Money out (the default).")
    static let income = Flag("--income", help: "Money in.")
    static let kind = Option("--kind", .kind, help: "expense or income, as --expense or --income say.")
    static let amount = Option("--amount", .text("AMOUNT"), help: "A plain decimal, at most the currency's decimals (12.50 USD, 12000 KRW).")
    static let currency = Option("--currency", .text("CODE"), help: "ISO 4217 code; default KRW.")
    static let category = Option("--category", .text("NAME"), help: "The category, such as 식비 or Groceries.")
    static let memo = Option("--memo", .text(), help: "A note.")
    static let receiptFile = Option("--receipt", .file(), help: "A receipt photo, stored with the transaction in one operation.")
    static let removeReceipt = Flag("--remove-receipt", help: "Remove the receipt photo.")

    /// `--expense`, `--income` or `--kind` (at most one is given); `nil` when none is.
    static func transactionKind(_ call: Invocation) -> TransactionKind? {
        call[expense] ? .expense : call[income] ? .income : call[kind]
    }

    // MARK: - add

    static let add = Command(
        "add", abstract: "Record a transaction (--date, --expense/--income, --amount, --currency,\n--category, --memo, --receipt).",
        discussion: "Records a transaction.",
        options: [amount.asRequired, category.asRequired, expense, income, kind, currency, date, memo, receiptFile],
        rules: [.atMostOne([[expense], [income], [kind]])], groups: [EncodingFlags.group],
        examples: [
            "keepsake ledger add --amount 12000 --category 식비 --memo 김밥",
            "keepsake ledger add --income --amount 2500.00 --currency USD --category Salary --date 2026-11-25",
            "keepsake ledger add --amount 4.50 --currency USD --category Coffee --receipt receipt.jpg --json",
        ]) { call in
        let ledger = Ledger(store: try call.openStore())
        let compose = LedgerComposeViewModel(ledger: ledger, day: call[date] ?? CalendarDay(containing: Date(), in: call.timeZone),
                                             currencyCode: call[currency] ?? "KRW")
        compose.kind = transactionKind(call) ?? .expense
        compose.amountText = try call.required(amount)
        compose.category = try call.required(category)
        if let memo = call[memo] { compose.memo = memo }
        if let receipt = call[receiptFile] { compose.newReceipt = .file(URL(fileURLWithPath: receipt)) }
        guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The transaction could not be saved.") }
        try printTransaction(saved, call, heading: "Added transaction \(saved.id).")
        return 0
    }

    // MARK: - list

    static let month = Option("--month", .month, help: "The month; default this month.")
    static let onlyCategory = Option("--category", .text("NAME"), help: "Only this category's transactions.")
    static let onlyExpenses = Flag("--expense", help: "Only expenses.")
    static let onlyIncome = Flag("--income", help: "Only income.")
    static let onlyKind = Option("--kind", .kind, help: "Only expenses or only income.")

    static let list = Command(
        "list", abstract: "One month's transactions (this month by default) and its totals.",
        discussion: """
            The transactions of one month (this month by default), newest day first, then the month's
            totals per currency (the totals always cover the whole month, whatever the filter).
            """,
        options: [month, onlyCategory, onlyExpenses, onlyIncome, onlyKind],
        rules: [.atMostOne([[onlyExpenses], [onlyIncome], [onlyKind]])],
        examples: ["keepsake ledger list", "keepsake ledger list --month 2026-11 --category 식비", "keepsake ledger list --month 2026-11 --income --json"]) { call in
        let month = call[Self.month] ?? CalendarMonth(containing: Date(), in: call.timeZone)
        let kind: TransactionKind? = call[onlyExpenses] ? .expense : call[onlyIncome] ? .income : call[onlyKind]
        let model = LedgerMonthViewModel(ledger: Ledger(store: try call.openStore()), month: month)
        model.category = call[onlyCategory]
        model.kind = kind
        await model.load()
        try CommandSupport.check(model.error)
        if call.json {
            try call.printJSON(MonthOutput(month: model.month, transactions: model.transactions, totals: model.totals))
            return 0
        }
        if model.transactions.isEmpty { call.print("No transactions in \(month)\(call.given(onlyCategory) || kind != nil ? " match" : "").") }
        for transaction in model.transactions { call.print(line(transaction)) }
        printTotals(model.totals, title: "Totals for \(month)", call)
        return 0
    }

    // MARK: - show

    static let show = Command(
        "show", abstract: "One transaction.", discussion: "Shows one transaction with its receipt (stored path and size; --json adds its SHA-256).",
        arguments: [id], examples: ["keepsake ledger show 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --json"]) { call in
        let ledger = Ledger(store: try call.openStore())
        try printTransaction(try ledger.transaction(try call.required(id)), call, heading: nil)
        return 0
    }

    // MARK: - edit

    static let edit = Command(
        "edit", abstract: "Change a transaction; only the options given change.",
        discussion: """
            Changes a transaction; only the options given change (a new --currency reads --amount, or
            the current amount, in that currency). --receipt attaches or replaces the receipt photo;
            --remove-receipt removes it.
            """,
        arguments: [id], options: [date, expense, income, kind, amount, currency, category, memo, receiptFile, removeReceipt],
        rules: [.atMostOne([[expense], [income], [kind]]), .atMostOne([[receiptFile], [removeReceipt]]),
                .atLeastOne([date, expense, income, kind, amount, currency, category, memo, receiptFile, removeReceipt], message: "Nothing to change")],
        groups: [EncodingFlags.group],
        examples: [
            #"keepsake ledger edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --amount 13000 --memo "김밥, 라면""#,
            "keepsake ledger edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --income --category Refund",
        ]) { call in
        let ledger = Ledger(store: try call.openStore())
        let compose = LedgerComposeViewModel(ledger: ledger, editing: try ledger.transaction(try call.required(id)))
        if let day = call[date] { compose.dateText = day.string }
        if let kind = transactionKind(call) { compose.kind = kind }
        if let amount = call[amount] { compose.amountText = amount }
        if let currency = call[currency] { compose.currencyCode = currency }
        if let category = call[category] { compose.category = category }
        if let memo = call[memo] { compose.memo = memo }
        if let receipt = call[receiptFile] { compose.newReceipt = .file(URL(fileURLWithPath: receipt)) }
        compose.removesReceipt = call[removeReceipt]
        guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The transaction could not be saved.") }
        try printTransaction(saved, call, heading: "Updated transaction \(saved.id).")
        return 0
    }

    // MARK: - receipt

    static let photo = Argument(.file(), hint: "the receipt photo")

    static let receipt = Command(
        group: "receipt", abstract: "The receipt photo of a transaction: attach or remove.",
        discussion: """
            A transaction holds at most one receipt photo. attach stores FILE as its receipt, replacing
            the one it had (the old file is removed only after the change is saved); remove takes it off.
            """,
        subcommands: [attachReceipt, detachReceipt],
        examples: [
            "keepsake ledger receipt attach 3f2504e0-4f89-41d3-9a0c-0305e82c3301 receipt.jpg",
            "keepsake ledger receipt remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        ])

    static let attachReceipt = Command(
        "attach", abstract: "Attach a receipt photo, or replace the one it has.",
        discussion: "Stores FILE as the transaction's receipt, replacing the one it had (the old file is removed only after the change is saved).",
        arguments: [id, photo], groups: [EncodingFlags.group], examples: ["keepsake ledger receipt attach 3f2504e0-4f89-41d3-9a0c-0305e82c3301 receipt.jpg"]) { call in
        let id = try call.required(Self.id)
        let ledger = Ledger(store: try call.openStore())
        let compose = LedgerComposeViewModel(ledger: ledger, editing: try ledger.transaction(id))
        compose.newReceipt = .file(URL(fileURLWithPath: try call.required(photo)))
        guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The receipt could not be changed.") }
        try printTransaction(saved, call, heading: "Attached the receipt to \(id).")
        return 0
    }

    static let detachReceipt = Command(
        "remove", abstract: "Remove the receipt photo.", discussion: "Takes the receipt photo off a transaction.",
        arguments: [id], examples: ["keepsake ledger receipt remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        let id = try call.required(Self.id)
        let ledger = Ledger(store: try call.openStore())
        let current = try ledger.transaction(id)
        guard current.receipt != nil else { throw CommandFailure(message: "Transaction \(id) has no receipt to remove.") }
        let compose = LedgerComposeViewModel(ledger: ledger, editing: current)
        compose.removesReceipt = true
        guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The receipt could not be changed.") }
        try printTransaction(saved, call, heading: "Removed the receipt of \(id).")
        return 0
    }

    // MARK: - delete, restore

    static let delete = Command(
        "delete", abstract: "Move a transaction (and its receipt) to the trash.",
        discussion: """
            Moves a transaction and its receipt to the trash; ledger restore brings it back, and
            keepsake trash purge removes it for good.
            """,
        arguments: [id], examples: ["keepsake ledger delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try await trashOperation(call, restoring: false)
    }

    static let restore = Command(
        "restore", abstract: "Take it out of the trash.", discussion: "Takes a transaction (and its receipt) out of the trash.",
        arguments: [id], examples: ["keepsake ledger restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try await trashOperation(call, restoring: true)
    }

    /// `delete ID` and `restore ID`.
    @MainActor
    static func trashOperation(_ call: Invocation, restoring: Bool) async throws -> Int32 {
        let id = try call.required(Self.id)
        let ledger = Ledger(store: try call.openStore())
        let model = LedgerMonthViewModel(ledger: ledger, month: CalendarMonth(containing: Date(), in: call.timeZone))
        if restoring { await model.restore(id) } else { await model.delete(id) }
        try CommandSupport.check(model.error)
        if call.json {
            try call.printJSON(try ledger.transaction(id))
        } else {
            call.print(restoring ? "Restored transaction \(id)." : "Moved transaction \(id) to the trash; keepsake ledger restore \(id) brings it back.")
        }
        return 0
    }

    // MARK: - report

    static let year = Option("--year", .integer(in: 1...9999), "YYYY", help: "A whole year, month by month (with --month M, one month of it).")
    static let reportMonth = Option("--month", .text("YYYY-MM|M"), help: "The month (with --year, its number 1 to 12); default this month.")

    static let report = Command(
        "report", abstract: "Income, expense and balance per currency and per category, for a\nmonth or a year.",
        discussion: """
            Income, expense and balance per currency, and per category within each currency, of a month
            (this month by default) or a whole year (then also month by month). Amounts in different
            currencies are never added together.
            """,
        options: [reportMonth, year],
        examples: ["keepsake ledger report", "keepsake ledger report --month 2026-11", "keepsake ledger report --year 2026 --json"]) { call in
        let year = call[Self.year]
        var month: CalendarMonth?
        if let text = call[reportMonth] {
            if let year {
                guard let number = Int(text), (1...12).contains(number) else {
                    throw UsageError(description: "With --year, --month takes a month number 1 to 12, not \(KeepsakeError.quoted(text)).")
                }
                month = try CalendarMonth(year: year, month: number)
            } else {
                month = try ValueParser<CalendarMonth>.month.parse(text, "--month")
            }
        } else if year == nil {
            month = CalendarMonth(containing: Date(), in: call.timeZone)
        }
        let ledger = Ledger(store: try call.openStore())
        let output: ReportOutput
        if let month {
            let model = LedgerMonthViewModel(ledger: ledger, month: month)
            await model.load()
            try CommandSupport.check(model.error)
            output = ReportOutput(period: month.string, totals: model.totals, categories: model.categoryTotals, months: nil)
        } else {
            let year = try call.required(Self.year)
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

    // MARK: - export

    static let csvOut = Argument(.file(), hint: "- for standard output")
    static let includeTrash = Flag("--include-trash", help: "Also the transactions in the trash.")
    static let force = Flag("--force", help: "Replace FILE if it exists.")

    static let export = Command(
        "export", abstract: "Write every transaction as CSV (- for standard output).",
        discussion: """
            Writes every live transaction (and those in the trash with --include-trash) as CSV: UTF-8,
            RFC 4180, one header row, columns \(Ledger.csvHeader.joined(separator: ",")). Receipts are
            not exported (keepsake export takes everything). FILE - writes to standard output; an
            existing FILE is refused unless --force. The file is written whole or not at all.
            """,
        arguments: [csvOut], options: [includeTrash, force],
        examples: ["keepsake ledger export ledger.csv", "keepsake ledger export - > ledger.csv"]) { call in
        let path = try call.required(csvOut)
        let ledger = Ledger(store: try call.openStore())
        let csv = try ledger.exportCSV(includeTrash: call[includeTrash])
        let count = max(0, CSV.parse(csv).count - 1)
        if path == "-" {
            call.write(Data(csv.utf8))
            return 0
        }
        let url = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: url.path), !call[force] {
            throw CommandFailure(message: "\(KeepsakeError.printable(path)) already exists; choose another name, or add --force to replace it.")
        }
        do {
            try Data(csv.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(message: "Could not write \(KeepsakeError.printable(path)): \(error.localizedDescription)")
        }
        if call.json {
            try call.printJSON(ExportOutput(file: path, transactions: count))
        } else {
            call.print("Exported \(CommandSupport.count(count, "transaction")) to \(path).")
        }
        return 0
    }

    // MARK: - import

    static let csvIn = Argument(.file(), hint: "- for standard input")
    static let skipInvalid = Flag("--skip-invalid", help: "Import the valid rows and list the others, instead of importing nothing.")

    static let importFile = Command(
        "import", abstract: """
            Read such a CSV, or a bank statement (OFX/QFX, QIF, Firefly III CSV,
            camt.053, any bank's CSV with --rules); nothing is imported if a row
            is invalid, unless --skip-invalid.
            """,
        discussion: """
            Reads transactions from a file, whose format is told by its content (or --format):
              keepsake   The CSV ledger export writes (columns \(Ledger.csvHeader.joined(separator: ","))).
              ofx        OFX/QFX statements, SGML 1.x and XML 2.x; FITID keeps each transaction's id.
              qif        Quicken QIF (needs --currency; --date-order for non-US dates).
              firefly    Firefly III's CSV export.
              camt       ISO 20022 camt.053 (and camt.052/054) XML statements.
              csv        Any bank's CSV, described by a rules file (--rules; docs/IMPORT.md).
            Every row is checked first. If any row is invalid (a date that cannot be read, an amount with
            more decimals than its currency has), nothing is imported and every bad row is listed with its
            line number, unless --skip-invalid (then the rest is imported). Rows already in the store are
            skipped, so importing a file twice adds nothing; identical rows of a statement are all kept.
            FILE - reads a Keepsake CSV from standard input.
            """,
        arguments: [csvIn], options: ImportCommand.statementOptions + [skipInvalid, ImportCommand.dryRun],
        examples: [
            "keepsake ledger import ledger.csv",
            "keepsake ledger import statement.ofx --dry-run",
            "keepsake ledger import export.qif --currency USD",
            "keepsake ledger import kb-bank.csv --rules kb.rules --json",
            "keepsake ledger import card.qfx --round half-even --skip-invalid",
        ]) { call in
        let path = try call.required(csvIn)
        if let status = try ImportCommand.ledgerStatement(call, path: path) { return status }
        let data: Data
        if path == "-" {
            data = call.context.io.readInput()
        } else {
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw CommandFailure(message: "Cannot read \(KeepsakeError.printable(path)): \(FileManager.default.fileExists(atPath: path) ? error.localizedDescription : "it does not exist").")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(message: "\(KeepsakeError.printable(path)) is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in spreadsheet programs) and import again.")
        }
        let ledger = Ledger(store: try call.openStore())
        let check = try ledger.validateCSV(text)
        let skip = call[skipInvalid]
        if !check.invalid.isEmpty, !skip {
            throw CommandFailure(
                message: "Nothing was imported: \(check.invalid.count) of \(check.rowCount) rows are invalid (listed below); fix them, or add --skip-invalid to import the \(CommandSupport.count(check.importableCount, "valid new row")).",
                details: check.invalid.map(\.description))
        }
        let report = call[ImportCommand.dryRun] ? check : try ledger.importCSV(text, skipInvalid: skip)
        if call.json {
            try call.printJSON(report)
            return 0
        }
        let verb = report.dryRun ? "Would import" : "Imported"
        call.print("\(verb) \(CommandSupport.count(report.dryRun ? report.importableCount : report.imported.count, "transaction")) of \(CommandSupport.count(report.rowCount, "row")); "
                   + "skipped \(report.duplicates.count) already present and \(report.invalid.count) invalid.")
        for issue in report.invalid { call.print("  invalid \(issue)") }
        return 0
    }

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
        if call.json {
            try call.printJSON(transaction)
            return
        }
        let zone = call.timeZone
        if let heading { call.print(heading) }
        call.print("Transaction: \(transaction.id)")
        call.print("Date:        \(transaction.date)")
        call.print("Kind:        \(transaction.kind)")
        call.print("Amount:      \(transaction.amount)")
        call.print("Category:    \(transaction.category)")
        if !transaction.memo.isEmpty { call.print("Memo:        \(transaction.memo)") }
        if let receipt = transaction.receipt {
            call.print("Receipt:")
            CommandSupport.photoLines([receipt]).forEach { call.print($0) }
        } else {
            call.print("Receipt:     none")
        }
        call.print("Created:     \(DateText.format(transaction.createdAt, timeZone: zone))")
        call.print("Updated:     \(DateText.format(transaction.updatedAt, timeZone: zone))")
        if let trashed = transaction.trashedAt { call.print("In trash:    since \(DateText.format(trashed, timeZone: zone))") }
    }

    /// `ledger list --json`.
    struct MonthOutput: Encodable {
        let month: LedgerMonth
        let transactions: [LedgerTransaction]
        let totals: [Currency: LedgerTotals]
    }

    /// `ledger export FILE --json`.
    struct ExportOutput: Encodable {
        let file: String
        let transactions: Int
    }

    /// `ledger report --json`.
    struct ReportOutput: Encodable {
        let period: String
        let totals: [Currency: LedgerTotals]
        let categories: [Currency: [String: LedgerTotals]]
        let months: [LedgerMonthTotals]?
    }
}
