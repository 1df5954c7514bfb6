import Foundation
import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger import FILE`: Keepsake's CSV through ``Ledger``, a bank statement through
    /// ``ImportCommand``.
    struct Import: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
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
            examples: [
                "keepsake ledger import ledger.csv",
                "keepsake ledger import statement.ofx --dry-run",
                "keepsake ledger import export.qif --currency USD",
                "keepsake ledger import kb-bank.csv --rules kb.rules --json",
                "keepsake ledger import card.qfx --round half-even --skip-invalid",
            ])

        /// The file; `-` for standard input.
        @Argument(.file(), hint: "- for standard input") var path: String
        /// How a statement is read.
        @OptionGroup var statement: ImportCommand.StatementOptions
        /// Import the valid rows.
        @Flag("--skip-invalid", help: "Import the valid rows and list the others, instead of importing nothing.") var skipInvalid: Bool
        /// Write nothing.
        @Flag("--dry-run", help: ImportCommand.dryRunHelp) var dryRun: Bool

        /// Imports the file and prints the report.
        func run(_ call: Invocation) async throws -> Int32 {
            if let status = try ImportCommand.ledgerStatement(call, path: path, statement, skipInvalid: skipInvalid, dryRun: dryRun) { return status }
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
            let skip = skipInvalid
            if !check.invalid.isEmpty, !skip {
                throw CommandFailure(
                    message: "Nothing was imported: \(check.invalid.count) of \(check.rowCount) rows are invalid (listed below); fix them, or add --skip-invalid to import the \(CommandSupport.count(check.importableCount, "valid new row")).",
                    details: check.invalid.map(\.description))
            }
            let report = dryRun ? check : try ledger.importCSV(text, skipInvalid: skip)
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
    }
}
