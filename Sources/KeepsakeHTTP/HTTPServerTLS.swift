/// What an ``HTTPServer`` needs to serve HTTPS: its certificate chain and private key as PEM text
/// (libmicrohttpd hands them to GnuTLS when the server starts; a renewed certificate takes a
/// restart). The caller checks them first (readable, matching, in date): libmicrohttpd itself only
/// says that they did not load.
public struct HTTPServerTLS: Sendable, Hashable {
    /// The server's certificate, then any intermediate certificates, PEM.
    public var certificatePEM: String
    /// The private key of the certificate, PEM (not encrypted).
    public var privateKeyPEM: String

    /// HTTPS with this certificate chain and key.
    public init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }
}
