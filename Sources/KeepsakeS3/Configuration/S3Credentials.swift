/// An access key pair, and a session token for temporary credentials. The secret is never printed.
public struct S3Credentials: Sendable, Hashable, CustomStringConvertible {
    /// The access key id (`AKIA…`), which is not secret.
    public let accessKeyID: String
    /// The secret access key.
    public let secretAccessKey: String
    /// The session token of temporary credentials (`x-amz-security-token`), if any.
    public let sessionToken: String?

    /// Credentials from their parts.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The access key id and whether a token is present; never the secret.
    public var description: String {
        "S3Credentials(\(accessKeyID)\(sessionToken == nil ? "" : ", with session token"))"
    }
}
