import Foundation
import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake feed …`: the review feed. Posting and editing go through ``FeedComposeViewModel``,
/// the list, delete and restore through ``FeedListViewModel``; one post is read from ``Feed``.
enum FeedCommand {
    static let help = """
        Usage: keepsake [--store DIR] feed <action> [options]

        The review feed: posts with a title, text, a date and up to 10 ordered photos.

        Actions:
          post                   Publish a post (--title, --contents, --date, --image).
          list                   Newest posts first, a page at a time (--limit, --cursor, --trash).
          show ID                One post with its photos.
          edit ID                Change a post: --title, --contents, --date, and --image for the whole
                                 photo set in order (@N keeps the stored photo at position N).
          delete ID              Move a post (and its photos) to the trash.
          restore ID             Take it out of the trash.

        Every action takes --json for machine-readable output and --help for its own help.

        Examples:
          keepsake feed post --title "Best naengmyeon" --contents "Cold and tangy" --image bowl.jpg --image menu.jpg
          keepsake feed list --limit 5
          keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @1 --image @0
        """

    static var group: CommandGroup {
        CommandGroup(name: "feed", help: help, actions: [post, list, show, edit, delete, restore])
    }

    /// Runs `keepsake feed …`.
    @MainActor
    static func run(_ arguments: [String]) async throws -> Int32 {
        try await group.run(arguments)
    }

    static var post: CommandGroup.Action {
        CommandGroup.Action(name: "post", addsPhotos: true, valueFlags: ["--title", "--contents", "--date", "--image"], help: """
            Usage: keepsake [--store DIR] feed post --title TEXT [--contents TEXT] [--date DATE] [--image FILE]... [--json]

            Publishes a post. The photos (up to 10, in the order given) are stored with it in one
            operation: if one cannot be read, nothing is stored.

              --title TEXT       Required, one line, at most 200 characters.
              --contents TEXT    The review; - reads it from standard input.
              --date DATE        The day (and time) the post is about; default now.
              --image FILE       A photo; repeat for several. JPEG, PNG, WebP, HEIC, GIF.

            Examples:
              keepsake feed post --title "Best naengmyeon" --contents "Cold and tangy" --image bowl.jpg --image menu.jpg
              keepsake feed post --title "Rainy day café" --date 2026-11-20 --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "feed post takes options only (is a value missing its quotes?); see keepsake feed post --help.")
            guard let title = parsed.value("--title") else { throw UsageError(description: "feed post needs --title; see keepsake feed post --help.") }
            let date = try parsed.date("--date") ?? Date()
            let compose = FeedComposeViewModel(feed: Feed(store: try KeepsakeCommand.openStore(parsed)), now: date)
            compose.title = title
            if let contents = CommandSupport.textValue(parsed.value("--contents")) { compose.contents = contents }
            if parsed.given("--image") {
                compose.addImages(CommandSupport.imageSources(parsed.all("--image")))
                try CommandSupport.check(compose.error)
            }
            guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "The post could not be saved.") }
            try printItem(item, parsed, heading: "Posted \(item.id).")
            return 0
        }
    }

    static var list: CommandGroup.Action {
        CommandGroup.Action(name: "list", valueFlags: ["--limit", "--cursor"], switchFlags: ["--trash"], help: """
            Usage: keepsake [--store DIR] feed list [--limit N] [--cursor TOKEN] [--trash] [--json]

            Lists posts, newest date first, a page at a time.

              --limit N          Posts per page, 1 to 1000; default 20.
              --cursor TOKEN     Continue after the page that printed this token.
              --trash            The posts in the trash instead.

            With --json: {"items": [...], "nextCursor": TOKEN or null}.

            Examples:
              keepsake feed list
              keepsake feed list --limit 10 --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "feed list takes options only; see keepsake feed list --help.")
            let limit = try parsed.integer("--limit", in: 1...1000) ?? 20
            var cursor: RecordCursor?
            if let token = parsed.value("--cursor") {
                do { cursor = try RecordCursor(parsing: token) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
            }
            let model = FeedListViewModel(feed: Feed(store: try KeepsakeCommand.openStore(parsed)), pageSize: limit)
            model.showsTrash = parsed.has("--trash")
            await model.load(after: cursor)
            try CommandSupport.check(model.error)
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(ListOutput(items: model.items, nextCursor: model.nextCursor?.description))
                return 0
            }
            if model.items.isEmpty { print(model.showsTrash ? "The feed's trash is empty." : "No posts yet.") }
            for item in model.items {
                let photos = CommandSupport.count(item.images.count, "photo").padding(toLength: 9, withPad: " ", startingAt: 0)
                print("\(item.id)  \(DateText.format(item.date))  \(photos)  \(CommandSupport.summary(item.title))")
            }
            if let next = model.nextCursor { print("More: keepsake feed list --cursor \(next)\(model.showsTrash ? " --trash" : "")") }
            return 0
        }
    }

    static var show: CommandGroup.Action {
        CommandGroup.Action(name: "show", help: """
            Usage: keepsake [--store DIR] feed show ID [--json]

            Shows one post: title, date, its text and its photos in order with their stored paths
            and sizes (the full SHA-256 is in the --json output).

            Examples:
              keepsake feed show 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            let id = try CommandSupport.singleID(parsed, command: "feed show")
            let feed = Feed(store: try KeepsakeCommand.openStore(parsed))
            try printItem(try feed.item(id), parsed, heading: nil)
            return 0
        }
    }

    static var edit: CommandGroup.Action {
        CommandGroup.Action(name: "edit", addsPhotos: true, valueFlags: ["--title", "--contents", "--date", "--image"], switchFlags: ["--no-images"], help: """
            Usage: keepsake [--store DIR] feed edit ID [--title TEXT] [--contents TEXT] [--date DATE]
                                            [--image FILE|@N]... [--no-images] [--json]

            Changes a post; only the options given change. --image gives the whole new photo set in
            order: a FILE adds a photo, @N keeps the stored photo now at position N. Photos that do not
            change are not rewritten (a file identical to a stored photo is recognised too); photos left
            out are removed. --no-images removes them all. Text and photos change in one operation.

            Examples:
              keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --title "Best naengmyeon in town"
              keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @2 --image @0 --image dessert.jpg
            """) { parsed in
            try parsed.expectPositionals(1...1, usage: "feed edit needs one record id (is a value missing its quotes?); see keepsake feed edit --help.")
            let id = try CommandSupport.recordID(parsed.positionals[0])
            guard ["--title", "--contents", "--date", "--image"].contains(where: parsed.given) || parsed.has("--no-images") else {
                throw UsageError(description: "Nothing to change: give --title, --contents, --date, --image or --no-images.")
            }
            if parsed.given("--image"), parsed.has("--no-images") { throw UsageError(description: "Give --image or --no-images, not both.") }
            let date = try parsed.date("--date")
            let feed = Feed(store: try KeepsakeCommand.openStore(parsed))
            let current = try feed.item(id)
            let compose = FeedComposeViewModel(feed: feed, editing: current)
            if let title = parsed.value("--title") { compose.title = title }
            if let contents = CommandSupport.textValue(parsed.value("--contents")) { compose.contents = contents }
            if let date { compose.date = date }
            if parsed.given("--image") {
                compose.images = try CommandSupport.composeImages(parsed.all("--image"), current: current.images, limit: feed.maxImages)
            } else if parsed.has("--no-images") {
                compose.images = ComposeImages(limit: feed.maxImages)
            }
            guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "The post could not be saved.") }
            try printItem(item, parsed, heading: "Updated post \(item.id).")
            return 0
        }
    }

    static var delete: CommandGroup.Action {
        CommandGroup.Action(name: "delete", help: """
            Usage: keepsake [--store DIR] feed delete ID [--json]

            Moves a post and its photos to the trash; feed restore brings it back, and keepsake trash
            purge removes it for good.

            Examples:
              keepsake feed delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            try await trashOperation(parsed, restoring: false)
        }
    }

    static var restore: CommandGroup.Action {
        CommandGroup.Action(name: "restore", help: """
            Usage: keepsake [--store DIR] feed restore ID [--json]

            Takes a post and its photos out of the trash.

            Examples:
              keepsake feed restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            try await trashOperation(parsed, restoring: true)
        }
    }

    @MainActor
    static func trashOperation(_ parsed: CommandLineArguments, restoring: Bool) async throws -> Int32 {
        let id = try CommandSupport.singleID(parsed, command: restoring ? "feed restore" : "feed delete")
        let feed = Feed(store: try KeepsakeCommand.openStore(parsed))
        let model = FeedListViewModel(feed: feed)
        if restoring { await model.restore(id) } else { await model.delete(id) }
        try CommandSupport.check(model.error)
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(try feed.item(id))
        } else {
            print(restoring ? "Restored post \(id)." : "Moved post \(id) to the trash; keepsake feed restore \(id) brings it back.")
        }
        return 0
    }

    /// `feed list --json`.
    struct ListOutput: Encodable {
        let items: [FeedItem]
        let nextCursor: String?
    }

    /// One post in full (or as JSON), after `heading`.
    static func printItem(_ item: FeedItem, _ parsed: CommandLineArguments, heading: String?) throws {
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(item)
            return
        }
        if let heading { print(heading) }
        print("Post:      \(item.id)")
        print("Title:     \(item.title)")
        print("Date:      \(DateText.format(item.date))")
        print("Photos:    \(item.images.count)")
        CommandSupport.photoLines(item.images).forEach { print($0) }
        print("Created:   \(DateText.format(item.createdAt))")
        print("Updated:   \(DateText.format(item.updatedAt))")
        if let trashed = item.trashedAt { print("In trash:  since \(DateText.format(trashed))") }
        if !item.contents.isEmpty {
            print("")
            print(item.contents)
        }
    }
}
