import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import Testing

/// What the edit forms tell the outbox (issue 23): the version each was made from, as the API's
/// entity tag, so an edit saved offline is sent with `If-Match` and a change made meanwhile on
/// the server is a `412`, never overwritten; and the worker's answer to a page asking it to keep
/// the compose pages.
@Suite struct OfflineEditFormTests {
    @Test func eachEditFormCarriesTheVersionItWasMadeFromAndANewFormNone() async throws {
        let web = try WebFixture()
        let diary = Diary(store: web.store)
        let entry = try diary.create(sampleDraft(title: "Kept for the train"))
        let edited = try diary.update(entry.id, DiaryEdit(title: "Retitled"))
        let transaction = try Ledger(store: web.store).create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2026-12-03"), kind: .expense,
                                                                                      amount: try Money(parsing: "12.50", currency: try Currency(code: "USD")),
                                                                                      category: "Lunch", memo: ""))
        let post = try Feed(store: web.store).create(FeedDraft(title: "The harbour at dusk", date: Date(timeIntervalSince1970: 1_796_000_000)))
        for (path, version) in [("/diary/\(entry.id.string)/edit", edited.version), ("/ledger/\(transaction.id.string)/edit", transaction.version),
                                ("/feed/\(post.id.string)/edit", post.version)] {
            let page = try await web.get(path)
            #expect(page.status == 200, "\(path)")
            #expect(page.text.contains(#"data-version="v\#(version)""#), "\(path) carries its record's ETag")
        }
        #expect(edited.version > entry.version)
        // A post's edit form carries its instant, so a day moved offline keeps its time of day.
        #expect(try await web.get("/feed/\(post.id.string)/edit").text.contains(#"data-moment="2026-11-30T00:53:20Z""#))
        for path in ["/diary/new", "/ledger/new", "/feed/new"] {
            let page = try await web.get(path)
            #expect(page.status == 200 && !page.text.contains("data-version="), "\(path) is a new record's form")
        }
    }

    @Test func theWorkerKeepsTheComposePagesItIsAskedFor() async throws {
        let web = try WebFixture()
        let worker = try await web.get("/sw.js")
        // Asked by outbox.js once a session's page is open; what the worker never keeps stays out.
        #expect(worker.text.contains("self.addEventListener('message'"))
        #expect(worker.text.contains("!NEVER.some(function (rule) { return rule.test(path); })"))
        let outbox = try await web.get(try #require(try await web.get("/diary").text.firstMatch(of: /\/assets\/outbox\.js\?v=[0-9a-f]+/)).0.description)
        #expect(outbox.status == 200)
        #expect(outbox.text.contains("precache: ['/diary/new', '/ledger/new', '/feed/new', '/diary', '/ledger', '/feed']"))
        #expect(outbox.text.contains("headers['If-Match'] = '\"' + change.version + '\"';"))
    }
}
