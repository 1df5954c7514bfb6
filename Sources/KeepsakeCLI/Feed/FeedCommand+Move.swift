import KeepsakeFeed
import KeepsakeStore

extension FeedCommand: MovableRecords {
    /// The feed's collection.
    static var collection: CollectionName { FeedItem.collection }
    /// `feed`.
    static var app: String { "feed" }
    /// `post`.
    static var noun: String { "post" }
}
