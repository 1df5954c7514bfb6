import Foundation
import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake feed …`: the review feed. Posting and editing go through ``FeedComposeViewModel``,
/// the list, delete and restore through ``FeedListViewModel``; one post is read from ``Feed``.
enum FeedCommand {
    static let command = Command(
        group: "feed", abstract: "The review feed: posts with a title, text and up to 10 photos.", section: KeepsakeCommand.apps,
        discussion: "The review feed: posts with a title, text, a date and up to 10 ordered photos.",
        subcommands: [post, list, show, edit, delete, restore],
        epilogue: "Every action takes --json for machine-readable output and --help for its own help.",
        examples: [
            #"keepsake feed post --title "Best naengmyeon" --contents "Cold and tangy" --image bowl.jpg --image menu.jpg"#,
            "keepsake feed list --limit 5",
            "keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @1 --image @0",
        ])

    // MARK: - Options

    static let id = Argument(.recordID, hint: "as post and list print it")
    static let title = Option("--title", .text(), help: "One line, at most 200 characters.")
    static let contents = Option("--contents", .text(), help: "The review; - reads it from standard input.")
    static let date = Option("--date", .date, help: "The day (and time) the post is about; default now.")
    static let image = Option("--image", .file(), repeatable: true, help: "A photo; repeat for several. JPEG, PNG, WebP, HEIC, GIF.")

    static let post = Command(
        "post", abstract: "Publish a post (--title, --contents, --date, --image).",
        discussion: """
            Publishes a post. The photos (up to 10, in the order given) are stored with it in one
            operation: if one cannot be read, nothing is stored.
            """,
        options: [title.asRequired, contents, date, image], groups: [EncodingFlags.group],
        examples: [
            #"keepsake feed post --title "Best naengmyeon" --contents "Cold and tangy" --image bowl.jpg --image menu.jpg"#,
            #"keepsake feed post --title "Rainy day café" --date 2026-11-20 --json"#,
        ]) { call in
        let compose = FeedComposeViewModel(feed: Feed(store: try call.openStore()), now: try call[date]?.date(in: call.timeZone) ?? Date())
        compose.title = try call.required(title)
        if let contents = call.text(contents) { compose.contents = contents }
        if call.given(image) {
            compose.addImages(CommandSupport.imageSources(call.all(image)))
            try CommandSupport.check(compose.error)
        }
        guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "The post could not be saved.") }
        try printItem(item, call, heading: "Posted \(item.id).")
        return 0
    }

    static let limit = Option("--limit", .integer(in: 1...1000), help: "Posts per page, 1 to 1000; default 20.")
    static let cursor = Option("--cursor", .cursor, help: "Continue after the page that printed this token.")
    static let trash = Flag("--trash", help: "The posts in the trash instead.")

    static let list = Command(
        "list", abstract: "Newest posts first, a page at a time (--limit, --cursor, --trash).",
        discussion: "Lists posts, newest date first, a page at a time.",
        options: [limit, cursor, trash],
        epilogue: #"With --json: {"items": [...], "nextCursor": TOKEN or null}."#,
        examples: ["keepsake feed list", "keepsake feed list --limit 10 --json"]) { call in
        let model = FeedListViewModel(feed: Feed(store: try call.openStore()), pageSize: call[limit] ?? 20)
        model.showsTrash = call[trash]
        await model.load(after: call[cursor])
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

    static let show = Command(
        "show", abstract: "One post with its photos.",
        discussion: """
            Shows one post: title, date, its text and its photos in order with their stored paths
            and sizes (the full SHA-256 is in the --json output).
            """,
        arguments: [id], examples: ["keepsake feed show 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try printItem(try Feed(store: try call.openStore()).item(try call.required(id)), call, heading: nil)
        return 0
    }

    static let newImages = Option("--image", .file("FILE|@N"), repeatable: true, help: """
        The whole new photo set, in order: a FILE adds a photo, @N keeps the stored
        photo now at position N.
        """)
    static let noImages = Flag("--no-images", help: "Remove every photo.")

    static let edit = Command(
        "edit", abstract: "Change a post: --title, --contents, --date, and --image for the whole\nphoto set in order (@N keeps the stored photo at position N).",
        discussion: """
            Changes a post; only the options given change. --image gives the whole new photo set in
            order: a FILE adds a photo, @N keeps the stored photo now at position N. Photos that do not
            change are not rewritten (a file identical to a stored photo is recognised too); photos left
            out are removed. --no-images removes them all. Text and photos change in one operation.
            """,
        arguments: [id], options: [title, contents, date, newImages, noImages],
        rules: [.atMostOne([[newImages], [noImages]]), .atLeastOne([title, contents, date, newImages, noImages], message: "Nothing to change")],
        groups: [EncodingFlags.group],
        examples: [
            #"keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --title "Best naengmyeon in town""#,
            "keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @2 --image @0 --image dessert.jpg",
        ]) { call in
        let date = try call[Self.date]?.date(in: call.timeZone)
        let feed = Feed(store: try call.openStore())
        let current = try feed.item(try call.required(id))
        let compose = FeedComposeViewModel(feed: feed, editing: current)
        if let title = call[title] { compose.title = title }
        if let contents = call.text(contents) { compose.contents = contents }
        if let date { compose.date = date }
        if call.given(newImages) {
            compose.images = try CommandSupport.composeImages(call.all(newImages), current: current.images, limit: feed.maxImages)
        } else if call[noImages] {
            compose.images = ComposeImages(limit: feed.maxImages)
        }
        guard let item = await compose.save() else { throw compose.error ?? CommandFailure(message: "The post could not be saved.") }
        try printItem(item, call, heading: "Updated post \(item.id).")
        return 0
    }

    static let delete = Command(
        "delete", abstract: "Move a post (and its photos) to the trash.",
        discussion: """
            Moves a post and its photos to the trash; feed restore brings it back, and keepsake trash
            purge removes it for good.
            """,
        arguments: [id], examples: ["keepsake feed delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try await trashOperation(call, restoring: false)
    }

    static let restore = Command(
        "restore", abstract: "Take it out of the trash.", discussion: "Takes a post and its photos out of the trash.",
        arguments: [id], examples: ["keepsake feed restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try await trashOperation(call, restoring: true)
    }

    /// `delete ID` and `restore ID`.
    @MainActor
    static func trashOperation(_ call: Invocation, restoring: Bool) async throws -> Int32 {
        let id = try call.required(Self.id)
        let feed = Feed(store: try call.openStore())
        let model = FeedListViewModel(feed: feed)
        if restoring { await model.restore(id) } else { await model.delete(id) }
        try CommandSupport.check(model.error)
        if call.json {
            try call.printJSON(try feed.item(id))
        } else {
            call.print(restoring ? "Restored post \(id)." : "Moved post \(id) to the trash; keepsake feed restore \(id) brings it back.")
        }
        return 0
    }

    /// `feed list --json`.
    struct ListOutput: Encodable {
        let items: [FeedItem]
        let nextCursor: String?
    }

    /// One post in full (or as JSON), after `heading`.
    static func printItem(_ item: FeedItem, _ call: Invocation, heading: String?) throws {
        if call.json {
            try call.printJSON(item)
            return
        }
        let zone = call.timeZone
        if let heading { call.print(heading) }
        call.print("Post:      \(item.id)")
        call.print("Title:     \(item.title)")
        call.print("Date:      \(DateText.format(item.date, timeZone: zone))")
        call.print("Photos:    \(item.images.count)")
        CommandSupport.photoLines(item.images).forEach { call.print($0) }
        call.print("Created:   \(DateText.format(item.createdAt, timeZone: zone))")
        call.print("Updated:   \(DateText.format(item.updatedAt, timeZone: zone))")
        if let trashed = item.trashedAt { call.print("In trash:  since \(DateText.format(trashed, timeZone: zone))") }
        if !item.contents.isEmpty {
            call.print("")
            call.print(item.contents)
        }
    }
}
