import Foundation
import KeepsakeFeed
import KeepsakeViewModels

extension FeedCommand {
    /// `keepsake feed post`: a new post through ``FeedComposeViewModel``.
    struct Post: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "post", abstract: "Publish a post (--title, --contents, --date, --image).",
            discussion: """
                Publishes a post. The photos (up to 10, in the order given) are stored with it in one
                operation: if one cannot be read, nothing is stored.
                """,
            examples: [
                #"keepsake feed post --title "Best naengmyeon" --contents "Cold and tangy" --image bowl.jpg --image menu.jpg"#,
                #"keepsake feed post --title "Rainy day café" --date 2026-11-20 --json"#,
                #"keepsake --user ana feed post --title "Grandma's birthday" --book Family"#,
            ])

        /// The title.
        @Option("--title", .text(), help: Help.title) var title: String
        /// The review.
        @Option("--contents", .text(), help: Help.contents) var contents: String?
        /// The day it is about.
        @Option("--date", .date, help: Help.date) var date: DateInput?
        /// Its photos, in order.
        @Option("--image", .file(), help: "A photo; repeat for several. JPEG, PNG, WebP, HEIC, GIF.") var images: [String]
        /// The book it goes in (default: your own feed).
        @OptionGroup var book: BookOption
        /// How the photos are stored.
        @OptionGroup var encoding: EncodingFlags

        /// Saves the post and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let feed = Feed(store: try call.openStore(encoding))
            let compose = FeedComposeViewModel(feed: feed, now: try date?.date(in: call.timeZone) ?? Date())
            compose.book = try book.bookID(in: feed.store, collection: Feed.collection)
            compose.title = title
            if let contents = call.text(contents) { compose.contents = contents }
            if !images.isEmpty {
                compose.addImages(CommandSupport.imageSources(images))
                try CommandSupport.check(compose.error)
            }
            guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "The post could not be saved.") }
            try printItem(item, call, heading: "Posted \(item.id).")
            return 0
        }
    }

    /// The help of the options `feed post` and `feed edit` share.
    enum Help {
        /// `--title`.
        static let title = "One line, at most 200 characters."
        /// `--contents`.
        static let contents = "The review; - reads it from standard input."
        /// `--date`.
        static let date = "The day (and time) the post is about; default now."
        /// The id argument.
        static let id = "as post and list print it"
    }
}
