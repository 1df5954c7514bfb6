/// The identity of an account: a UUID, written in lowercase.
public struct AccountID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The lowercase UUID string.
    public let string: String

    /// Parses a user-supplied id: a canonical UUID in any case, kept in lowercase.
    public init(parsing text: String) throws {
        guard let id = try? RecordID(parsing: text) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not an account id: ids are UUIDs such as 3f2504e0-4f89-41d3-9a0c-0305e82c3301.")
        }
        self.string = id.string
    }

    private init(checked string: String) { self.string = string }

    /// A new random id.
    public static func random() -> Self { Self(checked: RecordID().string) }

    public var description: String { string }
    /// The order of string.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.string < rhs.string }

    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
