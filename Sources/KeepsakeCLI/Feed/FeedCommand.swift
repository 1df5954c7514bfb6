import Foundation
import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake feed …`: the review feed. Posting and editing go through ``FeedComposeViewModel``,
/// the list, delete and restore through ``FeedListViewModel``; one post is read from ``Feed``.
enum FeedCommand {
    /// The `feed` group and its actions (each in `Feed/FeedCommand+Action.swift`).
    static let command = Command(
        group: "feed", abstract: "The review feed: posts with a title, text and up to 10 photos.", section: KeepsakeCommand.apps,
        discussion: "The review feed: posts with a title, text, a date and up to 10 ordered photos.",
        subcommands: [Command(Post.self), Command(List.self), Command(Show.self), Command(Edit.self), Command(DeleteCommand<FeedCommand>.self), Command(RestoreCommand<FeedCommand>.self), Command(MoveRecordCommand<FeedCommand>.self)],
        epilogue: "Every action takes --json for machine-readable output and --help for its own help.",
        examples: [
            #"keepsake feed post --title "Best naengmyeon" --contents "Cold and tangy" --image bowl.jpg --image menu.jpg"#,
            "keepsake feed list --limit 5",
            "keepsake feed edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @1 --image @0",
        ])

    /// One post in full (or as JSON), after `heading`.
    static func printItem(_ item: FeedItem, _ call: Invocation, heading: String?) throws {
        let zone = call.timeZone
        try call.printResult(item) {
            if let heading { call.print(heading) }
            call.print("Post:      \(item.id)")
            call.print("Title:     \(item.title)")
            call.print("Date:      \(DateText.format(item.date, timeZone: zone))")
            call.print("Photos:    \(item.images.count)")
            CommandSupport.photoLines(item.images).forEach { call.print($0) }
            CommandSupport.printTimes(created: item.createdAt, updated: item.updatedAt, trashed: item.trashedAt, width: 11, call)
            if !item.contents.isEmpty {
                call.print("")
                call.print(item.contents)
            }
        }
    }
}
