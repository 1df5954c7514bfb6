import KeepsakeFeed
import KeepsakeStore

extension FeedCommand {
    /// `keepsake feed show ID`: one post, from ``Feed``.
    struct Show: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "show", abstract: "One post with its photos.",
            discussion: """
                Shows one post: title, date, its text and its photos in order with their stored paths
                and sizes (the full SHA-256 is in the --json output).
                """,
            examples: ["keepsake feed show 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

        /// The post.
        @Argument(.recordID, hint: Help.id) var id: RecordID

        /// Prints the post.
        func run(_ call: Invocation) async throws -> Int32 {
            try printItem(try Feed(store: try call.openStore()).read(id), call, heading: nil)
            return 0
        }
    }
}
