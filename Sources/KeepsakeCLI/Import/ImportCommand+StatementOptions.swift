import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore

extension ImportCommand {
    /// The options `ledger import` takes for bank statements (OFX, QIF, Firefly III, camt.053, bank CSV).
    struct StatementOptions: ParsableArguments {
        /// The formats `--format` names.
        static let formats = ["auto", "keepsake"] + ImportSource.ledgerSources.map(\.rawValue)

        /// The file's format.
        @Option("--format", .choice(StatementOptions.formats.map { ($0, $0) }, placeholder: "FORMAT", ignoringCase: true),
                help: "\(StatementOptions.formats.joined(separator: ", ")) (default auto: told by the content).")
        var format: String?
        /// A bank CSV's rules file.
        @Option("--rules", .file(), help: """
            How to read a bank CSV: columns, date format, decimal mark, currency,
            and if-blocks that set the category or memo.
            """)
        var rules: String?
        /// The currency of statements that do not say theirs.
        @Option("--currency", .currency, help: "For statements that do not say theirs (QIF, a CSV without a currency).") var currency: Currency?
        /// The category of rows without one.
        @Option("--category", .text("NAME"), help: "For rows without a category (default Uncategorized).") var category: String?
        /// The text encoding.
        @Option("--encoding", .textEncoding, help: "utf-8, utf-16, windows-1252, iso-8859-1, euc-kr or cp949 (default: detected).")
        var encoding: TextEncoding?
        /// How to round amounts with too many decimals.
        @Option("--round", .choice(AmountRounding.allCases.map { ($0.rawValue, $0) }, placeholder: "MODE", ignoringCase: true),
                help: "Round amounts with too many decimals: half-up, half-even or down.")
        var round: AmountRounding?
        /// The account the file belongs to.
        @Option("--account", .text("NAME"), help: """
            The money account for the transactions (made if missing), over
            the one the file names (OFX, camt, QIF !Account, Firefly).
            """) var account: String?
        /// The other side of transfers the file does not name.
        @Option("--transfer-account", .text("NAME"), help: """
            The other side of an OFX XFER that names none (made if missing;
            default: the book's Cash account of the currency).
            """) var transferAccount: String?
        /// The order of a QIF file's dates.
        @Option("--date-order", .choice(QIFDateOrder.allCases.map { ($0.rawValue, $0) }, ignoringCase: true),
                help: "The order of a QIF file's dates (default mdy, as in the US).")
        var dateOrder: QIFDateOrder?
        /// A bank CSV's decimal mark.
        @Option("--decimal-mark", .choice([(".", Character(".")), (",", Character(","))]), help: "The decimal mark of a bank CSV's amounts (default .).")
        var decimalMark: Character?
    }

    /// Runs `ledger import FILE` when FILE is a statement (OFX, QIF, Firefly III, camt, bank CSV);
    /// `nil` when it is Keepsake's own CSV, which `LedgerCommand` imports itself.
    @MainActor
    static func ledgerStatement(_ call: Invocation, path: String, _ statement: StatementOptions, skipInvalid: Bool, dryRun: Bool) throws -> Int32? {
        let format = statement.format?.lowercased() ?? "auto"
        if format == "keepsake" { return nil }
        if path == "-" {
            guard format == "auto" else { throw UsageError(description: "Statements are read from a file, not standard input; give the FILE.") }
            return nil
        }
        let url = URL(fileURLWithPath: path)
        let source: ImportSource
        if let chosen = ImportSource(rawValue: format) {
            source = chosen
        } else {
            switch try LedgerFileFormat.detect(url) {
            case .keepsakeCSV: return nil
            case .statement(let detected): source = detected
            }
        }
        if source == .csv, statement.rules == nil, format == "auto" {
            throw CommandFailure(message: "\(KeepsakeError.printable(path)) is a CSV whose header is neither Keepsake's ledger CSV header (\(Ledger.csvHeader.joined(separator: ","))) nor a Firefly III export's; if it is a bank's CSV, describe its columns in a rules file and add --rules FILE (docs/IMPORT.md has the format and examples).")
        }
        var options = LedgerImportOptions()
        options.currency = statement.currency
        if let category = statement.category { options.category = category }
        options.encoding = statement.encoding
        options.rounding = statement.round
        if let order = statement.dateOrder { options.qifDateOrder = order }
        if let mark = statement.decimalMark { options.decimalMark = mark }
        options.account = statement.account
        options.transferAccount = statement.transferAccount
        var csvRules: CSVRules?
        if let rulesPath = statement.rules {
            let text: String
            do { text = try String(contentsOfFile: rulesPath, encoding: .utf8) } catch {
                throw CommandFailure(message: "Cannot read the rules file \(KeepsakeError.printable(rulesPath)): \(FileManager.default.fileExists(atPath: rulesPath) ? "it is not UTF-8 text" : "it does not exist").")
            }
            csvRules = try CSVRules(parsing: text)
        }
        if source == .qif, options.currency == nil {
            throw UsageError(description: "A QIF file does not say its currency; add --currency CODE (for example --currency USD).")
        }
        let store = try call.openStore()
        let importer = try LedgerFileFormat.importer(source, file: url, rules: csvRules, ledger: Ledger(store: store), options: options, displayName: path)
        return try runImport(importer, store: store, call, dryRun: dryRun, refusals: skipInvalid ? .importTheRest : .nothingIfAnyRefused)
    }
}
