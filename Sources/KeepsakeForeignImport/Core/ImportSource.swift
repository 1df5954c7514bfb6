/// The app or file format an import reads.
///
/// The raw value is what the CLI takes (`keepsake import dayone`, `ledger import --format ofx`), what
/// the report and the `importSource` field of every imported record say, and part of every imported
/// record's id (see ``SourceRecordID``): it never changes.
public enum ImportSource: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A Day One JSON export (the zip, its unpacked folder, or one journal's JSON file).
    case dayone
    /// A Daylio CSV export or `.daylio` backup.
    case daylio
    /// A Journey export: a zip (or folder) of one JSON file per entry plus photos.
    case journey
    /// An OFX or QFX bank statement (SGML 1.x or XML 2.x).
    case ofx
    /// A Quicken Interchange Format file.
    case qif
    /// Firefly III's CSV export.
    case firefly
    /// An ISO 20022 camt.053 (or camt.052/camt.054) XML bank statement.
    case camt
    /// Any bank's CSV, read through a rules file.
    case csv

    /// The name people know the source by ("Day One", "OFX/QFX").
    public var displayName: String {
        switch self {
        case .dayone: "Day One"
        case .daylio: "Daylio"
        case .journey: "Journey"
        case .ofx: "OFX/QFX"
        case .qif: "QIF"
        case .firefly: "Firefly III CSV"
        case .camt: "camt.053"
        case .csv: "bank CSV"
        }
    }

    /// Whether the source fills the diary (otherwise the ledger).
    public var isDiary: Bool {
        switch self {
        case .dayone, .daylio, .journey: true
        case .ofx, .qif, .firefly, .camt, .csv: false
        }
    }

    /// The sources that fill the ledger.
    public static let ledgerSources: [ImportSource] = allCases.filter { !$0.isDiary }

    /// The raw value.
    public var description: String { rawValue }
}
