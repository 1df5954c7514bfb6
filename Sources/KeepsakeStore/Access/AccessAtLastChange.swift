/// What ``Store/accessAtLastChange()`` reads in one transaction: enough to answer from facts kept
/// while the change log stood at ``sequence`` with the access rule applied to the caller now.
public struct AccessAtLastChange: Sendable {
    /// The store's newest change sequence.
    public let sequence: Int64
    /// What the caller may do (memberships log no change, so they are read every time).
    public let access: BookAccess
    /// The caller's own account as the store has it (disabled or not); `nil` for the local
    /// operator, when the account is gone, or when it was not asked for
    /// (``Store/accessAtLastChange(readingAccount:)``).
    public let account: Account?

    /// Who asked, and whether for the account too: what a kept answer is kept by.
    struct Asked: Hashable, Sendable {
        let caller: Caller
        let readingAccount: Bool
    }

    /// The three facts.
    public init(sequence: Int64, access: BookAccess, account: Account?) {
        (self.sequence, self.access, self.account) = (sequence, access, account)
    }
}
