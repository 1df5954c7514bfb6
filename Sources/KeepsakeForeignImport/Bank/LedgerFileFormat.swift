public import Foundation
public import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// What a file given to `ledger import` is, told by its content (not its name).
public enum LedgerFileFormat: Sendable, Hashable {
    /// Keepsake's own ledger CSV (`id,date,kind,amount,currency,category,memo,splits`, or without `splits`), which `Ledger`
    /// imports itself.
    case keepsakeCSV
    /// A statement one of this module's importers reads.
    case statement(ImportSource)

    /// The format of `url`: OFX/QFX (an `OFXHEADER` or `<OFX>`), camt (an ISO 20022 `Document`), QIF
    /// (a `!Type:` or `!Account` line), Firefly III (its CSV header), Keepsake's own CSV (its header),
    /// else a bank CSV (which needs a rules file).
    public static func detect(_ url: URL) throws -> LedgerFileFormat {
        let data = try ImportFile.read(url)
        let head = try TextEncoding.decode(data.prefix(8192)).text
        let upper = head.uppercased()
        if upper.contains("OFXHEADER") || upper.contains("<OFX>") { return .statement(.ofx) }
        if upper.contains("<DOCUMENT"), upper.contains("CAMT.05") || upper.contains("BKTOCSTMR") { return .statement(.camt) }
        let firstLine = head.split(whereSeparator: \.isNewline).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if firstLine.hasPrefix("!type:") || firstLine.hasPrefix("!account") || firstLine.hasPrefix("!option:") || firstLine.hasPrefix("!clear:") {
            return .statement(.qif)
        }
        if let header = CSVReader().rows(head).first?.fields {
            if FireflyImporter.isFireflyHeader(header) { return .statement(.firefly) }
            if Ledger.isCSVHeader(header) { return .keepsakeCSV }
        }
        return .statement(.csv)
    }

    /// The importer of a statement.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a bank CSV without `rules`, or a diary source.
    public static func importer(_ source: ImportSource, file: URL, rules: CSVRules?, ledger: Ledger,
                                options: LedgerImportOptions, displayName: String? = nil) throws -> any Importer {
        switch source {
        case .ofx: return OFXImporter(file: file, ledger: ledger, options: options, displayName: displayName)
        case .qif: return QIFImporter(file: file, ledger: ledger, options: options, displayName: displayName)
        case .firefly: return FireflyImporter(file: file, ledger: ledger, options: options, displayName: displayName)
        case .camt: return CamtImporter(file: file, ledger: ledger, options: options, displayName: displayName)
        case .csv:
            guard let rules else {
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName ?? file.path)) is a CSV whose header is neither Keepsake's ledger CSV header nor a Firefly III export's; if it is a bank's CSV, describe its columns in a rules file and give it with --rules FILE (see docs/IMPORT.md).")
            }
            return RulesCSVImporter(file: file, rules: rules, ledger: ledger, options: options, displayName: displayName)
        case .dayone, .daylio, .journey:
            throw KeepsakeError(.invalidArgument, "\(source.displayName) exports go into the diary, not the ledger.")
        }
    }
}
