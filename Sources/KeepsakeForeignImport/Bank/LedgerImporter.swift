public import Foundation
public import KeepsakeLedger

/// An importer of ledger transactions from a bank or another app (``OFXImporter``,
/// ``QIFImporter``, ``FireflyImporter``, ``CamtImporter``): made from an ``ImportRequest`` for a
/// `Ledger`, with its parts at hand.
public protocol LedgerImporter: Importer {
    /// What to read, the ledger, the choices and the name in reports.
    var request: ImportRequest<Ledger, LedgerImportOptions> { get }
    /// An importer of `request`.
    init(_ request: ImportRequest<Ledger, LedgerImportOptions>)
}

extension LedgerImporter {
    /// An importer of `file` into `ledger`.
    public init(file: URL, ledger: Ledger, options: LedgerImportOptions = LedgerImportOptions(), displayName: String? = nil) {
        self.init(ImportRequest(file: file, app: ledger, options: options, displayName: displayName))
    }

    /// The file to read.
    public var file: URL { request.file }
    /// Checks the transactions.
    public var ledger: Ledger { request.app }
    /// Choices.
    public var options: LedgerImportOptions { request.options }
    /// The name shown in reports.
    public var displayName: String { request.displayName }
}
