/// The identity of a book: a UUID, written in lowercase (see ``UUIDIdentifier``).
public struct BookID: UUIDIdentifier {
    /// `book`, for messages.
    public static let noun = "book"
    /// The lowercase UUID string.
    public let string: String

    /// Wraps a string already known to be a lowercase UUID.
    public init(checkedUUID string: String) { self.string = string }
}
