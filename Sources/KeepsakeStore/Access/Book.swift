public import Foundation

/// A book: the records of one collection that a set of accounts share (a diary, a household ledger,
/// a family feed). Every record belongs to exactly one book of its collection.
public struct Book: Sendable, Hashable, Codable, Identifiable {
    /// The book's id.
    public var id: BookID
    /// The collection its records are in.
    public var collection: CollectionName
    /// Its name: 1 to 100 characters, no control characters.
    public var name: String
    /// The account whose default book of this collection it is, if any.
    public var defaultOf: AccountID?
    /// When it was made.
    public var createdAt: Date

    /// Creates a book value (the engine makes books; metadata stores build these from rows).
    public init(id: BookID, collection: CollectionName, name: String, defaultOf: AccountID?, createdAt: Date) {
        self.id = id
        self.collection = collection
        self.name = name
        self.defaultOf = defaultOf
        self.createdAt = createdAt
    }

    /// Checks a book name: 1 to 100 characters without control characters; returns it.
    public static func checkedName(_ name: String) throws -> String {
        let hasControl = name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }
        guard (1...100).contains(name.count), !hasControl else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(name)) is not a book name: use 1 to 100 characters without line breaks or control characters.")
        }
        return name
    }
}
