import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

extension FeedCommand: TrashableRecords {
    /// What an id argument is.
    static var idHint: String { Help.id }
    /// `delete ID`: to the trash with its photos.
    static let deleteConfiguration = CommandConfiguration(
        "delete", abstract: "Move a post (and its photos) to the trash.",
        discussion: """
            Moves a post and its photos to the trash; feed restore brings it back, and keepsake trash
            purge removes it for good.
            """,
        examples: ["keepsake feed delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

    /// `restore ID`: back from the trash.
    static let restoreConfiguration = CommandConfiguration(
        "restore", abstract: "Take it out of the trash.", discussion: "Takes a post and its photos out of the trash.",
        examples: ["keepsake feed restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

    /// `delete ID` and `restore ID`.
    @MainActor
    static func trashOperation(_ id: RecordID, _ call: Invocation, restoring: Bool) async throws -> Int32 {
        let feed = Feed(store: try call.openStore())
        let model = FeedListViewModel(feed: feed)
        if restoring { await model.restore(id) } else { await model.delete(id) }
        return try reportTrashOperation(id, call, restoring: restoring, error: model.error, noun: "post", app: "feed") { try feed.read(id) }
    }
}
