import Foundation
import Testing
import KeepsakeFeed
import KeepsakeStore
import KeepsakeTestSupport

/// The Feed example shown in the README.
func feedReadmeExample(store: Store) throws {
    let feed = Feed(store: store)                    // posts live in the "feed" collection, up to 10 photos each
    let photos = [Corpus.url("jpeg/testorig.jpg"), Corpus.url("png/toucan.png")]
    let post = try feed.create(FeedDraft(title: "Ramen at Menya", contents: "Rich broth, firm noodles.",
                                       images: photos.map(ImageSource.file)))
    // Edit the whole photo set: keep the second photo (its file is not rewritten), drop the first, add one.
    try feed.update(post.id, title: "Ramen at Menya, again",
                    images: [.existing(post.images[1].id), .new(.file(Corpus.url("webp/test.webp")))])
    let page = try feed.newest(limit: 20)            // newest first; pass page.nextCursor as `after:` for more
    for item in page.items {                         // lists carry thumbnail paths, never decoded photos
        print(item.title, item.images.first?.thumbnailPath(.small).string ?? "no photo")
    }
    try feed.delete(post.id)                         // to the trash; feed.restore(post.id) brings it back
    try feed.purgeTrash(olderThan: 30 * 86_400)      // gone for good after 30 days in the trash
}

@Suite struct FeedReadmeExampleTests {
    @Test func theReadmeExampleRunsOnAFreshStore() throws {
        let dir = TemporaryDirectory("feed-readme")
        let store = try TestStores.open(dir)
        try feedReadmeExample(store: store)
        let trashed = try Feed(store: store).trash().items
        #expect(trashed.map(\.title) == ["Ramen at Menya, again"])
        #expect(trashed.first?.images.count == 2)
        #expect(try store.fsck().isClean)
    }
}
