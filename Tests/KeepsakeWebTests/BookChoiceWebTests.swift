import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Choosing the book: the `book` of the API's create bodies (the access rule: unreadable 404,
/// read-only 403, another app's 400, none the caller's own book), the pages' book switcher (the
/// list shows one book, remembered per app; a book the caller no longer reads counts as all) and
/// the compose forms' book select.
@Suite struct BookChoiceWebTests {
    typealias People = AccountsWebTests.TwoPeople

    /// Mina's "Household" ledger with Joon as editor, her "Family" feed with Joon as viewer.
    static func sharedBooks(_ people: People) throws -> (household: Book, family: Book) {
        let mina = people.web.store.acting(as: .account(people.mina.id))
        let household = try mina.createBook(collection: "ledger", name: "Household")
        try mina.setRole(.editor, for: people.joon.id, in: household.id)
        let family = try mina.createBook(collection: "feed", name: "Family")
        try mina.setRole(.viewer, for: people.joon.id, in: family.id)
        return (household, family)
    }

    /// A POST of `json` to `/api/v1<path>` with `token`.
    static func create(_ people: People, _ path: String, _ json: String, token: String) async throws -> CurlResponse {
        try await people.call(path, ["-H", "Idempotency-Key: \(UUID().uuidString)", "-H", "Content-Type: application/json", "--data-binary", json], token: token)
    }

    static var today: String { LedgerDay(containing: Date(), in: .current).string }

    static func transaction(_ memo: String, book: String?) -> String {
        #"{"date":"\#(today)","kind":"expense","amount":"5000","currency":"KRW","category":"Food","memo":"\#(memo)""#
            + (book.map { #","book":"\#($0)""# } ?? "") + "}"
    }

    @Test func theAPIMakesARecordInTheChosenBookUnderTheAccessRule() async throws {
        let people = try People()
        let (household, family) = try Self.sharedBooks(people)
        let store = people.web.store

        let shared = try await Self.create(people, "/ledger/transactions", Self.transaction("JoonsGroceries", book: household.id.string), token: people.joonToken)
        #expect(shared.status == 201, "\(shared.text)")
        #expect(try APIFixture.object(shared)["book"] as? String == household.id.string)
        let own = try await Self.create(people, "/ledger/transactions", Self.transaction("JoonsBus", book: nil), token: people.joonToken)
        #expect(own.status == 201, "\(own.text)")
        #expect(try APIFixture.object(own)["book"] as? String == (try store.defaultBook(of: people.joon.id, in: "ledger")).id.string,
                "without a book: the caller's own")
        let minaSees = try await people.call("/ledger/transactions", token: people.minaToken)
        #expect(minaSees.text.contains("JoonsGroceries") && !minaSees.text.contains("JoonsBus"), "\(minaSees.text)")

        let before = try store.count("feed", trash: .all) + store.count("diary", trash: .all)
        let readOnly = try await Self.create(people, "/feed/posts", #"{"title":"Hello","book":"\#(family.id)"}"#, token: people.joonToken)
        #expect(readOnly.status == 403, "a book Joon may only read: \(readOnly.text)")
        let minasDiary = try store.defaultBook(of: people.mina.id, in: "diary")
        let hidden = try await Self.create(people, "/diary/entries", #"{"emotion":"joy","title":"Hi","book":"\#(minasDiary.id)"}"#, token: people.joonToken)
        #expect(hidden.status == 404, "a book Joon cannot read: \(hidden.text)")
        let nobodys = BookID.random()
        let missing = try await Self.create(people, "/diary/entries", #"{"emotion":"joy","title":"Hi","book":"\#(nobodys)"}"#, token: people.joonToken)
        #expect(missing.status == 404)
        #expect((try APIFixture.object(hidden)["detail"] as? String)?.replacingOccurrences(of: minasDiary.id.string, with: nobodys.string)
                == (try APIFixture.object(missing)["detail"] as? String), "the same answer as for a book nobody has")
        let otherApp = try await Self.create(people, "/diary/entries", #"{"emotion":"joy","title":"Hi","book":"\#(household.id)"}"#, token: people.joonToken)
        #expect(otherApp.status == 400, "\(otherApp.text)")
        #expect((try APIFixture.object(otherApp)["detail"] as? String)?.contains("holds ledger records") == true, "\(otherApp.text)")
        let malformed = try await Self.create(people, "/feed/posts", #"{"title":"Hello","book":"household"}"#, token: people.joonToken)
        #expect(malformed.status == 400, "\(malformed.text)")
        #expect(try store.count("feed", trash: .all) + store.count("diary", trash: .all) == before, "none of the refused creates stored anything")
    }

    @Test func theSwitcherShowsOneBookRemembersItAndForgetsABookNoLongerShared() async throws {
        let people = try People()
        let (household, _) = try Self.sharedBooks(people)
        for (memo, book) in [("JoonsGroceries", household.id.string), ("JoonsBus", nil)] {
            #expect(try await Self.create(people, "/ledger/transactions", Self.transaction(memo, book: book), token: people.joonToken).status == 201)
        }
        let jar = people.web.directory.appending("joon.txt").path
        #expect(try await AccountsWebTests.logIn(people.web, "joon", "joon's long password", jar: jar).status == 303)

        let all = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger")])
        #expect(all.text.contains("JoonsGroceries") && all.text.contains("JoonsBus"))
        #expect(all.text.contains("class=\"inline book-switcher\"") && all.text.contains(">Household</option>"), "two books: a switcher")
        let one = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger?book=\(household.id)")])
        #expect(one.text.contains("JoonsGroceries") && !one.text.contains("JoonsBus"), "only the chosen book")
        #expect(one.headers(named: "Set-Cookie").contains { $0.hasPrefix("book-ledger=\(household.id)") }, "\(one.headers)")
        let again = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger")])
        #expect(again.text.contains("JoonsGroceries") && !again.text.contains("JoonsBus"), "the choice is remembered")

        // The compose form offers the books Joon writes, the switcher's first.
        let form = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger/new")])
        #expect(form.text.contains("<select name=\"book\"><option value=\"\(household.id)\" selected>Household</option>"), "\(form.text)")
        let csrf = try #require(form.csrfToken)
        let posted = try await curl(["-b", jar, "-c", jar, "-F", "_csrf=\(csrf)", "-F", "book=\(household.id)", "-F", "date=\(Self.today)",
                                     "-F", "kind=expense", "-F", "amount=1200", "-F", "currency=KRW", "-F", "category=Snacks",
                                     "-F", "memo=JoonsSnack", people.web.url("/ledger/new")])
        #expect(posted.status == 303, "\(posted.text)")
        let minas = try await people.call("/ledger/transactions", token: people.minaToken)
        #expect(minas.text.contains("JoonsSnack"), "the form's transaction is in the shared book")

        // Mina takes Joon out of the book: the remembered choice counts as all books again.
        try people.web.store.acting(as: .account(people.mina.id)).removeMember(people.joon.id, from: household.id)
        let after = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger")])
        #expect(!after.text.contains("JoonsGroceries") && !after.text.contains("JoonsSnack") && after.text.contains("JoonsBus"), "\(after.text)")
        #expect(!after.text.contains("Household"), "nor its name")
        #expect(!after.text.contains("book-switcher"), "one book left: no switcher")
    }
}
