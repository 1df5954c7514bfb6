/// A password or a stored password hash that Keepsake refuses, or a hash that could not be made.
///
/// KeepsakeSupport sits below the engine, so this is its own error type (like ``XMLSyntaxError``);
/// the layers above turn it into their `KeepsakeError` (a refused password or a malformed hash is
/// an invalid argument, a failed hash is unexpected).
public struct PasswordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of refusal or failure this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The password is shorter than ``PasswordPolicy/minimumCharacters``.
        case tooShort
        /// The password is longer than ``PasswordPolicy/maximumBytes`` in UTF-8.
        case tooLong
        /// A stored hash is not an Argon2id hash in the PHC string format, or its parameters are out of range.
        case malformedHash
        /// libargon2 could not compute a hash (out of memory, or parameters it refuses).
        case hashingFailed
    }

    /// The kind of refusal or failure.
    public let kind: Kind
    /// One sentence saying what is wrong and the rule it breaks; it never contains the password.
    public let message: String

    /// An error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
