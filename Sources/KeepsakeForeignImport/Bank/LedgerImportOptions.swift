public import KeepsakeLedger

/// Choices for the ledger importers.
public struct LedgerImportOptions: Sendable {
    /// The currency of statements that do not say theirs (QIF, a bank CSV without a currency column).
    public var currency: Currency?
    /// How to round amounts with more decimals than their currency has; `nil` refuses them.
    public var rounding: AmountRounding?
    /// The category of transactions whose source gives none (OFX, camt.053, most bank CSVs).
    public var category = "Uncategorized"
    /// The text encoding, when it should not be detected.
    public var encoding: TextEncoding?
    /// The money account the transactions go to, by name (made if missing), over the account the
    /// file names; for files that do not name one (QIF without `!Account`, CSV) also part of the
    /// ids of rows without an id of their own, so identical rows of two accounts stay apart.
    public var account: String?
    /// The money account the other side of a transfer goes to when the file does not name it (an
    /// OFX `XFER`): found by name, made if missing; the book's default cash account of the
    /// currency when `nil`.
    public var transferAccount: String?
    /// How QIF dates are ordered (`D12/19/18` is month, day, year).
    public var qifDateOrder: QIFDateOrder = .monthDayYear
    /// The decimal mark of QIF amounts.
    public var decimalMark: Character = "."

    /// The defaults.
    public init() {}
}
