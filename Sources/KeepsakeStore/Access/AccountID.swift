/// The identity of an account: a UUID, written in lowercase (see ``UUIDIdentifier``).
public struct AccountID: UUIDIdentifier {
    /// `account`, for messages.
    public static let noun = "account"
    /// The lowercase UUID string.
    public let string: String

    /// Wraps a string already known to be a lowercase UUID.
    public init(checkedUUID string: String) { self.string = string }
}
