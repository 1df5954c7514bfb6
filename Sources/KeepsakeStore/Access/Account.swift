public import Foundation

/// A person who uses the store: a login, how to address them, and whether they manage accounts.
public struct Account: Sendable, Hashable, Codable, Identifiable {
    /// The account's id (never reused).
    public var id: AccountID
    /// The name it logs in with (unique).
    public var login: LoginName
    /// The name shown to people.
    public var displayName: String
    /// The language of its pages: `en` or `ko`.
    public var language: String
    /// Its time zone, an IANA identifier such as `Asia/Seoul`.
    public var timeZone: String
    /// Whether it manages accounts (this gives no read of other people's books).
    public var isAdmin: Bool
    /// When it was disabled; `nil` for an enabled account.
    public var disabledAt: Date?
    /// The password hash as an opaque PHC string (the engine never looks inside), or `nil` when no
    /// password is set.
    public var passwordHash: String?
    /// Bumped by every password change, disable, enable and admin change, so sessions made before
    /// it can be refused.
    public var credentialVersion: Int64
    /// When the account was made.
    public var createdAt: Date
    /// The most bytes of originals it may add (``Store/storageUsage(of:)``), or `nil` for no quota.
    /// Set by an admin.
    public var quota: Int64?

    /// Whether the account is disabled (it may then do nothing).
    public var isDisabled: Bool { disabledAt != nil }

    /// Creates an account value (the engine makes accounts; metadata stores build these from rows).
    public init(id: AccountID, login: LoginName, displayName: String, language: String, timeZone: String, isAdmin: Bool,
                disabledAt: Date?, passwordHash: String?, credentialVersion: Int64, createdAt: Date, quota: Int64? = nil) {
        self.id = id
        self.login = login
        self.displayName = displayName
        self.language = language
        self.timeZone = timeZone
        self.isAdmin = isAdmin
        self.disabledAt = disabledAt
        self.passwordHash = passwordHash
        self.credentialVersion = credentialVersion
        self.createdAt = createdAt
        self.quota = quota
    }
}
