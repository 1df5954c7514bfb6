public import KeepsakeStore

/// The part of a diary entry the CLI writer predicts: its title, whether it is trashed, and the
/// source SHA-256 of each photo in order.
public struct DiaryEntryState: Equatable, Sendable {
    /// The `title` field.
    public var title: String
    /// Whether the entry is in the trash.
    public var trashed: Bool
    /// The source SHA-256 of each photo, in order.
    public var hashes: [String]

    /// A state from its parts.
    public init(title: String, trashed: Bool, hashes: [String]) {
        self.title = title
        self.trashed = trashed
        self.hashes = hashes
    }

    /// The state a stored record is in.
    public init(_ record: Record) {
        self.init(title: record.fields["title"]?.stringValue ?? "", trashed: record.isTrashed, hashes: record.images.map(\.sourceSHA256))
    }

    /// One line for logs and failure messages.
    public var text: String { "\(trashed ? "trashed" : "live") title=\(title) \(hashes.joined(separator: " "))" }
}
