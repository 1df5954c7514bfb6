import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

extension FeedCommand {
    /// `keepsake feed edit ID`: changes what is given, through ``FeedComposeViewModel``.
    struct Edit: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "edit", abstract: "Change a post: --title, --contents, --date, and --image for the whole\nphoto set in order (@N keeps the stored photo at position N).",
            discussion: """
                Changes a post; only the options given change. --image gives the whole new photo set in
                order: a FILE adds a photo, @N keeps the stored photo now at position N. Photos that do not
                change are not rewritten (a file identical to a stored photo is recognised too); photos left
                out are removed. --no-images removes them all. Text and photos change in one operation.
                """,
            examples: [
                #"keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --title "Best naengmyeon in town""#,
                "keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @2 --image @0 --image dessert.jpg",
            ])

        /// The post.
        @Argument(.recordID, hint: Help.id) var id: RecordID
        /// A new title.
        @Option("--title", .text(), help: Help.title) var title: String?
        /// A new review.
        @Option("--contents", .text(), help: Help.contents) var contents: String?
        /// A new day.
        @Option("--date", .date, help: Help.date) var date: DateInput?
        /// The whole new photo set.
        @Option("--image", .file("FILE|@N"), help: CommandSupport.newImagesHelp) var images: [String]
        /// No photos.
        @Flag("--no-images", help: "Remove every photo.") var noImages: Bool
        /// How new photos are stored.
        @OptionGroup var encoding: EncodingFlags

        /// A new photo set or none, and something must change.
        static var rules: [OptionRule] {
            [.atMostOne([[\Self.$images], [\Self.$noImages]]),
             .atLeastOne([\Self.$title, \Self.$contents, \Self.$date, \Self.$images, \Self.$noImages], message: "Nothing to change")]
        }

        /// Saves the changes and prints the post.
        func run(_ call: Invocation) async throws -> Int32 {
            let date = try self.date?.date(in: call.timeZone)
            let feed = Feed(store: try call.openStore(encoding))
            let current = try feed.read(id)
            let compose = FeedComposeViewModel(feed: feed, editing: current)
            if let title { compose.title = title }
            if let contents = call.text(contents) { compose.contents = contents }
            if let date { compose.date = date }
            if !images.isEmpty {
                compose.images = try CommandSupport.composeImages(images, current: current.images, limit: feed.maxImages)
            } else if noImages {
                compose.images = ComposeImages(limit: feed.maxImages)
            }
            guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "The post could not be saved.") }
            try printItem(item, call, heading: "Updated post \(item.id).")
            return 0
        }
    }
}
