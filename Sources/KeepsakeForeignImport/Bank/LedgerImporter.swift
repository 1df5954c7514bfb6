public import Foundation
public import KeepsakeLedger

/// An importer of ledger transactions from a bank or another app (``OFXImporter``,
/// ``QIFImporter``, ``FireflyImporter``, ``CamtImporter``).
public protocol LedgerImporter: RequestedImporter where App == Ledger, Options == LedgerImportOptions {}

extension LedgerImporter {
    /// An importer of `file` into `ledger`.
    public init(file: URL, ledger: Ledger, options: LedgerImportOptions = LedgerImportOptions(), displayName: String? = nil) {
        self.init(ImportRequest(file: file, app: ledger, options: options, displayName: displayName))
    }

    /// Checks the transactions.
    public var ledger: Ledger { request.app }
}
