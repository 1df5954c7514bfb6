/// What accounts that share a book see of each other (and what an owner sees of the account it
/// shares with): the name and who it is, nothing more.
public struct AccountProfile: Sendable, Hashable, Codable, Identifiable {
    /// The account's id.
    public var id: AccountID
    /// Its login name.
    public var login: LoginName
    /// The name shown to people.
    public var displayName: String

    /// Creates a profile.
    public init(id: AccountID, login: LoginName, displayName: String) {
        self.id = id
        self.login = login
        self.displayName = displayName
    }

    /// The profile of `account`.
    public init(_ account: Account) {
        self.init(id: account.id, login: account.login, displayName: account.displayName)
    }
}
