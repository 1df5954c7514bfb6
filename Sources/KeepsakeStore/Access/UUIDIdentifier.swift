/// An identity written as a lowercase UUID (``AccountID``, ``BookID``): parsing, a random new one,
/// its order, and its JSON form (a single string), written once for both.
public protocol UUIDIdentifier: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// What it names, for messages ("account", "book").
    static var noun: String { get }
    /// The lowercase UUID string.
    var string: String { get }
    /// Wraps a string already known to be a lowercase UUID.
    init(checkedUUID string: String)
}

extension UUIDIdentifier {
    /// Parses a user-supplied id: a canonical UUID in any case, kept in lowercase.
    public init(parsing text: String) throws {
        guard let id = try? RecordID(parsing: text) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not \(Self.article) \(Self.noun) id: ids are UUIDs such as 3f2504e0-4f89-41d3-9a0c-0305e82c3301.")
        }
        self.init(checkedUUID: id.string)
    }

    /// A new random id.
    public static func random() -> Self { Self(checkedUUID: RecordID().string) }

    /// The lowercase UUID string.
    public var description: String { string }

    /// The order of ``string``.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.string < rhs.string }

    /// Decodes a single string, checked as ``init(parsing:)`` checks it.
    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the id as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }

    private static var article: String { "aeiou".contains(noun.prefix(1)) ? "an" : "a" }
}
