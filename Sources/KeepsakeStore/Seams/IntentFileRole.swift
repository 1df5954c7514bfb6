/// Why a file is named in the journal.
public enum IntentFileRole: String, Sendable, Hashable, CaseIterable {
    /// Written by the operation: removed if the operation does not commit.
    case new
    /// Referred to before the commit and not after: removed once the commit is durable.
    case obsolete
}
