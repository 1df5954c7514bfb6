import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// The three apps' shared facade (``RecordApp``): create, read, update, delete, restore named alike,
/// and every change refused with `conflict` (remedy reload and retry) when the record is no longer at
/// the version expected, leaving it as it was.
@Suite struct RecordAppFacadeTests {
    /// Creates, edits with the right and a stale version, trashes and restores through the protocol alone.
    func exercise<App: RecordApp>(_ app: App, draft: App.Draft, edit: App.Edit) throws {
        let item = try app.create(draft)
        #expect(try app.read(item.id).version == item.version)
        let changed = try app.update(item.id, edit, expectedVersion: item.version)
        #expect(changed.version > item.version)
        let stale = try #require(throws: KeepsakeError.self) { try app.update(item.id, edit, expectedVersion: item.version) }
        #expect(stale.code == .conflict)
        #expect(stale.remedy == .reloadAndRetry)
        #expect(throws: KeepsakeError.self) { try app.delete(item.id, expectedVersion: item.version) }
        #expect(try !app.read(item.id).isTrashed)
        let trashed = try app.delete(item.id, expectedVersion: changed.version)
        #expect(trashed.isTrashed)
        #expect(throws: KeepsakeError.self) { try app.restore(item.id, expectedVersion: changed.version) }
        #expect(try !app.restore(item.id, expectedVersion: trashed.version).isTrashed)
        #expect(try app.read(item.id).version == trashed.version + 1)
    }

    @Test func theDiaryTheLedgerAndTheFeedHaveOneShapeAndCheckVersions() throws {
        let directory = TemporaryDirectory("facade")
        let store = try TestStores.open(directory)
        try exercise(Diary(store: store), draft: DiaryDraft(emotion: .joy, text: "one"), edit: DiaryEdit(text: "two"))
        try exercise(Ledger(store: store),
                     draft: LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-14"), kind: .expense,
                                                   amount: try Money(parsing: "4.50", currency: .usd), category: "Coffee"),
                     edit: LedgerEdit(memo: "latte"))
        try exercise(Feed(store: store), draft: FeedDraft(title: "Ramen"), edit: FeedEdit(contents: "Rich broth."))
    }

    @Test func ledgerAndFeedEditsNoLongerWriteOverAChangeMadeSinceTheirRead() throws {
        let directory = TemporaryDirectory("facade")
        let store = try TestStores.open(directory)
        let ledger = Ledger(store: store)
        let coffee = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-14"), kind: .expense,
                                                            amount: try Money(parsing: "4.50", currency: .usd), category: "Coffee"))
        _ = try ledger.update(coffee.id, memo: "first")             // someone else's edit
        let stale = try #require(throws: KeepsakeError.self) {
            try ledger.update(coffee.id, LedgerEdit(category: "Tea"), expectedVersion: coffee.version)
        }
        #expect(stale.code == .conflict)
        #expect(try ledger.read(coffee.id).memo == "first")
        #expect(try ledger.read(coffee.id).category == "Coffee")
        let feed = Feed(store: store)
        let post = try feed.create(FeedDraft(title: "Ramen"))
        _ = try feed.update(post.id, contents: "first")
        #expect(throws: KeepsakeError.self) {
            try feed.update(post.id, title: "Soba", contents: nil, date: nil, images: nil, expectedVersion: post.version)
        }
        #expect(try feed.read(post.id).title == "Ramen")
        #expect(try feed.read(post.id).version == post.version + 1)
    }

    @Test func photoOperationsOfTheDiaryAndTheFeedCheckVersionsToo() throws {
        let directory = TemporaryDirectory("facade")
        let store = try TestStores.open(directory)
        let photo = ImageSource.file(Corpus.url("png/basn2c08.png"))
        for app in [AnyImages(Diary(store: store), draft: DiaryDraft(emotion: .calm, text: "photos")),
                    AnyImages(Feed(store: store), draft: FeedDraft(title: "photos"))] {
            try app.check(photo)
        }
    }

    /// Runs the photo checks on any ``RecordImagesApp``.
    struct AnyImages {
        let check: (ImageSource) throws -> Void

        init<App: RecordImagesApp>(_ app: App, draft: App.Draft) {
            check = { photo in
                let item = try app.create(draft)
                let added = try app.addImages([photo, photo], to: item.id, at: nil, expectedVersion: item.version)
                #expect(added.attachments.count == 2)
                #expect(throws: KeepsakeError.self) { try app.addImages([photo], to: item.id, at: nil, expectedVersion: item.version) }
                #expect(throws: KeepsakeError.self) { try app.removeImage(of: item.id, at: 0, expectedVersion: item.version) }
                let reordered = try app.reorderImages(of: item.id, order: [1, 0], expectedVersion: added.version)
                #expect(reordered.attachments.map(\.id) == added.attachments.map(\.id).reversed())
                let removed = try app.removeImage(of: item.id, at: 0, expectedVersion: reordered.version)
                #expect(removed.attachments.count == 1)
                #expect(try app.read(item.id).attachments.count == 1)
            }
        }
    }
}
