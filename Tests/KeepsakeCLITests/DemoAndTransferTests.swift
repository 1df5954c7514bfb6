import Foundation
import Testing
@testable import KeepsakeCLI
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// End-to-end: `keepsake demo` fills a store that `fsck` finds clean; `export` then `import` into an
/// empty store reproduces every record and every image byte for byte.
@Suite struct DemoAndTransferTests {
    struct DiaryPage: Decodable {
        let entries: [DiaryEntry]
        let nextCursor: String?
    }

    struct FeedPage: Decodable {
        let items: [FeedItem]
        let nextCursor: String?
    }

    /// What `keepsake demo --json` prints, read back as the command wrote it.
    typealias Summary = DemoCommand.Summary

    @Test func demoFillsAStoreThatFsckFindsCleanAndExportImportKeepsEverything() async throws {
        let source = CLI("cli-demo")
        let summary = try await source.json(Summary.self, ["demo"])
        #expect(summary.diaryEntries >= 10 && summary.transactions >= 10 && summary.posts >= 3 && summary.photos >= 15)
        let refused = try await source.fails(1, ["demo"], containing: "--force")
        #expect(refused.stdout.isEmpty)
        let fsck = try await source.ok(["fsck"])
        #expect(fsck.contains("Clean."), "\(fsck)")

        // What demo made: Korean and English text, KRW and USD, receipts, posts with several photos.
        let diary = try await source.json(DiaryPage.self, ["diary", "list", "--limit", "1000"]).entries
        #expect(diary.count == summary.diaryEntries)
        #expect(diary.contains { $0.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(diary.contains { $0.images.count >= 2 } && Set(diary.map(\.emotion)).count >= 5)
        let posts = try await source.json(FeedPage.self, ["feed", "list"]).items
        #expect(posts.allSatisfy { $0.images.count >= 2 })
        let store = try TestStores.open(source.directory)
        let ledger = Ledger(store: store)
        var transactions: [LedgerTransaction] = []
        var cursor: RecordCursor?
        repeat {
            let page = try ledger.list(limit: 1000, after: cursor)
            transactions += page.transactions
            cursor = page.nextCursor
        } while cursor != nil
        #expect(Set(transactions.map(\.amount.currency)) == [.krw, .usd])
        #expect(transactions.filter { $0.receipt != nil }.count >= 1)

        // Whatever day it is, the current month has transactions (on the 1st too) and each of the
        // three years before has an entry on today's date (the 28th for a 29 February).
        let today = CalendarDay(containing: Date(), in: source.timeZone)
        #expect(transactions.contains { $0.date.calendarMonth == today.calendarMonth })
        // Today's split purchase, its parts in two categories.
        #expect(transactions.contains { $0.date == today && $0.splits.map(\.category) == ["식비", "생활"] })
        // This month's budgets: food with last month's rest carried in, and coffee.
        let budgetLines = try ledger.budgetReport(for: today.calendarMonth)
        #expect(summary.budgets == 3 && budgetLines.count == 3)
        #expect(budgetLines.contains { $0.budget.category == "식비" && $0.budget.carryOver })
        // The rent as a recurring rule, its next month's occurrence upcoming.
        let rules = try ledger.recurringRules()
        #expect(summary.recurringRules == 1 && rules.count == 1 && rules.first?.memo == "월세")
        for years in 1...3 {
            let earlier = DemoExpectations.sameDate(as: today, yearsEarlier: years)
            #expect(diary.contains { $0.day == earlier }, "no demo entry on \(earlier)")
        }
        #expect(Set(diary.map { $0.day.calendarMonth }).count >= 12, "the demo's diary should span a year")

        // Two people: Jun, an editor of the first admin's ledger and of the family feed, entered
        // some of their records; the first admin's diary is not shared.
        let admin = try #require(try store.firstAdmin())
        let jun = try store.account(login: LoginName(summary.household.partner))
        #expect(summary.household.transactions > 0 && summary.household.posts > 0)
        #expect(transactions.filter { $0.author == jun.id }.count == summary.household.transactions)
        #expect(posts.filter { $0.author == jun.id }.count == summary.household.posts)
        #expect(posts.contains { $0.author == admin.id })
        let juns = store.acting(as: .account(jun.id))
        #expect(Set(try juns.books().filter { try juns.role(in: $0.id) == .editor }.map(\.name)) == Set(summary.household.sharedBooks))
        #expect(try Diary(store: juns).newest(limit: 1000).entries.isEmpty)
        #expect(try Ledger(store: juns).list(limit: 1000).transactions.count == transactions.count)
        let before = try StoreSnapshot(store)

        // Some trash too, so it travels with the archive.
        try await source.ok(["diary", "delete", diary[0].id.string])
        let trashedSnapshot = try StoreSnapshot(store)

        let archive = source.directory.appending("backup.tar.gz")
        #expect(try await source.ok(["export", archive.path]).contains("Exported \(summary.diaryEntries + summary.transactions + summary.budgets + summary.recurringRules + summary.posts + summary.accountRecords) records"))
        let target = CLI("cli-demo-import")
        #expect(try await target.ok(["import", archive.path]).contains("Imported \(summary.diaryEntries + summary.transactions + summary.budgets + summary.recurringRules + summary.posts + summary.accountRecords) records"))
        #expect(try await target.ok(["fsck"]).contains("Clean."))

        // Every record (fields, trash state, image hashes in order) and every original file with its hash.
        let imported = try StoreSnapshot(try TestStores.open(target.directory))
        #expect(imported.records == trashedSnapshot.records)
        #expect(imported.originals == trashedSnapshot.originals)
        #expect(before.originals == trashedSnapshot.originals, "the trash keeps its photos")

        // And as the tool prints them: the same records with the same image hashes.
        for post in posts {
            let copy = try await target.json(FeedItem.self, ["feed", "show", post.id.string])
            #expect(copy.title == post.title && copy.contents == post.contents && copy.date == post.date)
            #expect(copy.images.map(\.sha256) == post.images.map(\.sha256))
            #expect(copy.images.map(\.path) == post.images.map(\.path))
        }
        let copy = try await target.json(DiaryEntry.self, ["diary", "show", diary[0].id.string])
        #expect(copy.trashedAt != nil && copy.images.map(\.sha256) == diary[0].images.map(\.sha256))
        let year = String(Calendar(identifier: .gregorian).component(.year, from: Date()))
        #expect(try await target.ok(["ledger", "report", "--year", year, "--json"]) == (try await source.ok(["ledger", "report", "--year", year, "--json"])))

        // Importing again adds nothing.
        #expect(try await target.ok(["import", archive.path]).contains("Imported 0 records"))
        try await target.fails(1, ["demo"])
        #expect(try await target.json(Summary.self, ["demo", "--force"]).diaryEntries == summary.diaryEntries)
    }
}

/// What the demo promises about its dates, computed independently of its code.
enum DemoExpectations {
    /// `day`'s month and day `years` years earlier; the 28th for a 29 February without one.
    static func sameDate(as day: CalendarDay, yearsEarlier years: Int) -> CalendarDay {
        let year = day.year - years
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return try! CalendarDay(year: year, month: day.month, day: day.month == 2 && day.day == 29 && !leap ? 28 : day.day)
    }
}
