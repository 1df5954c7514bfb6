import Foundation
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Accounts on the web: each token and each session acts as its account (the engine decides what
/// it may do), a record of a book the caller cannot read is not found, a write it may not make is
/// 403, `/api/v1/me` says who the caller is, and a password change ends the sessions at once.
@Suite struct AccountsWebTests {
    /// The hasher the server uses too (its default parameters).
    static let hasher = Argon2idHasher()

    /// Two accounts, Mina and Joon, on a fresh store served by a real server, each with a token.
    final class TwoPeople: @unchecked Sendable {
        let web: WebFixture
        let mina: Account, joon: Account
        let minaToken: String, joonToken: String

        let directory = TemporaryDirectory("accounts")

        /// With `sessionSecret`, its server signs cookies with it (another server given it accepts them).
        init(password: String? = nil, sessionSecret: Data? = nil) throws {
            let store = try TestStores.open(directory)
            mina = try store.createAccount(AccountDraft(login: try LoginName("mina"), displayName: "Mina",
                                                        passwordHash: try AccountsWebTests.hasher.hash("mina's long password")))
            joon = try store.createAccount(AccountDraft(login: try LoginName("joon"), displayName: "Joon",
                                                        passwordHash: try AccountsWebTests.hasher.hash("joon's long password")))
            // The accounts come first: a server decides when it starts whether it asks for a login.
            web = try WebFixture(password: password, sessionSecret: sessionSecret, store: store)
            let tokens = APITokens(store: store)
            minaToken = try tokens.create(name: "mina", readOnly: false, owner: mina.id).token
            joonToken = try tokens.create(name: "joon", readOnly: false, owner: joon.id).token
        }

        /// curl on `/api/v1<path>` with `token`.
        func call(_ path: String, _ arguments: [String] = [], token: String) async throws -> CurlResponse {
            try await curl(["-H", "Authorization: Bearer \(token)"] + arguments + [web.url("/api/v1" + path)])
        }

        /// Writes a diary entry as the owner of `token`; its id.
        func entry(_ title: String, token: String) async throws -> String {
            let made = try await call("/diary/entries", ["-H", "Idempotency-Key: \(UUID().uuidString)", "-H", "Content-Type: application/json",
                                                         "--data-binary", #"{"emotion":"joy","title":"\#(title)"}"#], token: token)
            try #require(made.status == 201, "\(made.text)")
            return try #require(try APIFixture.object(made)["id"] as? String)
        }
    }

    @Test func oneAccountsTokenCannotReadAnothersRecordsWhichAreNotFound() async throws {
        let people = try TwoPeople()
        let id = try await people.entry("Mina's day", token: people.minaToken)
        let own = try await people.call("/diary/entries/\(id)", token: people.minaToken)
        #expect(own.status == 200)
        let body = try APIFixture.object(own)
        #expect(body["author"] as? String == people.mina.id.string, "a record says who wrote it")
        let book = try people.web.store.defaultBook(of: people.mina.id, in: "diary")
        #expect(body["book"] as? String == book.id.string, "and which book it is in")

        let other = try await people.call("/diary/entries/\(id)", token: people.joonToken)
        #expect(other.status == 404, "never 403: the id leaks nothing")
        #expect(other.header("Content-Type") == "application/problem+json")
        let nobodys = RecordID().string
        let missing = try await people.call("/diary/entries/\(nobodys)", token: people.joonToken)
        let detail = try #require(try APIFixture.object(other)["detail"] as? String)
        #expect(detail.replacingOccurrences(of: id, with: nobodys) == (try APIFixture.object(missing)["detail"] as? String),
                "the same answer as for an id nobody has: \(detail)")
        let list = try await people.call("/diary/entries", token: people.joonToken)
        #expect(list.status == 200)
        #expect(!list.text.contains(id), "nor is it listed")
        for write in [["-X", "PATCH", "-H", "Content-Type: application/json", "--data-binary", #"{"title":"mine now"}"#], ["-X", "DELETE"]] {
            #expect(try await people.call("/diary/entries/\(id)", write, token: people.joonToken).status == 404)
        }
        #expect(try people.web.store.record(try RecordID(parsing: id)).version == 1, "nothing changed")
    }

    @Test func aViewersTokenReadsTheSharedBookButGets403OnAChange() async throws {
        let people = try TwoPeople()
        let id = try await people.entry("Shared day", token: people.minaToken)
        let book = try people.web.store.defaultBook(of: people.mina.id, in: "diary")
        try people.web.store.setRole(.viewer, for: people.joon.id, in: book.id)
        #expect(try await people.call("/diary/entries/\(id)", token: people.joonToken).status == 200, "a viewer reads")
        let patch = try await people.call("/diary/entries/\(id)", ["-X", "PATCH", "-H", "Content-Type: application/json",
                                                                   "--data-binary", #"{"title":"changed"}"#], token: people.joonToken)
        #expect(patch.status == 403, "\(patch.text)")
        #expect(patch.header("Content-Type") == "application/problem+json")
        #expect(try APIFixture.object(patch)["code"] as? String == "forbidden")
        #expect(try await people.call("/diary/entries/\(id)", ["-X", "DELETE"], token: people.joonToken).status == 403)
        #expect(try people.web.store.record(try RecordID(parsing: id)).version == 1, "nothing changed")

        try people.web.store.setRole(.editor, for: people.joon.id, in: book.id)
        let edited = try await people.call("/diary/entries/\(id)", ["-X", "PATCH", "-H", "Content-Type: application/json",
                                                                    "--data-binary", #"{"title":"changed"}"#], token: people.joonToken)
        #expect(edited.status == 200, "an editor writes, from the next request on")
        try people.web.store.removeMember(people.joon.id, from: book.id)
        #expect(try await people.call("/diary/entries/\(id)", token: people.joonToken).status == 404, "a removed member reads nothing at once")
    }

    @Test func aRemovedMemberLosesThePhotosAtOnceToo() async throws {
        let people = try TwoPeople()
        let made = try await people.call("/diary/entries", ["-H", "Idempotency-Key: \(UUID().uuidString)",
                                                            "-F", #"entry={"emotion":"joy","title":"Photo day"}"#,
                                                            "-F", "image=@\(Photos.tiny.path);type=image/png"], token: people.minaToken)
        try #require(made.status == 201, "\(made.text)")
        let images = try #require(try APIFixture.object(made)["images"] as? [[String: Any]])
        let original = try #require(images.first?["original"] as? String)
        func fetch() async throws -> Int {
            try await curl(["-H", "Authorization: Bearer \(people.joonToken)", "-o", "/dev/null", people.web.url(original)]).status
        }
        #expect(try await fetch() == 404, "not Joon's")
        let book = try people.web.store.defaultBook(of: people.mina.id, in: "diary")
        try people.web.store.setRole(.viewer, for: people.joon.id, in: book.id)
        #expect(try await fetch() == 200)
        #expect(try await fetch() == 200, "answered again (the fast path)")
        try people.web.store.removeMember(people.joon.id, from: book.id)
        #expect(try await fetch() == 404, "gone at once, though nothing was written to the change log")
    }

    @Test func aReadOnlyTokenGets403OnAPostAndWritesNothing() async throws {
        let people = try TwoPeople()
        let reader = try APITokens(store: people.web.store).create(name: "reader", readOnly: true, owner: people.mina.id).token
        let post = try await people.call("/diary/entries", ["-H", "Idempotency-Key: ro", "-H", "Content-Type: application/json",
                                                            "--data-binary", #"{"emotion":"joy","title":"no"}"#], token: reader)
        #expect(post.status == 403)
        #expect(try APIFixture.object(post)["code"] as? String == "forbidden")
        #expect(try people.web.store.status().totalRecords == 0)
        #expect(try await people.call("/diary/entries", token: reader).status == 200, "it reads")
    }

    @Test func meSaysWhoTheCallerIsAndWhatItsTokenMayDo() async throws {
        let people = try TwoPeople()
        _ = try await people.entry("Diary", token: people.minaToken)
        let store = people.web.store
        let diary = try store.defaultBook(of: people.mina.id, in: "diary")
        let ledger = try store.defaultBook(of: people.mina.id, in: "ledger")
        let tokens = APITokens(store: store)
        let scoped = try tokens.create(name: "ledger-only", readOnly: true, owner: people.mina.id, books: [ledger.id]).token

        let me = try APIFixture.object(try await people.call("/me", token: people.minaToken))
        let account = try #require(me["account"] as? [String: Any])
        #expect(account["login"] as? String == "mina")
        #expect(account["displayName"] as? String == "Mina")
        #expect(account["id"] as? String == people.mina.id.string)
        #expect(account["isAdmin"] as? Bool == false)
        let token = try #require(me["token"] as? [String: Any])
        #expect(token["readOnly"] as? Bool == false)
        #expect(token["books"] is NSNull, "every book of the account")
        let books = try #require(me["books"] as? [[String: Any]])
        #expect(Set(books.compactMap { $0["id"] as? String }) == [diary.id.string, ledger.id.string])
        #expect(books.allSatisfy { $0["role"] as? String == "owner" && $0["canWrite"] as? Bool == true })

        let narrow = try APIFixture.object(try await people.call("/me", token: scoped))
        let narrowToken = try #require(narrow["token"] as? [String: Any])
        #expect(narrowToken["readOnly"] as? Bool == true)
        #expect(narrowToken["books"] as? [String] == [ledger.id.string])
        let narrowBooks = try #require(narrow["books"] as? [[String: Any]])
        #expect(narrowBooks.compactMap { $0["id"] as? String } == [ledger.id.string], "only the token's books")
        #expect(narrowBooks.first?["canWrite"] as? Bool == false, "a read-only token writes nothing, whatever the role")

        let joon = try APIFixture.object(try await people.call("/me", token: people.joonToken))
        #expect((joon["account"] as? [String: Any])?["login"] as? String == "joon")
        #expect((joon["books"] as? [[String: Any]])?.isEmpty == true, "Joon reads none of Mina's books")
    }

    @Test func aTokenOfADisabledAccountIsRefusedAtOnce() async throws {
        let people = try TwoPeople()
        #expect(try await people.call("/diary/entries", token: people.joonToken).status == 200)
        _ = try people.web.store.updateAccount(people.joon.id, AccountChange(disabled: true))
        let refused = try await people.call("/diary/entries", token: people.joonToken)
        #expect(refused.status == 401)
        #expect(refused.text.contains("disabled"))
    }

    @Test func aTokenMadeBeforeAccountsActsAsTheFirstAdmin() async throws {
        let people = try TwoPeople()
        let store = people.web.store
        let admin = try #require(try store.firstAdmin())
        // A token as main stored it: no owner, no books.
        let (token, info) = try APITokens(store: store).create(name: "old", readOnly: false)
        #expect(info.owner == admin.id)
        let legacy = try #require(try store.metadata.read { try $0.setting(info.id, in: "api.tokens") })
        var object = try #require(try JSONSerialization.jsonObject(with: Data(legacy.utf8)) as? [String: Any])
        var inner = try #require(object["info"] as? [String: Any])
        inner["owner"] = nil
        inner["books"] = nil
        object["info"] = inner
        let old = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        try store.metadata.write { try $0.setSetting(info.id, in: "api.tokens", to: old) }
        #expect(try APITokens(store: store).list().first { $0.id == info.id }?.owner == nil)
        let me = try APIFixture.object(try await people.call("/me", token: token))
        #expect((me["account"] as? [String: Any])?["login"] as? String == "admin")
    }

    @Test func aTokenIsMadeForANamedAccountAndOnlyBooksItCanRead() throws {
        let directory = TemporaryDirectory("accounts")
        let store = try TestStores.open(directory)
        let mina = try store.createAccount(AccountDraft(login: try LoginName("mina"), displayName: "Mina"))
        let admin = try #require(try store.firstAdmin())
        let tokens = APITokens(store: store)
        #expect(try tokens.owner(login: nil).id == admin.id, "without --user: the first admin")
        #expect(try tokens.owner(login: "MINA").id == mina.id, "login names are case-insensitive")
        #expect(try #require(throws: KeepsakeError.self) { try tokens.owner(login: "nobody") }.code == .notFound)
        let ledger = try store.defaultBook(of: mina.id, in: "ledger")
        let adminsDiary = try store.defaultBook(of: admin.id, in: "diary")
        #expect(try tokens.books([ledger.name], of: mina.id) == [ledger.id], "by name")
        #expect(try tokens.books([ledger.id.string], of: mina.id) == [ledger.id], "by id")
        #expect(try #require(throws: KeepsakeError.self) { try tokens.books([adminsDiary.id.string], of: mina.id) }.code == .notFound,
                "never a book the account cannot read")
        #expect(try #require(throws: KeepsakeError.self) {
            try tokens.create(name: "sneaky", readOnly: false, owner: mina.id, books: [adminsDiary.id])
        }.code == .notFound)
        let (_, info) = try tokens.create(name: "ledger", readOnly: true, owner: mina.id, books: [ledger.id])
        #expect(info.owner == mina.id && info.books == [ledger.id] && info.readOnly)
        #expect(info.caller(as: mina.id) == .account(mina.id, readOnly: true, books: [ledger.id]))
        _ = try store.updateAccount(mina.id, AccountChange(disabled: true))
        #expect(try #require(throws: KeepsakeError.self) { try tokens.create(name: "late", readOnly: false, owner: mina.id) }.code == .conflict)
    }

    // MARK: - Sessions

    /// Logs `jar` in as `login`; the response.
    static func logIn(_ fixture: WebFixture, _ login: String, _ password: String, jar: String, from address: String = "127.0.0.1") async throws -> CurlResponse {
        let page = try await curl(["--interface", address, "-b", jar, "-c", jar, fixture.url("/login")])
        let token = try #require(page.csrfToken)
        return try await curl(["--interface", address, "-b", jar, "-c", jar, "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=\(login)",
                               "--data-urlencode", "password=\(password)", "--data-urlencode", "next=/diary", fixture.url("/login")])
    }

    @Test func theLoginPageAsksForANameAndTheHeaderShowsWhoIsLoggedIn() async throws {
        let people = try TwoPeople()
        let jar = people.web.directory.appending("mina.txt").path
        #expect(people.web.app.requiresLogin, "an account with a password: the pages ask for a login")
        let form = try await curl(["-b", jar, "-c", jar, people.web.url("/login")])
        #expect(form.text.contains("name=\"login\""))
        #expect(form.text.contains("login name is admin"), "the hint for servers started with --password")
        #expect(try await Self.logIn(people.web, "mina", "mina's long password", jar: jar).status == 303)
        let diary = try await curl(["-b", jar, people.web.url("/diary")])
        #expect(diary.status == 200)
        #expect(diary.text.contains("<span class=\"who\""))
        #expect(diary.text.contains(">Mina</span>"))
    }

    @Test func aPasswordChangeEndsAnExistingSessionAtOnce() async throws {
        let people = try TwoPeople()
        let jar = people.web.directory.appending("mina.txt").path
        #expect(try await Self.logIn(people.web, "mina", "mina's long password", jar: jar).status == 303)
        #expect(try await curl(["-b", jar, people.web.url("/diary")]).status == 200)
        _ = try people.web.store.updateAccount(people.mina.id, AccountChange(passwordHash: .some(try Self.hasher.hash("a new long password"))))
        #expect(try await curl(["-b", jar, people.web.url("/diary")]).status == 401, "the old cookie is refused on its next request")
        #expect(try await Self.logIn(people.web, "mina", "mina's long password", jar: jar).status == 401)
        #expect(try await Self.logIn(people.web, "mina", "a new long password", jar: jar).status == 303)
        _ = try people.web.store.updateAccount(people.mina.id, AccountChange(disabled: true))
        #expect(try await curl(["-b", jar, people.web.url("/diary")]).status == 401, "a disabled account is logged out too")
    }

    @Test func anUnknownNameIsAnsweredAsAWrongPassword() async throws {
        let people = try TwoPeople()
        let jar = people.web.directory.appending("x.txt").path
        let unknown = try await Self.logIn(people.web, "nobody", "whatever it is", jar: jar)
        let wrong = try await Self.logIn(people.web, "mina", "whatever it is", jar: jar)
        #expect(unknown.status == 401 && wrong.status == 401)
        #expect(unknown.text.contains("do not match") && wrong.text.contains("do not match"))
    }

    @Test func theThrottleCountsWrongPasswordsPerNameFromEveryAddress() async throws {
        let clock = TestClock(Date())
        let directory = TemporaryDirectory("accounts")
        let store = try TestStores.open(directory)
        _ = try store.createAccount(AccountDraft(login: try LoginName("mina"), displayName: "Mina",
                                                 passwordHash: try Self.hasher.hash("mina's long password")))
        _ = try store.createAccount(AccountDraft(login: try LoginName("joon"), displayName: "Joon",
                                                 passwordHash: try Self.hasher.hash("joon's long password")))
        let fixture = try WebFixture(clock: clock.closure, store: store)
        // Wrong passwords for mina, each from another address: the per-address throttle never trips.
        var statuses: [Int] = []
        for guess in 0..<7 {
            let jar = fixture.directory.appending("g\(guess).txt").path
            statuses.append(try await Self.logIn(fixture, "MINA", "guess \(guess)", jar: jar, from: "127.0.0.\(guess + 2)").status)
        }
        #expect(Array(statuses.prefix(5)) == [401, 401, 401, 401, 401], "\(statuses)")
        #expect(statuses.last == 429, "the name is throttled, whatever the address: \(statuses)")
        let fresh = fixture.directory.appending("fresh.txt").path
        let blocked = try await Self.logIn(fixture, "mina", "mina's long password", jar: fresh, from: "127.0.0.20")
        #expect(blocked.status == 429, "even the right password waits while the name is throttled")
        #expect(blocked.header("Retry-After") != nil)
        #expect(try await Self.logIn(fixture, "joon", "joon's long password", jar: fresh, from: "127.0.0.20").status == 303,
                "another name logs in meanwhile")
        clock.advance(by: 3600 + 1)
        #expect(try await Self.logIn(fixture, "mina", "mina's long password", jar: fresh, from: "127.0.0.21").status == 303)
    }

    @Test func passwordSetsTheFirstAdminsPasswordOnceSoAnOldSetupLogsInAsAdmin() async throws {
        let fixture = try WebFixture(password: "correct horse")
        let admin = try #require(try fixture.store.firstAdmin())
        let hash = try #require(admin.passwordHash)
        #expect(hash.hasPrefix("$argon2id$"), "hashed, never kept as given")
        let again = try WebApp(store: fixture.store, configuration: WebConfiguration(port: 0, password: "correct horse", changePollSeconds: 0))
        #expect(again.requiresLogin)
        #expect(try fixture.store.firstAdmin()?.credentialVersion == admin.credentialVersion,
                "a restart with the same password changes nothing, so no session ends")
        let jar = fixture.directory.appending("admin.txt").path
        #expect(try await Self.logIn(fixture, "admin", "correct horse", jar: jar).status == 303)
    }
}
