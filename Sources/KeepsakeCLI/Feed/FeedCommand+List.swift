import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

extension FeedCommand {
    /// `keepsake feed list`: a page of posts through ``FeedListViewModel``.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Newest posts first, a page at a time (--limit, --cursor, --trash).",
            discussion: "Lists posts, newest date first, a page at a time.",
            epilogue: #"With --json: {"items": [...], "nextCursor": TOKEN or null}."#,
            examples: ["keepsake feed list", "keepsake feed list --limit 10 --json"])

        /// Posts per page.
        @Option("--limit", .integer(in: 1...1000), help: "Posts per page, 1 to 1000; default 20.") var limit: Int?
        /// Where the page starts.
        @Option("--cursor", .cursor, help: "Continue after the page that printed this token.") var cursor: RecordCursor?
        /// The trash instead.
        @Flag("--trash", help: "The posts in the trash instead.") var trash: Bool
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Loads the page and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            var feed = Feed(store: try call.openStore())
            feed.books = try book.filter(in: feed.store, collection: Feed.collection)
            let model = FeedListViewModel(feed: feed, pageSize: limit ?? 20)
            model.showsTrash = trash
            await model.load(after: cursor)
            try CommandSupport.check(model.error)
            if call.json {
                try call.printJSON(ListOutput(items: model.items, nextCursor: model.nextCursor?.description))
                return 0
            }
            if model.items.isEmpty { call.print(model.showsTrash ? "The feed's trash is empty." : "No posts yet.") }
            for item in model.items {
                let photos = CommandSupport.pad(CommandSupport.count(item.images.count, "photo"), to: 9)
                call.print("\(item.id)  \(DateText.format(item.date, timeZone: call.timeZone))  \(photos)  \(CommandSupport.summary(item.title))")
            }
            if let next = model.nextCursor { call.print("More: keepsake feed list --cursor \(next)\(model.showsTrash ? " --trash" : "")") }
            return 0
        }
    }

    /// `feed list --json`.
    struct ListOutput: Encodable {
        let items: [FeedItem]
        let nextCursor: String?
    }
}
