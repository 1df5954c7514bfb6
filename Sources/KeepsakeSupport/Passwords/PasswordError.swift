/// A password or a stored password hash that Keepsake refuses, or a hash that could not be made;
/// its message never contains the password.
///
/// KeepsakeSupport sits below the engine, so this is its own error type (like ``XMLSyntaxError``);
/// the layers above turn it into their `KeepsakeError` (a refused password or a malformed hash is
/// an invalid argument, a failed hash is unexpected).
public typealias PasswordError = SupportError<PasswordErrorKind>

/// What kind of refusal or failure a ``PasswordError`` is.
public enum PasswordErrorKind: String, Sendable, Hashable, CaseIterable {
    /// The password is shorter than ``PasswordPolicy/minimumCharacters``.
    case tooShort
    /// The password is longer than ``PasswordPolicy/maximumBytes`` in UTF-8.
    case tooLong
    /// A stored hash is not an Argon2id hash in the PHC string format, or its parameters are out of range.
    case malformedHash
    /// libargon2 could not compute a hash (out of memory, or parameters it refuses).
    case hashingFailed
}
