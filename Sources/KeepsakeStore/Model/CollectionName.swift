/// The kind of record, which is also a folder name under `attachments/`: `diary`, `ledger`, `feed`.
///
/// 1 to 32 characters of lowercase ASCII letters, digits, `_` and `-`, starting with a letter.
public struct CollectionName: Sendable, Hashable, Codable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name.
    public let name: String

    /// Checks `name`.
    public init(_ name: String) throws {
        let bytes = Array(name.utf8)
        guard (1...32).contains(bytes.count), let first = bytes.first, first >= 0x61, first <= 0x7A,
              bytes.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D })
        else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(name)) is not a collection name: use 1 to 32 lowercase letters, digits, '_' or '-', starting with a letter.")
        }
        self.name = name
    }

    /// The collection whose books hold this collection's records: the name up to its first `-`
    /// (`ledger-budget` and `ledger-account` records live in `ledger` books, next to the
    /// transactions they belong with, and follow the same members' roles), the name itself
    /// otherwise. A book has one such collection (``Book/collection``).
    public var bookCollection: CollectionName {
        guard let dash = name.firstIndex(of: "-") else { return self }
        return CollectionName(unchecked: String(name[..<dash]))
    }

    private init(unchecked name: String) {
        self.name = name
    }

    /// A literal collection name; it must be valid (checked at run time, traps otherwise).
    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("invalid collection name literal \(value)") }
    }

    public var description: String { name }
    public static func < (lhs: CollectionName, rhs: CollectionName) -> Bool { lhs.name < rhs.name }

    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
