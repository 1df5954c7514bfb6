/// Why the web app could not start.
public struct WebError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence saying what is wrong and what to do.
    public let message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Listening beyond this machine when nobody could log in (no password given, no account with one).
    public static func passwordRequired(host: String) -> WebError {
        WebError("Listening on \(host) makes Keepsake reachable from other machines, so people must log in, and no account has a password: "
                 + "pass --password P or set KEEPSAKE_PASSWORD (the first admin's password, login name admin), "
                 + "give an account one with keepsake user passwd, or listen on 127.0.0.1.")
    }
}
