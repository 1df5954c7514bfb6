import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// End-to-end: `keepsake diary …` in-process (the code the binary runs), on fresh stores, in Asia/Seoul.
@Suite struct DiaryCommandTests {
    struct ListPage: Decodable {
        let entries: [DiaryEntry]
        let nextCursor: String?
    }

    /// The SHA-256 of the bytes as given, per photo, in order.
    func sources(_ entry: DiaryEntry) -> [String] { entry.images.map(\.sourceSHA256) }
    func sha(_ url: URL) throws -> String { SHA256.hex(try Data(contentsOf: url)) }

    @Test func addShowEditSearchDeleteAndRestore() async throws {
        let cli = CLI("cli-diary")
        let added = try await cli.ok(["diary", "add", "--emotion", "기쁨", "--intensity", "4", "--title", "Picnic", "--text", "한강에서 김밥을 먹었다",
                                "--tag", "family", "--tag", "#Picnic", "--at", "2026-11-29T23:30",
                                "--image", Corpus.smallImages[0].path, "--image", Corpus.smallImages[1].path])
        #expect(added.hasPrefix("Added diary entry "))
        #expect(added.contains("When:      2026-11-29T23:30:00+09:00 (written in Asia/Seoul, day 2026-11-29)"), "ISO 8601 in the user's time zone")
        let id = try #require(printedID(added))

        let entry = try await cli.json(DiaryEntry.self, ["diary", "show", id])
        #expect(entry.emotion == .joy && entry.intensity == 4 && entry.title == "Picnic")
        #expect(entry.tags == ["family", "picnic"])
        #expect(entry.day.string == "2026-11-29")
        #expect(try sources(entry) == [sha(Corpus.smallImages[0]), sha(Corpus.smallImages[1])])

        // Only the options given change.
        let edited = try await cli.json(DiaryEntry.self, ["diary", "edit", id, "--intensity", "5", "--text", "Kimbap by the river"])
        #expect(edited.intensity == 5 && edited.text == "Kimbap by the river")
        #expect(edited.title == "Picnic" && edited.tags == entry.tags && edited.emotion == .joy)
        #expect(edited.images.map(\.path) == entry.images.map(\.path), "photos untouched")

        // --image replaces the set; @N keeps a stored photo without rewriting it.
        let swapped = try await cli.json(DiaryEntry.self, ["diary", "edit", id, "--image", "@1", "--image", "@0", "--image", Corpus.smallImages[2].path])
        #expect(swapped.images.map(\.path).prefix(2) == [entry.images[1].path, entry.images[0].path])
        #expect(swapped.images.count == 3)

        let text = try await cli.ok(["diary", "edit", id, "--title", "", "--tag", ""])
        #expect(!text.contains("Title:"))
        #expect(!text.contains("Tags:"))

        let found = try await cli.json(ListPage.self, ["diary", "search", "kimbap"])
        #expect(found.entries.map(\.id.string) == [id])
        #expect(try await cli.ok(["diary", "search", "nothing-like-this"]).contains("No entries match"))

        #expect(try await cli.ok(["diary", "delete", id]).contains("diary restore \(id)"))
        #expect(try await cli.json(ListPage.self, ["diary", "list"]).entries.isEmpty)
        #expect(try await cli.json(ListPage.self, ["diary", "list", "--trash"]).entries.map(\.id.string) == [id])
        let restored = try await cli.json(DiaryEntry.self, ["diary", "restore", id])
        #expect(restored.trashedAt == nil)
        #expect(try await cli.json(ListPage.self, ["diary", "list"]).entries.map(\.id.string) == [id])
    }

    @Test func photosAreAddedReplacedRemovedMovedAndReordered() async throws {
        let cli = CLI("cli-diary-images")
        let id = try #require(printedID(try await cli.ok(["diary", "add", "--emotion", "calm", "--text", "tea",
                                                     "--image", Corpus.smallImages[0].path, "--image", Corpus.smallImages[1].path])))
        let a = try sha(Corpus.smallImages[0]), b = try sha(Corpus.smallImages[1])
        let c = try sha(Corpus.smallImages[2]), d = try sha(Corpus.smallImages[3])

        var entry = try await cli.json(DiaryEntry.self, ["diary", "images", id, "add", Corpus.smallImages[2].path])
        #expect(sources(entry) == [a, b, c])
        entry = try await cli.json(DiaryEntry.self, ["diary", "images", id, "reorder", "2", "0", "1"])
        #expect(sources(entry) == [c, a, b])
        entry = try await cli.json(DiaryEntry.self, ["diary", "images", id, "move", "0", "2"])
        #expect(sources(entry) == [a, b, c])
        let before = entry.images[1]
        entry = try await cli.json(DiaryEntry.self, ["diary", "images", id, "replace", "1", Corpus.smallImages[3].path])
        #expect(sources(entry) == [a, d, c])
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(before.path.string).path), "the replaced file is gone")
        let text = try await cli.ok(["diary", "images", id, "remove", "0"])
        #expect(text.contains("now has 2 photos"))
        #expect(sources(try await cli.json(DiaryEntry.self, ["diary", "show", id])) == [d, c])

        try await cli.fails(1, ["diary", "images", id, "remove", "5"], containing: "out of range")
        try await cli.fails(1, ["diary", "images", id, "reorder", "0", "0"])
        try await cli.fails(2, ["diary", "images", id, "remove", "-1"])
        try await cli.fails(2, ["diary", "images", id, "replace", "0"], containing: "replace N FILE")
        try await cli.fails(2, ["diary", "images", id, "shuffle"], containing: "Unknown photo operation")
        try await cli.fails(1, ["diary", "images", id, "add", Corpus.corruptImage.path])
        try await cli.fails(1, ["diary", "images", id, "add", cli.directory.appending("missing.jpg").path], containing: "missing.jpg")
        #expect(sources(try await cli.json(DiaryEntry.self, ["diary", "show", id])) == [d, c], "failed operations changed nothing")
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }

    @Test func listPagesAndFilters() async throws {
        let cli = CLI("cli-diary-list")
        do {
            let diary = Diary(store: try TestStores.open(cli.directory))
            let seoul = TimeZone(identifier: "Asia/Seoul")!
            let days = ["2026-10-31T12:00:00+09:00", "2026-11-01T08:00:00+09:00", "2026-11-01T21:00:00+09:00",
                        "2026-11-15T12:00:00+09:00", "2026-11-30T23:30:00+09:00", "2026-12-01T00:30:00+09:00"]
            for (index, day) in days.enumerated() {
                try diary.create(DiaryDraft(moment: try Date(day, strategy: .iso8601), timeZone: seoul, emotion: index.isMultiple(of: 2) ? .joy : .sadness,
                                            intensity: 1 + index % 5, text: "day \(index)", tags: index < 3 ? ["early"] : []))
            }
        }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try await cli.json(ListPage.self, ["diary", "list", "--limit", "4"] + (cursor.map { ["--cursor", $0] } ?? []))
            seen += page.entries.map(\.text)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen == (0..<6).reversed().map { "day \($0)" }, "newest first, no page repeats or skips")

        #expect(try await cli.json(ListPage.self, ["diary", "list", "--emotion", "sadness"]).entries.map(\.text) == ["day 5", "day 3", "day 1"])
        #expect(try await cli.json(ListPage.self, ["diary", "list", "--tag", "Early"]).entries.map(\.text) == ["day 2", "day 1", "day 0"])
        #expect(try await cli.json(ListPage.self, ["diary", "list", "--month", "2026-11"]).entries.map(\.text) == ["day 1", "day 2", "day 3", "day 4"])
        #expect(try await cli.json(ListPage.self, ["diary", "list", "--day", "2026-11-01"]).entries.map(\.text) == ["day 1", "day 2"])
        #expect(try await cli.json(ListPage.self, ["diary", "list", "--from", "2026-11-01", "--to", "2026-11-30"]).entries.map(\.text) == ["day 4", "day 3", "day 2", "day 1"],
                "a bare --to day includes that day")
        let text = try await cli.ok(["diary", "list", "--limit", "2"])
        #expect(text.contains("2026-12-01T00:30:00+09:00  sadness/1"))
        #expect(text.contains("More: keepsake diary list --cursor "))

        try await cli.fails(2, ["diary", "list", "--emotion", "joy", "--tag", "x"], containing: "one filter")
        try await cli.fails(2, ["diary", "list", "--limit", "0"])
        try await cli.fails(2, ["diary", "list", "--cursor", "../../etc"])
        try await cli.fails(2, ["diary", "list", "--month", "2026-13"])
        try await cli.fails(2, ["diary", "list", "--day", "2026-02-30"])
        try await cli.fails(2, ["diary", "list", "--from", "last week"], containing: "is not a date")
        try await cli.fails(2, ["diary", "list", "--emotion", "happy"], containing: "not an emotion")
    }

    @Test func calendarAndStatistics() async throws {
        let cli = CLI("cli-diary-stats")
        try await cli.ok(["diary", "add", "--emotion", "joy", "--intensity", "2", "--text", "a", "--at", "2026-11-02T10:00"])
        try await cli.ok(["diary", "add", "--emotion", "sadness", "--intensity", "5", "--text", "b", "--at", "2026-11-02T20:00"])
        try await cli.ok(["diary", "add", "--emotion", "sadness", "--intensity", "1", "--text", "c", "--at", "2026-11-03T09:00"])
        try await cli.ok(["diary", "add", "--emotion", "calm", "--text", "d", "--at", "2026-11-20T09:00"])

        let days = try await cli.json([DiaryCalendarDay].self, ["diary", "calendar", "2026-11"])
        #expect(days.map(\.day.string) == ["2026-11-02", "2026-11-03", "2026-11-20"])
        #expect(days[0].count == 2 && days[0].dominantEmotion == .sadness, "a tie goes to the stronger emotion")
        let text = try await cli.ok(["diary", "calendar", "2026-11"])
        #expect(text.contains("2026-11: 3 days with entries"))
        #expect(text.contains("2026-11-02  Mon  2 entries  sadness (슬픔)"))
        #expect(try await cli.json([DiaryCalendarDay].self, ["diary", "calendar", "2026-10"]).isEmpty)

        struct Row: Decodable {
            let label: String
            let entryCount: Int
            let emotionCounts: [Emotion: Int]
            let averageIntensity: Double?
        }
        let weeks = try await cli.json([Row].self, ["diary", "stats", "--per", "week", "--from", "2026-11-02", "--to", "2026-11-22"])
        #expect(weeks.map(\.label) == ["2026-W45", "2026-W46", "2026-W47"])
        #expect(weeks.map(\.entryCount) == [3, 0, 1])
        #expect(weeks[0].emotionCounts == [.joy: 1, .sadness: 2])
        #expect(weeks[0].averageIntensity == 8.0 / 3.0)
        let months = try await cli.json([Row].self, ["diary", "stats", "--per", "month", "--from", "2026-10-01", "--to", "2026-11-30"])
        #expect(months.map(\.label) == ["2026-10", "2026-11"])
        #expect(months.map(\.entryCount) == [0, 4])
        #expect(try await cli.ok(["diary", "stats", "--per", "month", "--from", "2026-11-01", "--to", "2026-11-30"]).contains("2026-11          4  2.8  sadness 2, joy 1, calm 1"))

        try await cli.fails(2, ["diary", "calendar", "November"])
        try await cli.fails(2, ["diary", "stats", "--per", "day"])
        try await cli.fails(2, ["diary", "stats", "--from", "2026-11-10", "--to", "2026-11-01"])
    }

    @Test func badInputIsRefusedAndNothingIsStored() async throws {
        let cli = CLI("cli-diary-bad")
        try await cli.fails(1, ["diary", "add", "--emotion", "joy", "--text", "x", "--image", Corpus.smallImages[0].path, "--image", cli.directory.appending("nope.jpg").path],
                      containing: "nope.jpg")
        try await cli.fails(1, ["diary", "add", "--emotion", "joy", "--text", "x", "--image", Corpus.smallImages[0].path, "--image", Corpus.corruptImage.path],
                      containing: "truncated_jpeg.jpg")
        try await cli.fails(1, ["diary", "add", "--emotion", "joy", "--text", "x"] + Array(repeating: ["--image", Corpus.smallImages[0].path], count: 11).flatMap { $0 },
                      containing: "at most 10")
        try await cli.fails(1, ["diary", "add", "--emotion", "joy"], containing: "title or some text")
        try await cli.fails(1, ["diary", "add", "--emotion", "joy", "--text", "x", "--intensity", "9"])
        try await cli.fails(2, ["diary", "add", "--emotion", "joy", "--text", "x", "--intensity", "strong"])
        try await cli.fails(2, ["diary", "add", "--emotion", "joy", "--text", "x", "--at", "2026-02-30"], containing: "is not a date")
        try await cli.fails(2, ["diary", "add", "--emotion", "joy", "--text", "x", "--time-zone", "Mars/Olympus"])
        try await cli.fails(2, ["diary", "add", "--text", "x"], containing: "--emotion")
        try await cli.fails(2, ["diary", "add", "--emotion", "joy", "--text"], containing: "--text needs a value")
        try await cli.fails(2, ["diary", "add", "--emotion", "joy", "--text", "x", "stray"])
        #expect(try await cli.json(ListPage.self, ["diary", "list"]).entries.isEmpty)
        #expect(try await cli.ok(["fsck"]).contains("Clean."), "refused photos left no file behind")

        let unknown = UUID().uuidString.lowercased()
        for action in [["show", unknown], ["edit", unknown, "--intensity", "2"], ["delete", unknown], ["restore", unknown], ["images", unknown, "remove", "0"]] {
            try await cli.fails(1, ["diary"] + action, containing: unknown)
        }
        for action in [["show", "../../etc"], ["edit", "../../etc", "--intensity", "2"], ["delete", "../../etc"], ["restore", "../../etc"],
                       ["images", "../../etc", "add", Corpus.smallImages[0].path]] {
            try await cli.fails(2, ["diary"] + action, containing: "is not a record id")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending("attachments/etc").path))
        let id = try #require(printedID(try await cli.ok(["diary", "add", "--emotion", "joy", "--text", "x"])))
        try await cli.fails(2, ["diary", "edit", id], containing: "Nothing to change")
        try await cli.fails(2, ["diary", "edit", id, "--image", "@3"], containing: "no stored photo")
        try await cli.fails(1, ["diary", "edit", id, "--text", "", "--title", ""], containing: "title or some text")
        #expect(try await cli.json(DiaryEntry.self, ["diary", "show", id]).text == "x")
    }
}
