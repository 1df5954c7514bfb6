/// A certificate or private key that cannot serve HTTPS; its message names the file and what to do.
///
/// KeepsakeSupport sits below the engine, so this is its own error type; the command line shows
/// its message as is.
public typealias TLSIdentityError = SupportError<TLSIdentityErrorKind>

/// What is wrong with a certificate or key (a ``TLSIdentityError``).
public enum TLSIdentityErrorKind: String, Sendable, Hashable, CaseIterable {
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
