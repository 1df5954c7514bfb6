/// Turns passwords into stored hashes and checks passwords against them.
///
/// A stored hash is self-describing (the PHC string format: algorithm, parameters, salt and tag), so
/// a hash made with older parameters still verifies, and ``needsRehash(_:)`` says when to replace it
/// with one made with the current parameters (at the next successful login).
public protocol PasswordHasher: Sendable {
    /// A new hash of `password` with a fresh random salt and the current parameters.
    ///
    /// Throws ``PasswordError`` (``PasswordErrorKind/hashingFailed``) when the hash cannot be made.
    func hash(_ password: String) throws -> String

    /// Whether `password` is the one `storedHash` was made from, using the parameters in `storedHash`,
    /// in time that does not depend on where the tags differ.
    ///
    /// Throws ``PasswordError`` (``PasswordErrorKind/malformedHash``) when `storedHash` is not a hash
    /// this hasher can read.
    func verify(_ password: String, against storedHash: String) throws -> Bool

    /// Whether `storedHash` was made with other parameters than the current ones (or cannot be read),
    /// so it should be replaced by ``hash(_:)`` of the password once that has been verified.
    func needsRehash(_ storedHash: String) -> Bool
}
