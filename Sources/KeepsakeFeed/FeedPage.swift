public import KeepsakeStore

/// One page of feed posts, with where the next page starts.
public struct FeedPage: Sendable, Hashable {
    /// The posts, newest first.
    public var items: [FeedItem]
    /// Pass this to the next call to continue after the last post of this page; `nil` when this
    /// is the last page. Its `description` is a printable token that `RecordCursor(parsing:)` reads back.
    public var nextCursor: RecordCursor?

    /// Creates a page.
    public init(items: [FeedItem], nextCursor: RecordCursor?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
