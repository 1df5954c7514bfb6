/// What a new password must be: long enough to resist guessing, short enough to hash quickly.
///
/// Checked when a password is set (account creation, a password change), never at login, so an
/// older, shorter password still works until it is changed.
public struct PasswordPolicy: Sendable, Hashable {
    /// The fewest characters (grapheme clusters, as a person counts them) a password may have.
    public let minimumCharacters: Int
    /// The most bytes a password may take in UTF-8.
    public let maximumBytes: Int

    /// Keepsake's policy: at least 10 characters, at most 256 bytes.
    public static let standard = PasswordPolicy(minimumCharacters: 10, maximumBytes: 256)

    /// A policy with these bounds.
    public init(minimumCharacters: Int, maximumBytes: Int) {
        self.minimumCharacters = minimumCharacters
        self.maximumBytes = maximumBytes
    }

    /// Throws ``PasswordError`` (``PasswordErrorKind/tooShort`` or ``PasswordErrorKind/tooLong``)
    /// with a message that states the rule, when `password` breaks it.
    public func check(_ password: String) throws {
        let characters = password.count
        if characters < minimumCharacters {
            throw PasswordError(.tooShort,
                                "A password needs at least \(minimumCharacters) characters; this one has \(characters). A few unrelated words make a long password that is easy to remember.")
        }
        let bytes = password.utf8.count
        if bytes > maximumBytes {
            throw PasswordError(.tooLong, "A password may be at most \(maximumBytes) bytes in UTF-8; this one has \(bytes).")
        }
    }
}
