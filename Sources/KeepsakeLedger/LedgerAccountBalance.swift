/// A money account with its balance at the end of a day.
public struct LedgerAccountBalance: Sendable, Hashable, Codable {
    /// The account.
    public var account: LedgerAccount
    /// Its balance at the end of ``day``, in the account's currency.
    public var balance: Money
    /// The day the balance is for.
    public var day: LedgerDay

    /// An account with its balance at the end of `day`.
    public init(account: LedgerAccount, balance: Money, day: LedgerDay) {
        self.account = account
        self.balance = balance
        self.day = day
    }
}
