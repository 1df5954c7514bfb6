/// The identity of an invitation: a UUID, written in lowercase (see ``UUIDIdentifier``). It names
/// the invitation in lists and to revoke it; it is not its secret.
public struct InvitationID: UUIDIdentifier {
    /// `invitation`, for messages.
    public static let noun = "invitation"
    /// The lowercase UUID string.
    public let string: String

    /// Wraps a string already known to be a lowercase UUID.
    public init(checkedUUID string: String) { self.string = string }
}
