public import Foundation

/// A record's identity: a UUID, written in lowercase in paths and the database.
public struct RecordID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The UUID.
    public let uuid: UUID

    /// Wraps a UUID.
    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses a user-supplied id; only a canonical UUID is accepted, so an id can never be a path trick.
    public init(parsing text: String) throws {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else {
            throw KeepsakeError(.invalidArgument, "\(RelativePath.quoted(text)) is not a record id: ids are UUIDs such as 3F2504E0-4F89-41D3-9A0C-0305E82C3301.")
        }
        self.uuid = uuid
    }

    /// The lowercase form used in folder names and the database.
    public var string: String { uuid.uuidString.lowercased() }
    public var description: String { string }
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.string < rhs.string }

    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
