import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake ledger …`: the household account book. Adding and editing go through
/// ``LedgerComposeViewModel``, the month list and its totals through ``LedgerMonthViewModel``;
/// one transaction, yearly reports and CSV, which no screen model holds, come from ``Ledger``.
enum LedgerCommand {
    static let help = """
        Usage: keepsake [--store DIR] ledger <action> [options]

        The household ledger: expenses and income on a day, in a category, with an exact amount in
        one currency (never mixed with another), a memo and at most one receipt photo.

        Actions:
          add                    Record a transaction (--date, --expense/--income, --amount, --currency,
                                 --category, --memo, --receipt).
          list                   One month's transactions (this month by default) and its totals.
          show ID                One transaction.
          edit ID                Change a transaction; only the options given change.
          receipt attach ID FILE Attach a receipt photo, or replace the one it has.
          receipt remove ID      Remove the receipt photo.
          delete ID              Move a transaction (and its receipt) to the trash.
          restore ID             Take it out of the trash.
          report                 Income, expense and balance per currency and per category, for a
                                 month or a year.
          export FILE            Write every transaction as CSV (- for standard output).
          import FILE            Read such a CSV, or a bank statement (OFX/QFX, QIF, Firefly III CSV,
                                 camt.053, any bank's CSV with --rules); nothing is imported if a row
                                 is invalid, unless --skip-invalid.

        Amounts are plain decimals with the currency's number of decimals: 12.50 USD, 12000 KRW.
        Every action takes --json for machine-readable output and --help for its own help.

        Examples:
          keepsake ledger add --expense --amount 12000 --currency KRW --category 식비 --memo 김밥 --receipt receipt.jpg
          keepsake ledger add --income --amount 3000.00 --currency USD --category Salary --date 2026-11-25
          keepsake ledger list --month 2026-11 --category 식비
          keepsake ledger report --year 2026 --json
          keepsake ledger export ledger.csv
        """

    /// The options of add and edit.
    static let transactionFlags: Set<String> = ["--date", "--kind", "--amount", "--currency", "--category", "--memo", "--receipt"]

    static var group: CommandGroup {
        CommandGroup(name: "ledger", help: help, actions: [add, list, show, edit, receipt, delete, restore, report, export, importCSV])
    }

    /// Runs `keepsake ledger …`.
    @MainActor
    static func run(_ arguments: [String]) async throws -> Int32 {
        try await group.run(arguments)
    }

    // MARK: - add

    static var add: CommandGroup.Action {
        CommandGroup.Action(name: "add", valueFlags: transactionFlags, switchFlags: ["--expense", "--income"], help: """
            Usage: keepsake [--store DIR] ledger add --amount AMOUNT --category NAME [--expense | --income | --kind KIND]
                                             [--currency CODE] [--date YYYY-MM-DD] [--memo TEXT] [--receipt FILE] [--json]

            Records a transaction.

              --amount AMOUNT    A plain decimal, at most the currency's decimals (12.50 USD, 12000 KRW).
              --currency CODE    ISO 4217 code; default KRW.
              --category NAME    The category, such as 식비 or Groceries.
              --expense/--income Money out (the default) or in; --kind expense|income says the same.
              --date YYYY-MM-DD  The day; default today.
              --memo TEXT        A note.
              --receipt FILE     A receipt photo, stored with the transaction in one operation.

            Examples:
              keepsake ledger add --amount 12000 --category 식비 --memo 김밥
              keepsake ledger add --income --amount 2500.00 --currency USD --category Salary --date 2026-11-25
              keepsake ledger add --amount 4.50 --currency USD --category Coffee --receipt receipt.jpg --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "ledger add takes options only (is a value missing its quotes?); see keepsake ledger add --help.")
            guard let amount = parsed.value("--amount"), let category = parsed.value("--category") else {
                throw UsageError(description: "ledger add needs --amount and --category; see keepsake ledger add --help.")
            }
            let kind = try kind(parsed) ?? .expense
            let day = try day(parsed.value("--date")) ?? LedgerDay(containing: Date())
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            let compose = LedgerComposeViewModel(ledger: ledger, day: day, currencyCode: parsed.value("--currency") ?? "KRW")
            compose.kind = kind
            compose.amountText = amount
            compose.category = category
            if let memo = parsed.value("--memo") { compose.memo = memo }
            if let receipt = parsed.value("--receipt") { compose.newReceipt = .file(URL(fileURLWithPath: receipt)) }
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The transaction could not be saved.") }
            try printTransaction(saved, parsed, heading: "Added transaction \(saved.id).")
            return 0
        }
    }

    // MARK: - list

    static var list: CommandGroup.Action {
        CommandGroup.Action(name: "list", valueFlags: ["--month", "--category", "--kind"], switchFlags: ["--expense", "--income"], help: """
            Usage: keepsake [--store DIR] ledger list [--month YYYY-MM] [--category NAME] [--expense | --income | --kind KIND] [--json]

            The transactions of one month (this month by default), newest day first, then the month's
            totals per currency (the totals always cover the whole month, whatever the filter).

            Examples:
              keepsake ledger list
              keepsake ledger list --month 2026-11 --category 식비
              keepsake ledger list --month 2026-11 --income --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "ledger list takes options only; see keepsake ledger list --help.")
            let month = try month(parsed.value("--month")) ?? LedgerDay(containing: Date()).ledgerMonth
            let kind = try kind(parsed)
            let model = LedgerMonthViewModel(ledger: Ledger(store: try KeepsakeCommand.openStore(parsed)), month: month)
            model.category = parsed.value("--category")
            model.kind = kind
            await model.load()
            try CommandSupport.check(model.error)
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(MonthOutput(month: model.month, transactions: model.transactions, totals: model.totals))
                return 0
            }
            if model.transactions.isEmpty { print("No transactions in \(month)\(parsed.given("--category") || kind != nil ? " match" : "").") }
            for transaction in model.transactions { print(line(transaction)) }
            printTotals(model.totals, title: "Totals for \(month)")
            return 0
        }
    }

    // MARK: - show

    static var show: CommandGroup.Action {
        CommandGroup.Action(name: "show", help: """
            Usage: keepsake [--store DIR] ledger show ID [--json]

            Shows one transaction with its receipt (stored path and size; --json adds its SHA-256).

            Examples:
              keepsake ledger show 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --json
            """) { parsed in
            let id = try CommandSupport.singleID(parsed, command: "ledger show")
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            try printTransaction(try ledger.transaction(id), parsed, heading: nil)
            return 0
        }
    }

    // MARK: - edit

    static var edit: CommandGroup.Action {
        CommandGroup.Action(name: "edit", valueFlags: transactionFlags, switchFlags: ["--expense", "--income", "--remove-receipt"], help: """
            Usage: keepsake [--store DIR] ledger edit ID [--date YYYY-MM-DD] [--expense | --income | --kind KIND]
                                              [--amount AMOUNT] [--currency CODE] [--category NAME] [--memo TEXT]
                                              [--receipt FILE | --remove-receipt] [--json]

            Changes a transaction; only the options given change (a new --currency reads --amount, or
            the current amount, in that currency). --receipt attaches or replaces the receipt photo;
            --remove-receipt removes it.

            Examples:
              keepsake ledger edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --amount 13000 --memo "김밥, 라면"
              keepsake ledger edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --income --category Refund
            """) { parsed in
            try parsed.expectPositionals(1...1, usage: "ledger edit needs one record id (is a value missing its quotes?); see keepsake ledger edit --help.")
            let id = try CommandSupport.recordID(parsed.positionals[0])
            let changes = transactionFlags.union(["--expense", "--income", "--remove-receipt"])
            guard changes.contains(where: { parsed.given($0) || parsed.has($0) }) else {
                throw UsageError(description: "Nothing to change: give at least one of \(changes.sorted().joined(separator: ", ")).")
            }
            if parsed.given("--receipt"), parsed.has("--remove-receipt") {
                throw UsageError(description: "Give --receipt or --remove-receipt, not both.")
            }
            let kind = try kind(parsed)
            let day = try day(parsed.value("--date"))
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            let compose = LedgerComposeViewModel(ledger: ledger, editing: try ledger.transaction(id))
            if let day { compose.dateText = day.string }
            if let kind { compose.kind = kind }
            if let amount = parsed.value("--amount") { compose.amountText = amount }
            if let currency = parsed.value("--currency") { compose.currencyCode = currency }
            if let category = parsed.value("--category") { compose.category = category }
            if let memo = parsed.value("--memo") { compose.memo = memo }
            if let receipt = parsed.value("--receipt") { compose.newReceipt = .file(URL(fileURLWithPath: receipt)) }
            compose.removesReceipt = parsed.has("--remove-receipt")
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The transaction could not be saved.") }
            try printTransaction(saved, parsed, heading: "Updated transaction \(saved.id).")
            return 0
        }
    }

    // MARK: - receipt

    static var receipt: CommandGroup.Action {
        CommandGroup.Action(name: "receipt", help: """
            Usage: keepsake [--store DIR] ledger receipt attach ID FILE [--json]
                   keepsake [--store DIR] ledger receipt remove ID [--json]

            A transaction holds at most one receipt photo. attach stores FILE as its receipt, replacing
            the one it had (the old file is removed only after the change is saved); remove takes it off.

            Examples:
              keepsake ledger receipt attach 3f2504e0-4f89-41d3-9a0c-0305e82c3301 receipt.jpg
              keepsake ledger receipt remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            let usage = "Write it as: ledger receipt attach ID FILE, or ledger receipt remove ID."
            try parsed.expectPositionals(2...3, usage: usage)
            let operation = parsed.positionals[0]
            guard (operation == "attach" && parsed.positionals.count == 3) || (operation == "remove" && parsed.positionals.count == 2) else {
                throw UsageError(description: usage)
            }
            let id = try CommandSupport.recordID(parsed.positionals[1])
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            let current = try ledger.transaction(id)
            let compose = LedgerComposeViewModel(ledger: ledger, editing: current)
            if operation == "attach" {
                compose.newReceipt = .file(URL(fileURLWithPath: parsed.positionals[2]))
            } else {
                guard current.receipt != nil else {
                    throw CommandFailure(message: "Transaction \(id) has no receipt to remove.")
                }
                compose.removesReceipt = true
            }
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The receipt could not be changed.") }
            try printTransaction(saved, parsed, heading: operation == "attach" ? "Attached the receipt to \(id)." : "Removed the receipt of \(id).")
            return 0
        }
    }

    // MARK: - delete, restore

    static var delete: CommandGroup.Action {
        CommandGroup.Action(name: "delete", help: """
            Usage: keepsake [--store DIR] ledger delete ID [--json]

            Moves a transaction and its receipt to the trash; ledger restore brings it back, and
            keepsake trash purge removes it for good.

            Examples:
              keepsake ledger delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            try await trashOperation(parsed, restoring: false)
        }
    }

    static var restore: CommandGroup.Action {
        CommandGroup.Action(name: "restore", help: """
            Usage: keepsake [--store DIR] ledger restore ID [--json]

            Takes a transaction (and its receipt) out of the trash.

            Examples:
              keepsake ledger restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            try await trashOperation(parsed, restoring: true)
        }
    }

    @MainActor
    static func trashOperation(_ parsed: CommandLineArguments, restoring: Bool) async throws -> Int32 {
        let id = try CommandSupport.singleID(parsed, command: restoring ? "ledger restore" : "ledger delete")
        let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
        let model = LedgerMonthViewModel(ledger: ledger, month: LedgerDay(containing: Date()).ledgerMonth)
        if restoring { await model.restore(id) } else { await model.delete(id) }
        try CommandSupport.check(model.error)
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(try ledger.transaction(id))
        } else {
            print(restoring ? "Restored transaction \(id)." : "Moved transaction \(id) to the trash; keepsake ledger restore \(id) brings it back.")
        }
        return 0
    }

    // MARK: - report

    static var report: CommandGroup.Action {
        CommandGroup.Action(name: "report", valueFlags: ["--year", "--month"], help: """
            Usage: keepsake [--store DIR] ledger report [--month YYYY-MM | --year YYYY [--month M]] [--json]

            Income, expense and balance per currency, and per category within each currency, of a month
            (this month by default) or a whole year (then also month by month). Amounts in different
            currencies are never added together.

            Examples:
              keepsake ledger report
              keepsake ledger report --month 2026-11
              keepsake ledger report --year 2026 --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "ledger report takes options only; see keepsake ledger report --help.")
            let year = try parsed.integer("--year", in: 1...9999)
            var month: LedgerMonth?
            if let text = parsed.value("--month") {
                if let year {
                    guard let number = Int(text), (1...12).contains(number) else {
                        throw UsageError(description: "With --year, --month takes a month number 1 to 12, not \(KeepsakeError.quoted(text)).")
                    }
                    month = try LedgerMonth(year: year, month: number)
                } else {
                    month = try self.month(text)
                }
            } else if year == nil {
                month = LedgerDay(containing: Date()).ledgerMonth
            }
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            let output: ReportOutput
            if let month {
                let model = LedgerMonthViewModel(ledger: ledger, month: month)
                await model.load()
                try CommandSupport.check(model.error)
                output = ReportOutput(period: month.string, totals: model.totals, categories: model.categoryTotals, months: nil)
            } else {
                let year = year!
                output = ReportOutput(period: String(format: "%04d", year), totals: try ledger.totals(year: year),
                                      categories: try ledger.categoryTotals(year: year), months: try ledger.monthlyTotals(year: year))
            }
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(output)
                return 0
            }
            printTotals(output.totals, title: "Report for \(output.period)")
            for (currency, categories) in output.categories.sorted(by: { $0.key < $1.key }) {
                print("By category (\(currency.code)):")
                for (name, totals) in categories.sorted(by: { $0.key < $1.key }) {
                    var parts: [String] = []
                    if totals.expense.minorUnits > 0 { parts.append("expense \(totals.expense.amountString)") }
                    if totals.income.minorUnits > 0 { parts.append("income \(totals.income.amountString)") }
                    print("  \(CommandSupport.pad(name, to: 14)) \(parts.joined(separator: ", "))  (\(CommandSupport.count(totals.transactionCount, "transaction")))")
                }
            }
            if let months = output.months {
                print("By month:")
                for month in months where !month.totals.isEmpty {
                    let sums = month.totals.sorted { $0.key < $1.key }.map { "\($0.key.code) balance \($0.value.balance.amountString)" }
                    print("  \(month.month)  \(sums.joined(separator: "; "))")
                }
            }
            return 0
        }
    }

    // MARK: - export, import

    static var export: CommandGroup.Action {
        CommandGroup.Action(name: "export", switchFlags: ["--include-trash", "--force"], help: """
            Usage: keepsake [--store DIR] ledger export FILE [--include-trash] [--force] [--json]

            Writes every live transaction (and those in the trash with --include-trash) as CSV: UTF-8,
            RFC 4180, one header row, columns \(Ledger.csvHeader.joined(separator: ",")). Receipts are
            not exported (keepsake export takes everything). FILE - writes to standard output; an
            existing FILE is refused unless --force. The file is written whole or not at all.

            Examples:
              keepsake ledger export ledger.csv
              keepsake ledger export - > ledger.csv
            """) { parsed in
            try parsed.expectPositionals(1...1, usage: "ledger export needs one FILE (- for standard output); see keepsake ledger export --help.")
            let path = parsed.positionals[0]
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            let csv = try ledger.exportCSV(includeTrash: parsed.has("--include-trash"))
            let count = max(0, CSV.parse(csv).count - 1)
            if path == "-" {
                FileHandle.standardOutput.write(Data(csv.utf8))
                return 0
            }
            let url = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: url.path), !parsed.has("--force") {
                throw CommandFailure(message: "\(path) already exists; choose another name, or add --force to replace it.")
            }
            do {
                try Data(csv.utf8).write(to: url, options: .atomic)
            } catch {
                throw CommandFailure(message: "Could not write \(path): \(error.localizedDescription)")
            }
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(ExportOutput(file: path, transactions: count))
            } else {
                print("Exported \(CommandSupport.count(count, "transaction")) to \(path).")
            }
            return 0
        }
    }

    static var importCSV: CommandGroup.Action {
        CommandGroup.Action(name: "import", valueFlags: ImportCommand.statementValueFlags, switchFlags: ["--skip-invalid", "--dry-run"], help: """
            Usage: keepsake [--store DIR] ledger import FILE [--format FORMAT] [--rules FILE] [--currency CODE]
                                               [--category NAME] [--encoding NAME] [--round MODE] [--account NAME]
                                               [--date-order mdy|dmy|ymd] [--decimal-mark .|,]
                                               [--skip-invalid] [--dry-run] [--json]

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
            FILE - reads a Keepsake CSV from standard input. --dry-run shows what would come over.

              --rules FILE       How to read a bank CSV: columns, date format, decimal mark, currency,
                                 and if-blocks that set the category or memo.
              --currency CODE    For statements that do not say theirs (QIF, a CSV without a currency).
              --category NAME    For rows without a category (default Uncategorized).
              --encoding NAME    utf-8, utf-16, windows-1252, iso-8859-1, euc-kr or cp949 (default: detected).
              --round MODE       Round amounts with too many decimals: half-up, half-even or down.
              --account NAME     The account the file belongs to, when it does not say (QIF, CSV).

            Examples:
              keepsake ledger import ledger.csv
              keepsake ledger import statement.ofx --dry-run
              keepsake ledger import export.qif --currency USD
              keepsake ledger import kb-bank.csv --rules kb.rules --json
              keepsake ledger import card.qfx --round half-even --skip-invalid
            """) { parsed in
            try parsed.expectPositionals(1...1, usage: "ledger import needs one FILE (- for standard input); see keepsake ledger import --help.")
            if let status = try ImportCommand.ledgerStatement(parsed) { return status }
            let path = parsed.positionals[0]
            let data: Data
            if path == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                    throw CommandFailure(message: "Cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? error.localizedDescription : "it does not exist").")
                }
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw CommandFailure(message: "\(path) is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in spreadsheet programs) and import again.")
            }
            let ledger = Ledger(store: try KeepsakeCommand.openStore(parsed))
            let check = try ledger.validateCSV(text)
            let skip = parsed.has("--skip-invalid")
            if !check.invalid.isEmpty, !skip {
                throw CommandFailure(
                    message: "Nothing was imported: \(check.invalid.count) of \(check.rowCount) rows are invalid (listed below); fix them, or add --skip-invalid to import the \(CommandSupport.count(check.importableCount, "valid new row")).",
                    details: check.invalid.map(\.description))
            }
            let report = parsed.has("--dry-run") ? check : try ledger.importCSV(text, skipInvalid: skip)
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(report)
                return 0
            }
            let verb = report.dryRun ? "Would import" : "Imported"
            print("\(verb) \(CommandSupport.count(report.dryRun ? report.importableCount : report.imported.count, "transaction")) of \(CommandSupport.count(report.rowCount, "row")); "
                  + "skipped \(report.duplicates.count) already present and \(report.invalid.count) invalid.")
            for issue in report.invalid { print("  invalid \(issue)") }
            return 0
        }
    }

    // MARK: - Parsing and output

    /// `--expense`, `--income` or `--kind`; `nil` when none is given.
    static func kind(_ parsed: CommandLineArguments) throws -> TransactionKind? {
        var kinds: [TransactionKind] = []
        if parsed.has("--expense") { kinds.append(.expense) }
        if parsed.has("--income") { kinds.append(.income) }
        if let text = parsed.value("--kind") {
            do { kinds.append(try TransactionKind(parsing: text)) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
        }
        guard Set(kinds).count <= 1 else { throw UsageError(description: "A transaction is an expense or income, not both.") }
        return kinds.first
    }

    /// A `YYYY-MM-DD` day; a malformed one is a usage error.
    static func day(_ text: String?) throws -> LedgerDay? {
        guard let text else { return nil }
        do { return try LedgerDay(parsing: text) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
    }

    /// A `YYYY-MM` month; a malformed one is a usage error.
    static func month(_ text: String?) throws -> LedgerMonth? {
        guard let text else { return nil }
        do { return try LedgerMonth(parsing: text) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
    }

    /// One list line: id, day, kind, signed amount, category, memo, receipt.
    static func line(_ transaction: LedgerTransaction) -> String {
        let amount = transaction.signedAmount.description
        let padded = String(repeating: " ", count: max(0, 16 - amount.count)) + amount
        let receipt = transaction.receipt == nil ? "" : "  [receipt]"
        let memo = transaction.memo.isEmpty ? "" : "  \(CommandSupport.summary(transaction.memo, limit: 32))"
        return "\(transaction.id)  \(transaction.date)  \(transaction.kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(padded)  \(transaction.category)\(memo)\(receipt)"
    }

    /// Totals per currency, one line each.
    static func printTotals(_ totals: [Currency: LedgerTotals], title: String) {
        guard !totals.isEmpty else {
            print("\(title): no transactions.")
            return
        }
        print("\(title):")
        for (currency, sums) in totals.sorted(by: { $0.key < $1.key }) {
            print("  \(currency.code)  income \(sums.income.amountString)  expense \(sums.expense.amountString)  balance \(sums.balance.amountString)  (\(CommandSupport.count(sums.transactionCount, "transaction")))")
        }
    }

    /// One transaction in full (or as JSON), after `heading`.
    static func printTransaction(_ transaction: LedgerTransaction, _ parsed: CommandLineArguments, heading: String?) throws {
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(transaction)
            return
        }
        if let heading { print(heading) }
        print("Transaction: \(transaction.id)")
        print("Date:        \(transaction.date)")
        print("Kind:        \(transaction.kind)")
        print("Amount:      \(transaction.amount)")
        print("Category:    \(transaction.category)")
        if !transaction.memo.isEmpty { print("Memo:        \(transaction.memo)") }
        if let receipt = transaction.receipt {
            print("Receipt:")
            CommandSupport.photoLines([receipt]).forEach { print($0) }
        } else {
            print("Receipt:     none")
        }
        print("Created:     \(DateText.format(transaction.createdAt))")
        print("Updated:     \(DateText.format(transaction.updatedAt))")
        if let trashed = transaction.trashedAt { print("In trash:    since \(DateText.format(trashed))") }
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
