/// What a member may do in a book.
public enum BookRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// Reads, writes, and manages the book (renames, deletes, members).
    case owner
    /// Reads and writes records.
    case editor
    /// Reads records.
    case viewer

    /// Whether this role creates, edits and deletes records.
    public var canWrite: Bool { self != .viewer }
    /// Whether this role manages the book.
    public var canManage: Bool { self == .owner }
}
