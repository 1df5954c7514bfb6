/// A change to an account: each `nil` leaves that part as it is.
public struct AccountChange: Sendable, Hashable {
    /// A new display name.
    public var displayName: String?
    /// A new language (`en` or `ko`).
    public var language: String?
    /// A new time zone.
    public var timeZone: String?
    /// Make or unmake an admin (admins and the operator only).
    public var isAdmin: Bool?
    /// Disable (`true`) or enable (`false`) the account (admins and the operator only).
    public var disabled: Bool?
    /// A new password hash; `.some(nil)` clears the password.
    public var passwordHash: String??
    /// A new storage quota in bytes; `.some(nil)` removes the quota (admins and the operator only).
    public var quota: Int64??

    /// Creates a change.
    public init(displayName: String? = nil, language: String? = nil, timeZone: String? = nil, isAdmin: Bool? = nil,
                disabled: Bool? = nil, passwordHash: String?? = nil, quota: Int64?? = nil) {
        self.displayName = displayName
        self.language = language
        self.timeZone = timeZone
        self.isAdmin = isAdmin
        self.disabled = disabled
        self.passwordHash = passwordHash
        self.quota = quota
    }
}
