import Foundation
import Testing
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport

/// `--book` of `diary add`, `ledger add`, `feed post` and of the lists, run as the built binary:
/// the book named by id or by a unique name among the caller's books of that app, the access rule
/// applied (a book the caller may only read, one it cannot read, one of another app), and an
/// ambiguous name refused with the books listed.
@Suite struct BookOptionCommandTests {
    typealias Accounts = AccountCommandTests

    @Test func aRecordGoesToTheNamedBookAndTheListShowsOnlyThatBook() throws {
        let (cli, diaryBook, _) = try Accounts.sharedStore("cli-book-option")
        // Ana's household ledger, Ben an editor of it.
        let household = try #require(printedID(try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "ledger", "Household"]).stdout))
        try Accounts.keepsake(cli, ["--user", "ana", "book", "share", household, "ben", "--role", "editor"])
        try Accounts.keepsake(cli, ["--user", "ben", "ledger", "add", "--amount", "3000", "--category", "Bus", "--memo", "BensOwnBus"])
        let shared = try Accounts.keepsake(cli, ["--user", "ben", "ledger", "add", "--amount", "30000", "--category", "Groceries",
                                                 "--memo", "BensGroceries", "--book", "Household", "--json"])
        #expect(shared.stdout.contains(household), "the transaction is in the book named: \(shared.stdout)")
        #expect(try Accounts.keepsake(cli, ["--user", "ana", "ledger", "list"]).stdout.contains("BensGroceries"), "Ana sees it in her book")

        let onlyHousehold = try Accounts.keepsake(cli, ["--user", "ben", "ledger", "list", "--book", household]).stdout
        #expect(onlyHousehold.contains("BensGroceries") && !onlyHousehold.contains("BensOwnBus"), "\(onlyHousehold)")
        let everything = try Accounts.keepsake(cli, ["--user", "ben", "ledger", "list"]).stdout
        #expect(everything.contains("BensGroceries") && everything.contains("BensOwnBus"), "\(everything)")

        // Ana's diary is Ben's to read only; Ana's feed he cannot read at all; a ledger book is not a diary.
        let viewer = try Accounts.keepsake(cli, ["--user", "ben", "diary", "add", "--emotion", "joy", "--text", "x", "--book", diaryBook.id], expect: 1)
        #expect(viewer.stderr.contains("only read"), "\(viewer.stderr)")
        let family = try #require(printedID(try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "feed", "Family"]).stdout))
        let hidden = try Accounts.keepsake(cli, ["--user", "ben", "feed", "post", "--title", "x", "--book", family], expect: 1)
        #expect(hidden.stderr.contains("No book with id \(family)"), "\(hidden.stderr)")
        let byName = try Accounts.keepsake(cli, ["--user", "ben", "feed", "post", "--title", "x", "--book", "Family"], expect: 1)
        #expect(byName.stderr.contains("No feed book you may read is called"), "\(byName.stderr)")
        let otherApp = try Accounts.keepsake(cli, ["--user", "ben", "diary", "add", "--emotion", "joy", "--text", "x", "--book", household], expect: 1)
        #expect(otherApp.stderr.contains("is a ledger book, not a diary book"), "\(otherApp.stderr)")
        #expect(!(try Accounts.keepsake(cli, ["--user", "ben", "diary", "list"]).stdout.contains(" x")), "nothing was written")
    }

    @Test func aNameTwoBooksShareIsRefusedListingThem() throws {
        let (cli, _, _) = try Accounts.sharedStore("cli-book-option-ambiguous")
        let first = try #require(printedID(try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "feed", "Trips"]).stdout))
        let second = try #require(printedID(try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "feed", "Trips"]).stdout))
        let refused = try Accounts.keepsake(cli, ["--user", "ana", "feed", "post", "--title", "Jeju", "--book", "Trips"], expect: 1)
        #expect(refused.stderr.contains("2 books are called") && refused.stderr.contains(first) && refused.stderr.contains(second), "\(refused.stderr)")
        let posted = try Accounts.keepsake(cli, ["--user", "ana", "feed", "post", "--title", "Jeju", "--book", second, "--json"])
        #expect(posted.stdout.contains(second))
        #expect(try Accounts.keepsake(cli, ["--user", "ana", "feed", "list", "--book", second]).stdout.contains("Jeju"))
        #expect(!(try Accounts.keepsake(cli, ["--user", "ana", "feed", "list", "--book", first]).stdout.contains("Jeju")))
    }
}
