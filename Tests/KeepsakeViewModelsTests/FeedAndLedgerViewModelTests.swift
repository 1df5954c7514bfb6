import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
@testable import KeepsakeViewModels

@MainActor @Suite struct FeedAndLedgerViewModelTests {
    @Test func feedComposePostsEditsAndTheListPages() async throws {
        let dir = TemporaryDirectory("vm-feed")
        let feed = Feed(store: try TestStores.open(dir))
        let compose = FeedComposeViewModel(feed: feed)
        compose.contents = "no title yet"
        #expect(await compose.save() == nil)
        #expect(compose.errorMessage != nil)
        compose.title = "Great noodles"
        compose.addImages(Corpus.smallImages.prefix(3).map(ImageSource.file))
        let post = try #require(await compose.save())
        #expect(post.images.count == 3)

        let edit = FeedComposeViewModel(feed: feed, editing: post)
        edit.title = "Great noodles, again"
        edit.removeImage(at: 0)
        edit.addImages([.file(Corpus.smallImages[5])])
        let edited = try #require(await edit.save())
        #expect(edited.title == "Great noodles, again")
        #expect(edited.images.map(\.id).prefix(2) == post.images.map(\.id).suffix(2))

        for index in 0..<5 { try feed.create(FeedDraft(title: "post \(index)", date: Date(timeIntervalSince1970: Double(index)))) }
        let list = FeedListViewModel(feed: feed, pageSize: 4)
        await list.load()
        #expect(list.items.count == 4 && list.hasMore)
        await list.loadMore()
        #expect(list.items.count == 6 && !list.hasMore)
        await list.delete(post.id)
        #expect(list.items.count == 5)
        list.showsTrash = true
        await list.load()
        #expect(list.items.map(\.id) == [post.id])
        await list.restore(post.id)
        #expect(list.items.isEmpty)
    }

    @Test func ledgerComposeParsesMoneyExactlyAndHandlesTheReceipt() async throws {
        let dir = TemporaryDirectory("vm-ledger")
        let store = try TestStores.open(dir)
        let ledger = Ledger(store: store)
        let day = try LedgerDay(parsing: "2026-11-03")
        let compose = LedgerComposeViewModel(ledger: ledger, day: day, currencyCode: "USD")
        compose.category = "food"
        compose.amountText = "12.345"
        #expect(await compose.save() == nil)
        #expect(compose.errorMessage?.contains("2") == true, "too many decimals for USD")
        compose.amountText = "12.34"
        compose.newReceipt = .file(Corpus.smallImages[0])
        let saved = try #require(await compose.save())
        #expect(saved.amount.minorUnits == 1234)
        let firstReceipt = try #require(saved.receipt)

        let edit = LedgerComposeViewModel(ledger: ledger, editing: saved)
        #expect(edit.amountText == "12.34")
        edit.newReceipt = .file(Corpus.smallImages[1])
        let replaced = try #require(await edit.save())
        #expect(replaced.receipt?.id != firstReceipt.id)
        #expect(!FileManager.default.fileExists(atPath: dir.appending(firstReceipt.path.string).path))
        edit.removesReceipt = true
        #expect(try #require(await edit.save()).receipt == nil)

        let month = LedgerMonthViewModel(ledger: ledger, month: day.ledgerMonth)
        await month.load()
        #expect(month.transactions.count == 1)
        #expect(month.totals[try Currency(code: "USD")]?.expense.minorUnits == 1234)
        #expect(try store.fsck().isClean)
    }

    @Test func theStoreScreenShowsStatusAndChecks() async throws {
        let dir = TemporaryDirectory("vm-store")
        let store = try TestStores.open(dir)
        try store.create(RecordDraft(collection: "diary", images: [.file(Corpus.smallImages[0])]))
        let screen = StoreViewModel(store: store)
        await screen.load()
        #expect(screen.status?.totalImages == 1)
        await screen.check()
        #expect(screen.report?.isClean == true)
    }
}
