public import KeepsakeStore

/// One page of entries, and where the next page starts.
public struct DiaryPage: Sendable, Hashable {
    /// The entries, in the order asked for (newest first unless a method says otherwise).
    public var entries: [DiaryEntry]
    /// Pass this as `after:` to get the next page; `nil` on the last page. Its `description` is a
    /// printable token that `RecordCursor(parsing:)` reads back.
    public var nextCursor: RecordCursor?

    /// Creates a page.
    public init(entries: [DiaryEntry], nextCursor: RecordCursor?) {
        self.entries = entries
        self.nextCursor = nextCursor
    }
}
