/// What a new account is made of.
public struct AccountDraft: Sendable, Hashable {
    /// Its login name (must not be taken).
    public var login: LoginName
    /// The name shown to people; the login name if empty.
    public var displayName: String
    /// `en` or `ko`.
    public var language: String
    /// An IANA time zone identifier.
    public var timeZone: String
    /// Whether it manages accounts.
    public var isAdmin: Bool
    /// The password hash (an opaque PHC string), or `nil` for no password yet.
    public var passwordHash: String?

    /// Creates a draft.
    public init(login: LoginName, displayName: String = "", language: String = "en", timeZone: String = "UTC",
                isAdmin: Bool = false, passwordHash: String? = nil) {
        self.login = login
        self.displayName = displayName
        self.language = language
        self.timeZone = timeZone
        self.isAdmin = isAdmin
        self.passwordHash = passwordHash
    }
}
