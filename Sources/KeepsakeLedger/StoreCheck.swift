public import KeepsakeStore

/// A whole check of a store: the engine's ``KeepsakeStore/FsckReport`` (files, rows, hashes,
/// thumbnails) and the ledger's own invariants (``Ledger/check()``), with one verdict. What
/// `keepsake fsck`, `POST /api/v1/store/fsck` and the store page show.
public struct StoreCheck: Sendable, Encodable {
    /// The engine's findings (and what `repair` did).
    public let report: FsckReport
    /// The ledger's findings, which no repair fixes without a person's choice.
    public let ledgerProblems: [LedgerProblem]

    /// Whether nothing is wrong: the store is clean, nothing was left unrepaired, the ledger is sound.
    public var isClean: Bool { report.isClean && report.unrepairable.isEmpty && ledgerProblems.isEmpty }

    /// How many problems remain: the engine's and the ledger's.
    public var problemCount: Int { report.problemCount + ledgerProblems.count }

    /// Checks `store` (``KeepsakeStore/Store/fsck(repair:verifyHashes:progress:)``, for the local
    /// operator only), then its ledger.
    ///
    /// - Throws: ``KeepsakeError`` `.forbidden` for a caller other than the local operator, and what
    ///   the check itself throws (`.incompatibleStore` for a ledger record that cannot be read).
    public init(of store: Store, repair: Bool = false, verifyHashes: Bool = true, progress: (@Sendable (Int, Int) -> Void)? = nil) throws {
        report = try store.fsck(repair: repair, verifyHashes: verifyHashes, progress: progress)
        ledgerProblems = try Ledger(store: store).check()
    }

    enum Key: String, CodingKey { case isClean, ledgerProblems }

    /// The report's fields, then `isClean` and `ledgerProblems` (what `keepsake fsck --json` prints).
    public func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(isClean, forKey: .isClean)
        try container.encode(ledgerProblems, forKey: .ledgerProblems)
    }
}
