/// A certificate or private key that cannot serve HTTPS, with what to do about it.
///
/// KeepsakeSupport sits below the engine, so this is its own error type; the command line shows
/// its message as is.
public struct TLSIdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A file could not be read.
        case unreadable
        /// The certificate file holds no PEM certificate.
        case noCertificate
        /// The key file holds no PEM private key (or an encrypted one).
        case noPrivateKey
        /// The key is not the certificate's.
        case keyMismatch
        /// The certificate's validity has ended.
        case expired
        /// The certificate's validity has not begun.
        case notYetValid
    }

    /// The kind of problem.
    public let kind: Kind
    /// One or two sentences naming the file and what to do.
    public let message: String

    /// An error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
