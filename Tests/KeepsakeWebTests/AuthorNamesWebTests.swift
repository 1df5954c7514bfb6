import Foundation
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Who entered what in a shared book (issue 22): the ledger month names the member who entered
/// each transaction of someone else, the feed and a post page name the author of another's post;
/// one's own records, and a book nobody else is in, show no name.
@Suite struct AuthorNamesWebTests {
    typealias People = AccountsWebTests.TwoPeople

    @Test func aSharedLedgerAndFeedNameWhoEnteredOthersRecordsAndAPrivateOneNamesNobody() async throws {
        let people = try People()
        let (household, family) = try BookChoiceWebTests.sharedBooks(people)
        let store = people.web.store
        let mina = store.acting(as: .account(people.mina.id))
        try mina.setRole(.editor, for: people.joon.id, in: family.id)
        for (memo, book) in [("MinasRent", household.id.string)] {
            #expect(try await BookChoiceWebTests.create(people, "/ledger/transactions", BookChoiceWebTests.transaction(memo, book: book),
                                                         token: people.minaToken).status == 201)
        }
        for (memo, book) in [("JoonsGroceries", household.id.string), ("JoonsBus", nil)] {
            #expect(try await BookChoiceWebTests.create(people, "/ledger/transactions", BookChoiceWebTests.transaction(memo, book: book),
                                                         token: people.joonToken).status == 201)
        }
        let post = try await BookChoiceWebTests.create(people, "/feed/posts", #"{"title":"JoonsPicnic","book":"\#(family.id)"}"#, token: people.joonToken)
        #expect(post.status == 201, "\(post.text)")
        let postID = try #require(try APIFixture.object(post)["id"] as? String)
        #expect(try await BookChoiceWebTests.create(people, "/feed/posts", #"{"title":"MinasWalk","book":"\#(family.id)"}"#, token: people.minaToken).status == 201)

        let jar = people.web.directory.appending("mina.txt").path
        #expect(try await AccountsWebTests.logIn(people.web, "mina", "mina's long password", jar: jar).status == 303)
        let ledger = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger")]).text
        #expect(ledger.contains(">Entered by</th>"), "a shared ledger has the column")
        #expect(Self.row(ledger, "JoonsGroceries")?.contains("<td class=\"author\">Joon</td>") == true, "\(Self.row(ledger, "JoonsGroceries") ?? ledger)")
        #expect(Self.row(ledger, "MinasRent")?.contains("<td class=\"author\"></td>") == true, "her own: no name")
        #expect(!ledger.contains("JoonsBus"), "Joon's own ledger is not Mina's")
        let feed = try await curl(["-b", jar, "-c", jar, people.web.url("/feed")]).text
        #expect(feed.contains("<span class=\"author\">by Joon</span>"))
        #expect(!feed.contains("by Mina"))
        let page = try await curl(["-b", jar, "-c", jar, people.web.url("/feed/\(postID)")]).text
        #expect(page.contains("<span class=\"author\">by Joon</span>"))

        // Joon's view of his own ledger (nobody else in it) has no column; Korean pages say it in Korean.
        let joonJar = people.web.directory.appending("joon.txt").path
        #expect(try await AccountsWebTests.logIn(people.web, "joon", "joon's long password", jar: joonJar).status == 303)
        let own = try await curl(["-b", joonJar, "-c", joonJar, people.web.url("/ledger?book=\(try store.defaultBook(of: people.joon.id, in: "ledger").id)")]).text
        #expect(own.contains("JoonsBus") && !own.contains("Entered by"), "\(own)")
        let korean = try await curl(["-b", joonJar, "-c", joonJar, "-H", "Accept-Language: ko", people.web.url("/feed?book=\(family.id)")]).text
        #expect(korean.contains("Mina 작성") || korean.contains("\(people.mina.displayName) 작성"), "\(korean)")
    }

    /// The `<tr>` of the transaction whose memo is `memo`.
    static func row(_ page: String, _ memo: String) -> String? {
        page.components(separatedBy: "<tr class=\"transaction").first { $0.contains(memo) }
    }
}
