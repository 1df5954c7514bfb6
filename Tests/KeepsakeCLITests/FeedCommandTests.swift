import Foundation
import Testing
import KeepsakeFeed
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// End-to-end: `keepsake feed …` in-process (the code the binary runs), on fresh stores.
@Suite struct FeedCommandTests {
    struct ListPage: Decodable {
        let items: [FeedItem]
        let nextCursor: String?
    }

    @Test func postListShowEditDeleteAndRestore() async throws {
        let cli = CLI("cli-feed")
        let images = Corpus.smallImages.prefix(3).map(\.path)
        let post = try await cli.json(FeedItem.self, ["feed", "post", "--title", "Best naengmyeon", "--contents", "Cold and tangy. 시원하다!",
                                                "--date", "2026-11-20T12:30"] + images.flatMap { ["--image", $0] })
        #expect(post.title == "Best naengmyeon" && post.images.count == 3)
        #expect(post.date == (try Date("2026-11-20T12:30:00+09:00", strategy: .iso8601)))
        #expect(try await cli.json(FeedItem.self, ["feed", "show", post.id.string]) == post)
        #expect(try await cli.ok(["feed", "show", post.id.string]).contains("Date:      2026-11-20T12:30:00+09:00"))

        // The whole set in a new order: kept photos keep their files; a file equal to a stored photo is not stored twice.
        let edited = try await cli.json(FeedItem.self, ["feed", "edit", post.id.string, "--title", "Best naengmyeon in town",
                                                  "--image", "@2", "--image", "@0", "--image", images[1], "--image", Corpus.smallImages[3].path])
        #expect(edited.title == "Best naengmyeon in town" && edited.contents == post.contents)
        #expect(edited.images.map(\.id).prefix(2) == [post.images[2].id, post.images[0].id], "kept photos are the same stored images")
        #expect(edited.images.map(\.path).prefix(3) == [post.images[2].path, post.images[0].path, post.images[1].path], "unchanged photos are not rewritten")
        #expect(edited.images[3].sourceSHA256 == SHA256.hex(try Data(contentsOf: Corpus.smallImages[3])))
        let trimmed = try await cli.json(FeedItem.self, ["feed", "edit", post.id.string, "--image", "@3"])
        #expect(trimmed.images.map(\.id) == [edited.images[3].id])
        for image in edited.images.prefix(3) {
            #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(image.path.string).path), "photos left out are removed")
        }
        #expect(try await cli.json(FeedItem.self, ["feed", "edit", post.id.string, "--no-images"]).images.isEmpty)

        #expect(try await cli.ok(["feed", "delete", post.id.string]).contains("feed restore \(post.id)"))
        #expect(try await cli.json(ListPage.self, ["feed", "list"]).items.isEmpty)
        #expect(try await cli.json(ListPage.self, ["feed", "list", "--trash"]).items.map(\.id) == [post.id])
        try await cli.fails(3, ["feed", "edit", post.id.string, "--title", "x"], containing: "trash")
        #expect(try await cli.json(FeedItem.self, ["feed", "restore", post.id.string]).trashedAt == nil)
        try await cli.fails(3, ["feed", "restore", post.id.string])  // conflict: not in the trash
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }

    @Test func theListPagesNewestFirst() async throws {
        let cli = CLI("cli-feed-list")
        do {
            let feed = Feed(store: try TestStores.open(cli.directory))
            for day in 1...5 {
                try feed.create(FeedDraft(title: "post \(day)", date: try Date(String(format: "2026-11-%02dT12:00:00+09:00", day), strategy: .iso8601)))
            }
        }
        let first = try await cli.json(ListPage.self, ["feed", "list", "--limit", "3"])
        #expect(first.items.map(\.title) == ["post 5", "post 4", "post 3"])
        let cursor = try #require(first.nextCursor)
        let second = try await cli.json(ListPage.self, ["feed", "list", "--limit", "3", "--cursor", cursor])
        #expect(second.items.map(\.title) == ["post 2", "post 1"])
        #expect(second.nextCursor == nil)
        let text = try await cli.ok(["feed", "list", "--limit", "3"])
        #expect(text.contains("2026-11-05T12:00:00+09:00  0 photos   post 5"))
        #expect(text.contains("More: keepsake feed list --cursor \(cursor)"))
        try await cli.fails(2, ["feed", "list", "--cursor", "nonsense"], containing: "cursor")
        try await cli.fails(2, ["feed", "list", "--limit", "1001"])
    }

    @Test func badInputIsRefusedAndNothingIsStored() async throws {
        let cli = CLI("cli-feed-bad")
        try await cli.fails(1, ["feed", "post", "--title", "x", "--image", Corpus.smallImages[0].path, "--image", cli.directory.appending("absent.png").path],
                      containing: "absent.png")
        try await cli.fails(1, ["feed", "post", "--title", "x", "--image", Corpus.corruptImage.path], containing: "truncated_jpeg.jpg")
        try await cli.fails(1, ["feed", "post", "--title", "x"] + Array(repeating: ["--image", Corpus.smallImages[1].path], count: 11).flatMap { $0 },
                      containing: "at most 10")
        try await cli.fails(1, ["feed", "post", "--title", "   "])
        try await cli.fails(2, ["feed", "post", "--contents", "no title"], containing: "--title")
        try await cli.fails(2, ["feed", "post", "--title", "x", "--date", "2026-11-31"], containing: "is not a date")
        #expect(try await cli.json(ListPage.self, ["feed", "list"]).items.isEmpty)
        #expect(try await cli.ok(["fsck"]).contains("Clean."))

        let unknown = UUID().uuidString.lowercased()
        for action in [["show", unknown], ["edit", unknown, "--title", "x"], ["delete", unknown], ["restore", unknown]] {
            try await cli.fails(1, ["feed"] + action, containing: unknown)
        }
        for action in [["show", "../../etc"], ["edit", "../../etc", "--title", "x"], ["delete", "../../etc"], ["restore", "../../etc"]] {
            try await cli.fails(2, ["feed"] + action, containing: "is not a record id")
        }
        let post = try await cli.json(FeedItem.self, ["feed", "post", "--title", "kept", "--image", Corpus.smallImages[0].path])
        try await cli.fails(1, ["feed", "edit", post.id.string, "--title", "changed", "--image", "@0", "--image", Corpus.corruptImage.path])
        try await cli.fails(2, ["feed", "edit", post.id.string, "--image", "@1"], containing: "no stored photo")
        try await cli.fails(2, ["feed", "edit", post.id.string], containing: "Nothing to change")
        #expect(try await cli.json(FeedItem.self, ["feed", "show", post.id.string]) == post, "a refused edit changed nothing")
    }
}
