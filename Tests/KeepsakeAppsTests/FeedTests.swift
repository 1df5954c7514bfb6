import Foundation
import Testing
import KeepsakeFeed
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

@Suite struct FeedTests {
    let photos = Corpus.smallImages

    /// The inode number of a stored original: unchanged means the file was not rewritten.
    func inode(_ store: Store, _ attachment: KeepsakeStore.Attachment) throws -> UInt64 {
        var info = stat()
        #expect(lstat(try store.originalURL(of: attachment).path, &info) == 0)
        return UInt64(info.st_ino)
    }

    func expectError(_ code: KeepsakeError.Code, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected a \(code) error")
        } catch let error as KeepsakeError {
            #expect(error.code == code, "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func postingAReviewWithThreePhotosKeepsThemInTheChosenOrder() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let post = try feed.create(FeedDraft(title: "  Ramen at Menya \n", contents: "Rich broth.", date: date,
                                           images: photos.prefix(3).map(ImageSource.file)))
        #expect(post.title == "Ramen at Menya", "the title is stored trimmed")
        #expect(post.contents == "Rich broth.")
        #expect(post.date == date)
        #expect(post.trashedAt == nil)
        #expect(post.images.count == 3)
        for (index, image) in post.images.enumerated() {
            #expect(image.position == index)
            #expect(image.sourceSHA256 == SHA256.hex(try Data(contentsOf: photos[index])))
            #expect(image.path.string.hasPrefix("attachments/\(try #require(post.book).string)/\(post.id.string)/"))
        }
        #expect(try feed.read(post.id) == post)
        #expect(try feed.newest().items == [post])
        #expect(try store.fsck().isClean)
    }

    @Test func aFeedItemKeepsItsUUIDThroughCodableAndReloads() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Coffee", contents: "Bitter.", images: [.file(photos[0])]))
        let json = try JSONEncoder().encode(post)
        let decoded = try JSONDecoder().decode(FeedItem.self, from: json)
        #expect(decoded == post)
        #expect(decoded.id.uuid == post.id.uuid)
        #expect(String(decoding: json, as: UTF8.self).contains(post.id.string))

        let reopened = Feed(store: try TestStores.open(dir))
        #expect(try reopened.read(decoded.id).id == post.id, "the id is the same after a reload")
    }

    @Test func pagingThroughTwentyFiveItemsWithCursorsHasNoDuplicatesNoGapsAndIsNewestFirst() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var posted: [FeedItem] = []
        for index in 0..<25 {
            // Pairs of posts share a date, so ties must be broken consistently.
            let date = start.addingTimeInterval(Double(index / 2) * 86_400)
            posted.append(try feed.create(FeedDraft(title: "Review \(index)", date: date)))
        }
        let expected = posted.sorted { ($0.date, $0.id) > ($1.date, $1.id) }.map(\.id)

        var seen: [RecordID] = []
        var page = try feed.newest(limit: 10)
        var pageSizes = [page.items.count]
        seen += page.items.map(\.id)
        while let next = page.nextCursor {
            // The cursor survives being printed and parsed (a web page hands it back as text).
            page = try feed.newest(limit: 10, after: try RecordCursor(parsing: next.description))
            pageSizes.append(page.items.count)
            seen += page.items.map(\.id)
        }
        #expect(pageSizes == [10, 10, 5])
        #expect(seen == expected)
        #expect(Set(seen).count == 25)
        let dates = Dictionary(uniqueKeysWithValues: posted.map { ($0.id, $0.date) })
        #expect(zip(seen, seen.dropFirst()).allSatisfy { dates[$0]! >= dates[$1]! }, "newest first")
    }

    @Test func updatingOnlyTheTextLeavesThePhotosAndTheirFilesAlone() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Tea", contents: "Fine.", images: photos.prefix(2).map(ImageSource.file)))
        let inodes = try post.images.map { try inode(store, $0) }

        let updated = try feed.update(post.id, title: "Green tea ", contents: "Better the second time.")
        #expect(updated.title == "Green tea")
        #expect(updated.contents == "Better the second time.")
        #expect(updated.date == post.date)
        #expect(updated.images == post.images)
        #expect(try updated.images.map { try inode(store, $0) } == inodes)
        #expect(updated.updatedAt >= post.updatedAt)

        let contentsOnly = try feed.update(post.id, contents: "")
        #expect(contentsOnly.title == "Green tea")
        #expect(contentsOnly.contents == "")
        #expect(try feed.update(post.id) == contentsOnly, "an update without changes changes nothing")
    }

    @Test func updatingPhotosKeepsTwoDropsOneAndAddsOneWithoutRewritingTheKeptFiles() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Bakery", images: photos.prefix(3).map(ImageSource.file)))
        let kept = [post.images[2], post.images[0]]
        let dropped = post.images[1]
        let keptInodes = try kept.map { try inode(store, $0) }
        let droppedURL = try store.originalURL(of: dropped)

        let updated = try feed.update(post.id, images: [.existing(kept[0].id), .new(.file(photos[3])), .existing(kept[1].id)])
        #expect(updated.images.count == 3)
        #expect(updated.images[0].id == kept[0].id)
        #expect(updated.images[2].id == kept[1].id)
        #expect(updated.images[1].sourceSHA256 == SHA256.hex(try Data(contentsOf: photos[3])))
        #expect([updated.images[0], updated.images[2]].map(\.path) == kept.map(\.path))
        #expect(try [updated.images[0], updated.images[2]].map { try inode(store, $0) } == keptInodes,
                "the kept files are the very same files")
        #expect(!FileManager.default.fileExists(atPath: droppedURL.path), "the dropped photo's file is gone after the commit")
        #expect(try feed.read(post.id) == updated)
        #expect(try store.fsck().isClean)
    }

    @Test func changingTextDateAndPhotosTogetherIsOneAtomicEdit() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Dumplings", images: photos.prefix(2).map(ImageSource.file)))
        let versionBefore = try store.record(post.id).version
        let newDate = Date(timeIntervalSince1970: 1_600_000_000)

        let updated = try feed.update(post.id, title: "Soup dumplings", contents: "Juicy.", date: newDate,
                                      images: [.existing(post.images[1].id)])
        #expect(updated.title == "Soup dumplings")
        #expect(updated.contents == "Juicy.")
        #expect(updated.date == newDate)
        #expect(updated.images.map(\.id) == [post.images[1].id])
        #expect(try store.record(post.id).version == versionBefore + 1, "one commit, not two")
    }

    @Test func reorderingPhotosChangesTheirOrderOnly() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Noodles", images: photos.prefix(3).map(ImageSource.file)))
        let inodes = try post.images.map { try inode(store, $0) }

        let reordered = try feed.reorderImages(of: post.id, order: [2, 0, 1])
        #expect(reordered.images.map(\.id) == [post.images[2].id, post.images[0].id, post.images[1].id])
        #expect(reordered.images.map(\.position) == [0, 1, 2])
        #expect(try reordered.images.map { try inode(store, $0) } == [inodes[2], inodes[0], inodes[1]])
        expectError(.invalidArgument) { try feed.reorderImages(of: post.id, order: [0, 0, 1]) }
        expectError(.invalidArgument) { try feed.reorderImages(of: post.id, order: [0, 1]) }
    }

    @Test func aDraftWithoutATitleIsRefusedAndNothingIsStored() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        expectError(.invalidArgument) { try FeedDraft(title: "", contents: "text").validate() }
        expectError(.invalidArgument) { try feed.create(FeedDraft(title: " \n\t ", images: [.file(photos[0])])) }
        expectError(.invalidArgument) { try feed.create(FeedDraft(title: "Two\nlines")) }
        expectError(.invalidArgument) { try feed.create(FeedDraft(title: String(repeating: "a", count: FeedDraft.maxTitleLength + 1))) }
        expectError(.invalidArgument) { try feed.create(FeedDraft(title: "Long", contents: String(repeating: "b", count: FeedDraft.maxContentsLength + 1))) }
        expectError(.invalidArgument) { try feed.create(FeedDraft(title: "Odd date", date: Date(timeIntervalSince1970: .nan))) }
        #expect(try store.count(FeedItem.collection, trash: .all) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.location.attachmentsDirectory.path).isEmpty)
        try FeedDraft(title: String(repeating: "a", count: FeedDraft.maxTitleLength)).validate()
    }

    @Test func elevenPhotosAreOneTooManyForAPost() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let eleven = (0..<11).map { ImageSource.file(photos[$0 % photos.count]) }
        expectError(.limitExceeded) { try FeedDraft(title: "Too many", images: eleven).validate() }
        expectError(.limitExceeded) { try feed.create(FeedDraft(title: "Too many", images: eleven)) }
        #expect(try store.count(FeedItem.collection, trash: .all) == 0)

        let post = try feed.create(FeedDraft(title: "Fine"))
        expectError(.limitExceeded) { try feed.update(post.id, images: eleven.map(ImageSlot.new)) }
        expectError(.invalidArgument) { try feed.update(post.id, title: "   ") }
        #expect(try feed.read(post.id) == post, "a refused update changes nothing")

        let strict = Feed(store: store, maxImages: 2)
        expectError(.limitExceeded) { try strict.create(FeedDraft(title: "Three", images: photos.prefix(3).map(ImageSource.file))) }
    }

    @Test func deletingMovesAPostToTheTrashAndRestoringBringsItBack() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Pizza", images: [.file(photos[0])]))
        let other = try feed.create(FeedDraft(title: "Pasta"))

        let trashed = try feed.delete(post.id)
        #expect(trashed.isTrashed)
        #expect(try feed.newest().items.map(\.id) == [other.id])
        #expect(try feed.trash().items.map(\.id) == [post.id])
        #expect(FileManager.default.fileExists(atPath: try store.originalURL(of: post.images[0]).path), "photos stay while in the trash")
        expectError(.conflict) { try feed.delete(post.id) }
        expectError(.conflict) { try feed.update(post.id, title: "Edited") }

        let restored = try feed.restore(post.id)
        #expect(restored.trashedAt == nil)
        #expect(restored.images == post.images)
        #expect(Set(try feed.newest().items.map(\.id)) == [post.id, other.id])
        #expect(try feed.trash().items.isEmpty)
        expectError(.conflict) { try feed.restore(post.id) }
    }

    @Test func purgingTheTrashRemovesOnlyOldFeedPostsAndTheirPhotos() throws {
        let dir = TemporaryDirectory("feed")
        let clock = TestClock()
        let store = try TestStores.open(dir, clock: clock.closure)
        let feed = Feed(store: store)
        let old = try feed.create(FeedDraft(title: "Old", images: [.file(photos[0])]))
        let diary = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("Not a post")]))
        try feed.delete(old.id)
        try store.trash(diary.id)
        clock.advance(by: 10 * 86_400)
        let recent = try feed.create(FeedDraft(title: "Recent"))
        try feed.delete(recent.id)

        expectError(.invalidArgument) { try feed.purgeTrash(olderThan: -1) }
        #expect(try feed.purgeTrash(olderThan: 7 * 86_400) == [old.id])
        expectError(.notFound) { _ = try feed.read(old.id) }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(old.images[0].path.string).path))
        #expect(try feed.read(recent.id).isTrashed)
        #expect(try store.record(diary.id).isTrashed, "another app's trash is not the feed's to purge")
        #expect(try feed.purgeTrash() == [recent.id])
        #expect(try store.fsck().isClean)
    }

    @Test func anIdOfAnotherAppsRecordIsNotAFeedPost() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        let diary = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("Dear diary")]))
        expectError(.notFound) { _ = try feed.read(diary.id) }
        expectError(.notFound) { try feed.update(diary.id, title: "Hijacked") }
        expectError(.notFound) { try feed.delete(diary.id) }
        expectError(.notFound) { _ = try feed.read(RecordID()) }
        #expect(try store.record(diary.id).fields["title"] == .string("Dear diary"))
        #expect(try feed.newest().items.isEmpty)
    }

    @Test func aCorruptPhotoFailsThePostAndTheUpdateWithoutChangingAnything() throws {
        let dir = TemporaryDirectory("feed")
        let store = try TestStores.open(dir)
        let feed = Feed(store: store)
        expectError(.corruptImage) { try feed.create(FeedDraft(title: "Broken", images: [.file(photos[0]), .file(Corpus.corruptImage)])) }
        #expect(try store.count(FeedItem.collection, trash: .all) == 0)

        let post = try feed.create(FeedDraft(title: "Whole", images: [.file(photos[0])]))
        expectError(.corruptImage) {
            try feed.update(post.id, title: "Changed", images: [.existing(post.images[0].id), .new(.file(Corpus.corruptImage))])
        }
        #expect(try feed.read(post.id) == post, "neither the photos nor the title changed")
    }
}
