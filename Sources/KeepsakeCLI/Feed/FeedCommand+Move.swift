import KeepsakeFeed
import KeepsakeStore

extension FeedCommand: MovableRecords {
    /// The feed's collection.
    static var collection: CollectionName { FeedItem.collection }
    /// `feed`.
    static var app: String { "feed" }
    /// `post`.
    static var noun: String { "post" }

    /// Reads it through the feed, which refuses other apps' records.
    static func checkRecord(_ id: RecordID, in store: Store) throws { _ = try Feed(store: store).read(id) }
    /// As `show` prints it.
    static func printRecord(_ id: RecordID, in store: Store, heading: String, _ call: Invocation) throws {
        try printItem(try Feed(store: store).read(id), call, heading: heading)
    }
}
