import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
@testable import KeepsakeViewModels

/// What the command line needs from the view models: resuming a list from a kept cursor, a date
/// range filter, reordering an entry's photos, and filtering a ledger month.
@MainActor @Suite struct ResumeAndFilterViewModelTests {
    @Test func aDiaryListResumesFromAKeptCursorAndFiltersByRange() async throws {
        let dir = TemporaryDirectory("vm-resume")
        let diary = Diary(store: try TestStores.open(dir))
        for index in 0..<5 {
            try diary.create(DiaryDraft(moment: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600), emotion: .calm, text: "entry \(index)"))
        }
        let first = DiaryListViewModel(diary: diary, pageSize: 2)
        await first.load()
        let cursor = try #require(first.nextCursor)
        // A new list (another command) picks up where the first stopped, from the printed token.
        let second = DiaryListViewModel(diary: diary, pageSize: 2)
        await second.load(after: try RecordCursor(parsing: cursor.description))
        #expect(second.entries.map(\.text) == ["entry 2", "entry 1"])

        second.filter = .range(from: Date(timeIntervalSince1970: 1_700_000_000 + 3600), to: Date(timeIntervalSince1970: 1_700_000_000 + 3 * 3600))
        await second.load()
        #expect(second.entries.map(\.text) == ["entry 2", "entry 1"], "the end is excluded")
        #expect(!second.hasMore && second.errorMessage == nil)
    }

    @Test func anEntryPageReordersPhotos() async throws {
        let dir = TemporaryDirectory("vm-reorder")
        let diary = Diary(store: try TestStores.open(dir))
        let entry = try diary.create(DiaryDraft(emotion: .joy, text: "photos", images: Corpus.smallImages.prefix(3).map(ImageSource.file)))
        let page = DiaryEntryViewModel(diary: diary, id: entry.id)
        await page.reorderImages([2, 0, 1])
        #expect(page.entry?.images.map(\.id) == [entry.images[2].id, entry.images[0].id, entry.images[1].id])
        await page.reorderImages([0, 0, 1])
        #expect(page.errorMessage != nil)
    }

    @Test func aFeedListResumesFromAKeptCursor() async throws {
        let dir = TemporaryDirectory("vm-feed-resume")
        let feed = Feed(store: try TestStores.open(dir))
        for index in 0..<3 { try feed.create(FeedDraft(title: "post \(index)", date: Date(timeIntervalSince1970: Double(index)))) }
        let first = FeedListViewModel(feed: feed, pageSize: 2)
        await first.load()
        let second = FeedListViewModel(feed: feed, pageSize: 2)
        await second.load(after: first.nextCursor)
        #expect(second.items.map(\.title) == ["post 0"])
        #expect(second.nextCursor == nil)
    }

    @Test func aLedgerMonthFiltersByCategoryAndKindButTotalsTheWholeMonth() async throws {
        let dir = TemporaryDirectory("vm-ledger-filter")
        let ledger = Ledger(store: try TestStores.open(dir))
        let day = try LedgerDay(parsing: "2026-11-03")
        try ledger.create(LedgerTransactionDraft(date: day, kind: .expense, amount: try Money(parsing: "12000", currency: .krw), category: "식비"))
        try ledger.create(LedgerTransactionDraft(date: day, kind: .expense, amount: try Money(parsing: "3000", currency: .krw), category: "교통"))
        try ledger.create(LedgerTransactionDraft(date: day, kind: .income, amount: try Money(parsing: "500", currency: .krw), category: "식비"))
        let month = LedgerMonthViewModel(ledger: ledger, month: day.ledgerMonth)
        month.category = "식비"
        await month.load()
        #expect(month.transactions.count == 2)
        month.kind = .expense
        await month.load()
        #expect(month.transactions.map(\.amount.minorUnits) == [12000])
        #expect(month.totals[.krw]?.expense.minorUnits == 15000)
        #expect(month.totals[.krw]?.transactionCount == 3)
    }
}
