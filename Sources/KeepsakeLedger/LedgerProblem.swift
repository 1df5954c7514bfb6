public import KeepsakeStore

/// One broken ledger invariant that `fsck` reports beside the store's own findings: the engine
/// keeps files and rows consistent, and these are the rules only the ledger knows.
///
/// None is repaired by `fsck --repair`: each ``message`` says what the person can do.
public struct LedgerProblem: Sendable, Hashable, Codable {
    /// Which invariant is broken.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A transfer one of whose sides names no money account.
        case transferMissingAccount
        /// A recurring rule made more than one live transaction for one of its days.
        case recurringDayTwice
        /// A split transaction whose parts do not sum to its amount, or cannot be read.
        case splitNotSumming
    }

    /// Which invariant is broken.
    public var kind: Kind
    /// The record the problem is about: the transfer, the recurring rule, the transaction.
    public var recordID: RecordID
    /// One sentence saying what is wrong and what to do about it.
    public var message: String

    /// A problem of `kind` about `recordID`.
    public init(kind: Kind, recordID: RecordID, message: String) {
        self.kind = kind
        self.recordID = recordID
        self.message = message
    }
}
