import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The people and things the authorization matrix (``AuthorizationMatrixTests``) calls every route
/// with: accounts A and B, each with a diary entry with a photo, a ledger transaction with a
/// receipt and a feed post with two photos (A's in 2025, B's in 2026, so a report of 2025 shows only
/// A's) and A's budget in A's ledger book (next to A's transactions); V, a viewer of A's diary book;
/// W, a viewer of A's ledger book (so of its budgets too); tokens of A (full, read-only, limited to
/// A's ledger book, limited to A's diary book) and of B, V and W; sessions of B and V for the pages. Served by a real server over a real store of each
/// backend (SQLite or PostgreSQL, a folder or S3).
final class AuthorizationMatrixFixture: @unchecked Sendable {
    /// One caller of the API: its token and, per app (`diary`, `ledger`, `feed`, and
    /// `ledger-budget` for the budgets in A's ledger book), whether it may read and write A's book
    /// of that app.
    struct Caller: Sendable {
        let name: String
        let token: String
        let reads: Set<String>
        let writes: Set<String>
    }

    /// A's things in one app.
    struct Things: Sendable {
        let record: String
        /// A record of A's in the trash (for the restore and purge routes, and the trash lists).
        let trashed: String
        let attachment: String?
        let markers: [String]
    }

    /// Where the store is (kept as long as the fixture).
    let place: any StorePlace
    let web: WebFixture
    let a: Account, b: Account, v: Account
    let callers: [Caller]
    let aThings: [String: Things]
    let aBooks: [String: BookID]
    /// A session of the pages: its cookie jar and the apps of A's it may read (it writes none).
    struct Session: Sendable {
        let name: String
        let jar: String
        let reads: Set<String>
    }

    /// The sessions the pages are called with: B's and V's.
    let sessions: [Session]
    /// The password of B's and V's sessions.
    static let password = "a long password for the matrix"
    /// The first thumbnail size of the store.
    let size: Int
    /// An open invitation made by the operator: no caller knows its secret, and none may revoke it.
    var invitation: Invitation?

    private init(place: any StorePlace, web: WebFixture, a: Account, b: Account, v: Account, callers: [Caller], aThings: [String: Things],
                 aBooks: [String: BookID], sessions: [Session], size: Int) {
        self.place = place
        self.web = web
        self.a = a
        self.b = b
        self.v = v
        self.callers = callers
        self.aThings = aThings
        self.aBooks = aBooks
        self.sessions = sessions
        self.size = size
    }

    /// Makes the accounts, their things, the shares and the tokens.
    static func make(_ backend: StoreBackend) async throws -> AuthorizationMatrixFixture {
        let place = try backend.makePlace("matrix")
        let store = try place.open()
        let hasher = Argon2idHasher()
        let a = try store.createAccount(AccountDraft(login: try LoginName("anna"), displayName: "Anna"))
        let b = try store.createAccount(AccountDraft(login: try LoginName("bora"), displayName: "Bora", passwordHash: try hasher.hash(password)))
        let v = try store.createAccount(AccountDraft(login: try LoginName("vera"), displayName: "Vera", passwordHash: try hasher.hash(password)))
        let web = try WebFixture(password: nil, store: store)
        let tokens = APITokens(store: store)
        let aToken = try tokens.create(name: "a", readOnly: false, owner: a.id).token
        let bToken = try tokens.create(name: "b", readOnly: false, owner: b.id).token
        let vToken = try tokens.create(name: "v", readOnly: false, owner: v.id).token
        let w = try store.createAccount(AccountDraft(login: try LoginName("wren"), displayName: "Wren"))
        let wToken = try tokens.create(name: "w", readOnly: false, owner: w.id).token

        var things: [String: Things] = [:]
        for (owner, token, year, tag) in [("a", aToken, "2025", "Aardvark"), ("b", bToken, "2026", "Zebra")] {
            let entry = try await make(web, token, "/diary/entries", ["-F", #"entry={"emotion":"anger","title":"\#(tag)DiaryTitle","text":"\#(tag)DiaryText","moment":"\#(year)-06-14T10:00:00Z","timeZone":"UTC"}"#,
                                                                      "-F", "image=@\(Photos.tiny.path);type=image/png"])
            let transaction = try await make(web, token, "/ledger/transactions", ["-H", "Content-Type: application/json", "--data-binary",
                                                                                  #"{"date":"\#(year)-06-15","kind":"expense","amount":"\#(owner == "a" ? "987654" : "1111")","currency":"KRW","category":"\#(tag)cat","memo":"\#(tag)LedgerMemo"}"#])
            let transactionID = try #require(transaction["id"] as? String)
            let receipt = try await curl(["-H", "Authorization: Bearer \(token)", "-H", "Idempotency-Key: \(UUID().uuidString)", "-X", "PUT",
                                          "-F", "image=@\(Photos.square.path);type=image/webp", web.url("/api/v1/ledger/transactions/\(transactionID)/receipt")])
            try #require(receipt.status == 200, "\(receipt.text)")
            let post = try await make(web, token, "/feed/posts", ["-F", #"post={"title":"\#(tag)FeedTitle","contents":"\#(tag)FeedText"}"#,
                                                                  "-F", "image=@\(Photos.tiny.path);type=image/png", "-F", "image=@\(Photos.toucan.path);type=image/png"])
            if owner == "a" {
                var trashed: [String: String] = [:]
                for (app, path, body) in [("diary", "/diary/entries", #"{"emotion":"calm","title":"AardvarkTrashedDiary"}"#),
                                          ("ledger", "/ledger/transactions", #"{"date":"2025-06-20","kind":"income","amount":"24680","currency":"KRW","category":"AardvarkTrashedcat"}"#),
                                          ("feed", "/feed/posts", #"{"title":"AardvarkTrashedFeed"}"#)] {
                    let made = try #require(try await make(web, token, path, ["-H", "Content-Type: application/json", "--data-binary", body])["id"] as? String)
                    let gone = try await curl(["-H", "Authorization: Bearer \(token)", "-X", "DELETE", web.url("/api/v1\(path)/\(made)")])
                    try #require(gone.status == 200, "\(gone.text)")
                    trashed[app] = made
                }
                things["diary"] = Things(record: try #require(entry["id"] as? String), trashed: try #require(trashed["diary"]), attachment: try firstImage(entry),
                                         markers: ["AardvarkDiaryTitle", "AardvarkDiaryText", "2025-06-14", "AardvarkTrashedDiary"])
                things["ledger"] = Things(record: transactionID, trashed: try #require(trashed["ledger"]), attachment: nil,
                                          markers: ["AardvarkLedgerMemo", "Aardvarkcat", "aardvarkcat", "987654", "AardvarkTrashedcat", "24680"])
                things["feed"] = Things(record: try #require(post["id"] as? String), trashed: try #require(trashed["feed"]), attachment: try firstImage(post),
                                        markers: ["AardvarkFeedTitle", "AardvarkFeedText", "AardvarkTrashedFeed"])
            }
        }
        // A's recurring rule, in A's own ledger book with A's transactions (collection
        // ledger-recurring); it starts
        // tomorrow, so no occurrence of it is made while the test runs.
        let ruleBody = #"{"frequency":"monthly","day":5,"start":"\#(CalendarDay(containing: Date()).adding(days: 1))","amount":"8642097","currency":"KRW","category":"AardvarkRecurcat","memo":"AardvarkRecurMemo"}"#
        let rule = try await make(web, aToken, "/ledger/recurring", ["-H", "Content-Type: application/json", "--data-binary", ruleBody])
        let ruleID = try #require(rule["id"] as? String)
        things["ledger-recurring"] = Things(record: ruleID, trashed: ruleID, attachment: nil, markers: ["AardvarkRecurcat", "AardvarkRecurMemo", "8642097"])
        // A's two money accounts and a transfer between them, in A's own ledger book with A's transactions (collection ledger-account).
        var accountIDs: [String] = []
        for name in ["AardvarkWallet", "AardvarkBank"] {
            accountIDs.append(try #require(try await make(web, aToken, "/ledger/accounts", ["-H", "Content-Type: application/json", "--data-binary",
                                                                                            #"{"name":"\#(name)","kind":"bank","currency":"KRW","openingBalance":"8642097"}"#])["id"] as? String))
        }
        let transfer = try await make(web, aToken, "/ledger/transfers", ["-H", "Content-Type: application/json", "--data-binary",
                                                                         #"{"date":"2025-06-16","from":"\#(accountIDs[0])","to":"\#(accountIDs[1])","amount":"7654321","memo":"AardvarkTransferMemo"}"#])
        let transferID = try #require(transfer["id"] as? String)
        things["ledger-account"] = Things(record: accountIDs[0], trashed: accountIDs[1], attachment: nil, markers: ["AardvarkWallet", "AardvarkBank", "8642097"])
        things["ledger-transfer"] = Things(record: transferID, trashed: transferID, attachment: nil, markers: ["AardvarkTransferMemo", "7654321"])
        // A's budget, in A's own ledger book with A's transactions (collection ledger-budget).
        let budget = try await curl(["-H", "Authorization: Bearer \(aToken)", "-X", "PUT", "-H", "Content-Type: application/json", "--data-binary",
                                     #"{"month":"2025-06","category":"AardvarkBudgetcat","amount":"7531975","currency":"KRW","carryOver":true}"#,
                                     web.url("/api/v1/ledger/budgets")])
        try #require(budget.status == 200, "\(budget.text)")
        let budgetID = try #require(try APIFixture.object(budget)["id"] as? String)
        things["ledger-budget"] = Things(record: budgetID, trashed: budgetID, attachment: nil, markers: ["AardvarkBudgetcat", "7531975"])
        var books: [String: BookID] = [:]
        for app in ["diary", "ledger", "feed"] {
            books[app] = try store.defaultBook(of: a.id, in: try CollectionName(app)).id
        }
        let budgetBook = try #require(try Ledger(store: store).budget(try RecordID(parsing: budgetID)).book)
        try #require(budgetBook == books["ledger"], "A's budget is in A's ledger book")
        try #require(try store.books(in: Ledger.budgetCollection).isEmpty, "no budget book of its own")
        let ruleBook = try #require(try Ledger(store: store).recurringRule(try RecordID(parsing: ruleID)).book)
        try #require(ruleBook == books["ledger"], "A's recurring rule is in A's ledger book")
        try #require(try store.books(in: Ledger.recurringCollection).isEmpty, "no recurring book of its own")
        try store.setRole(.viewer, for: v.id, in: try #require(books["diary"]))
        try store.setRole(.viewer, for: w.id, in: try #require(books["ledger"]))
        let readOnly = try tokens.create(name: "a-read", readOnly: true, owner: a.id).token
        let limited = try tokens.create(name: "a-ledger", readOnly: false, owner: a.id, books: [try #require(books["ledger"])]).token
        let diaryOnly = try tokens.create(name: "a-diary", readOnly: false, owner: a.id, books: [try #require(books["diary"])]).token
        let all: Set<String> = ["diary", "ledger", "feed", "ledger-budget", "ledger-recurring", "ledger-account", "ledger-transfer"]
        let ledgerBook: Set<String> = ["ledger", "ledger-budget", "ledger-recurring", "ledger-account", "ledger-transfer"]
        // Readers first, so that whatever the server keeps from their answers (a thumbnail made,
        // an image answered on the fast path) is there when the others call.
        let callers = [
            Caller(name: "A's own token", token: aToken, reads: all, writes: all),
            Caller(name: "A's read-only token", token: readOnly, reads: all, writes: []),
            Caller(name: "V's token (viewer of A's diary)", token: vToken, reads: ["diary"], writes: []),
            Caller(name: "W's token (viewer of A's ledger book)", token: wToken, reads: ledgerBook, writes: []),
            Caller(name: "A's token limited to the ledger book", token: limited, reads: ledgerBook, writes: ledgerBook),
            Caller(name: "A's token limited to the diary book", token: diaryOnly, reads: ["diary"], writes: ["diary"]),
            Caller(name: "B's token", token: bToken, reads: [], writes: []),
        ]
        var sessions: [Session] = []
        for (login, name, reads) in [("vera", "V's session (viewer of A's diary)", ["diary"]), ("bora", "B's session", Set<String>())] {
            let jar = web.directory.appending("\(login).txt").path
            let answer = try await AccountsWebTests.logIn(web, login, password, jar: jar)
            try #require(answer.status == 303, "\(login) logs in: \(answer.text)")
            sessions.append(Session(name: name, jar: jar, reads: reads))
        }
        let size = try #require(store.options.thumbnailSizes.map(\.maxPixels).first)
        let fixture = AuthorizationMatrixFixture(place: place, web: web, a: a, b: b, v: v, callers: callers, aThings: things, aBooks: books, sessions: sessions, size: size)
        fixture.invitation = try store.createInvitation(expiresIn: 86_400).invitation
        return fixture
    }

    /// Creates a record through the API as the owner of `token`; its JSON.
    private static func make(_ web: WebFixture, _ token: String, _ path: String, _ arguments: [String]) async throws -> [String: Any] {
        let made = try await curl(["-H", "Authorization: Bearer \(token)", "-H", "Idempotency-Key: \(UUID().uuidString)"] + arguments
                                  + [web.url("/api/v1" + path)])
        try #require(made.status == 201, "\(path): \(made.text)")
        return try APIFixture.object(made)
    }

    /// The id of a record's first photo.
    private static func firstImage(_ record: [String: Any]) throws -> String {
        let images = try #require(record["images"] as? [[String: Any]])
        return "\(try #require(images.first?["id"] as? Int))"
    }

    /// What of A's a caller who reads the apps `reads` must never see: the ids, texts and books of
    /// A's things in the other apps.
    func forbidden(reads: Set<String>) -> [String] {
        aThings.filter { !reads.contains($0.key) }.flatMap { [$0.value.record, $0.value.trashed] + $0.value.markers }
            + aBooks.filter { !reads.contains($0.key) }.map(\.value.string)
    }

    /// A's records as the operator sees them: id → version (nothing of A's may change).
    func aVersions() throws -> [String: Int64] {
        var versions: [String: Int64] = [:]
        for id in aThings.values.flatMap({ [$0.record, $0.trashed] }) {
            versions[id] = try web.store.record(try RecordID(parsing: id)).version
        }
        return versions
    }
}
