import Foundation
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The account, books and people pages over a real server and store: every change is the engine's
/// operation as the logged-in account, so a viewer's rename or share is 403 and changes nothing, a
/// non-admin finds no people page, sharing from the page opens the book to the other account, and a
/// password change keeps the browser that made it logged in while it ends the other sessions.
@Suite struct AccountPagesTests {
    /// Mina (owner of a ledger book "Household"), Joon, and Boss (an admin), each with a password,
    /// on a fresh store served by a real server that asks for a login.
    final class Household: @unchecked Sendable {
        let web: WebFixture
        let mina: Account, joon: Account, boss: Account
        let household: Book
        let directory = TemporaryDirectory("account-pages")

        init() throws {
            let store = try TestStores.open(directory)
            func person(_ login: String, admin: Bool = false) throws -> Account {
                try store.createAccount(AccountDraft(login: try LoginName(login), displayName: login.capitalized, isAdmin: admin,
                                                     passwordHash: try AccountsWebTests.hasher.hash("\(login)'s long password")))
            }
            mina = try person("mina")
            joon = try person("joon")
            boss = try person("boss", admin: true)
            household = try store.acting(as: .account(mina.id)).createBook(collection: "ledger", name: "Household")
            web = try WebFixture(store: store)
        }

        /// The store as `account` sees it.
        func store(of account: Account) -> Store { web.store.acting(as: .account(account.id)) }

        /// A cookie jar logged in as `login` (its password is "<login>'s long password").
        func jar(_ login: String, _ name: String? = nil) async throws -> String {
            let jar = web.directory.appending("\(name ?? login).txt").path
            let response = try await AccountsWebTests.logIn(web, login, "\(login)'s long password", jar: jar)
            try #require(response.status == 303, "\(login) logs in: \(response.text)")
            return jar
        }

        /// GET `path` with `jar`.
        func get(_ path: String, jar: String) async throws -> CurlResponse {
            try await curl(["-b", jar, "-c", jar, web.url(path)])
        }

        /// POSTs the form `fields` to `path` with `jar`'s session and its CSRF token.
        func post(_ path: String, _ fields: [(String, String)], jar: String) async throws -> CurlResponse {
            let token = try #require(try await get("/account", jar: jar).csrfToken)
            let form = ([("_csrf", token)] + fields).flatMap { ["--data-urlencode", "\($0.0)=\($0.1)"] }
            return try await curl(["-b", jar, "-c", jar] + form + [web.url(path)])
        }
    }

    @Test func aViewersRenameAndShareAre403AndChangeNothing() async throws {
        let house = try Household()
        try house.store(of: house.mina).setRole(.viewer, for: house.joon.id, in: house.household.id)
        let joon = try await house.jar("joon")
        let page = try await house.get("/books", jar: joon)
        #expect(page.status == 200)
        #expect(page.text.contains("Household") && page.text.contains("data-role=\"viewer\""), "the viewer sees the book and its role")
        #expect(page.text.contains("data-login=\"mina\"") && page.text.contains("data-login=\"joon\""), "and the members")
        #expect(!page.text.contains("/books/\(house.household.id.string)/rename"), "but no owner's forms")

        let rename = try await house.post("/books/\(house.household.id.string)/rename", [("name", "Mine now")], jar: joon)
        #expect(rename.status == 403, "\(rename.text)")
        #expect(rename.text.contains("role=\"alert\""), "the refusal is on the page")
        let share = try await house.post("/books/\(house.household.id.string)/share", [("login", "boss"), ("role", "owner")], jar: joon)
        #expect(share.status == 403, "\(share.text)")
        let promote = try await house.post("/books/\(house.household.id.string)/role", [("account", house.joon.id.string), ("role", "owner")], jar: joon)
        #expect(promote.status == 403, "a viewer cannot make itself an owner")
        let delete = try await house.post("/books/\(house.household.id.string)/delete", [], jar: joon)
        #expect(delete.status == 403)

        let mina = house.store(of: house.mina)
        #expect(try mina.book(house.household.id).name == "Household", "nothing changed")
        #expect(try mina.members(of: house.household.id).map(\.role) == [.owner, .viewer])

        let korean = try await curl(["-b", joon, "-H", "Accept-Language: ko", "--data-urlencode",
                                     "_csrf=\(try #require(page.csrfToken))", "--data-urlencode", "name=x",
                                     house.web.url("/books/\(house.household.id.string)/rename")])
        #expect(korean.status == 403)
        #expect(korean.text.contains("권한이 없습니다"), "in the page's language")

        let boss = try await house.jar("boss")
        let stranger = try await house.post("/books/\(house.household.id.string)/rename", [("name", "x")], jar: boss)
        #expect(stranger.status == 404, "a book the caller does not read is not found, admin or not")
    }

    @Test func thePeoplePageIsNotFoundForNonAdminsAndLetsAnAdminAddAndDisable() async throws {
        let house = try Household()
        let joon = try await house.jar("joon")
        #expect(try await house.get("/people", jar: joon).status == 404)
        let sneaky = try await house.post("/people", [("login", "sneaky"), ("password", "a long enough password")], jar: joon)
        #expect(sneaky.status == 404)
        #expect(try await house.get("/diary", jar: joon).text.contains("href=\"/people\"") == false, "no link to it either")

        let boss = try await house.jar("boss")
        let page = try await house.get("/people", jar: boss)
        #expect(page.status == 200)
        for login in ["admin", "mina", "joon", "boss"] { #expect(page.text.contains("data-login=\"\(login)\"")) }
        #expect(!page.text.contains("&quot;"), "no markup escaped as text")
        let short = try await house.post("/people", [("login", "sora"), ("password", "short")], jar: boss)
        #expect(short.status == 400)
        #expect(short.text.contains("at least 10 characters"))
        let added = try await house.post("/people", [("login", "Sora"), ("displayName", "Sora"), ("password", "sora's long password")], jar: boss)
        #expect(added.status == 303, "\(added.text)")
        let sora = try house.web.store.account(login: try LoginName("sora"))
        #expect(sora.displayName == "Sora" && !sora.isAdmin)
        #expect(try AccountsWebTests.hasher.verify("sora's long password", against: try #require(sora.passwordHash)))
        let taken = try await house.post("/people", [("login", "sora"), ("password", "another long password")], jar: boss)
        #expect(taken.status == 409)

        let admin = try #require(try house.web.store.firstAdmin())
        #expect(try await house.post("/people/\(admin.id.string)/disable", [], jar: boss).status == 303)
        #expect(try house.web.store.account(admin.id).isDisabled)
        let last = try await house.post("/people/\(house.boss.id.string)/disable", [], jar: boss)
        #expect(last.status == 409)
        #expect(last.text.contains("last enabled admin"), "the engine's refusal, on the page")
        #expect(try house.web.store.account(house.boss.id).isDisabled == false)
        #expect(try await house.post("/people/\(admin.id.string)/enable", [], jar: boss).status == 303)
        #expect(try house.web.store.account(admin.id).isDisabled == false)
    }

    @Test func sharingFromThePageMakesTheBookReadableByTheOtherAccount() async throws {
        let house = try Household()
        let mina = try await house.jar("mina")
        let made = try await house.post("/books", [("collection", "diary"), ("name", "Our trip")], jar: mina)
        #expect(made.status == 303)
        let trip = try #require(try house.store(of: house.mina).books(in: "diary").first { $0.name == "Our trip" })
        #expect(try house.store(of: house.joon).books().isEmpty, "not Joon's yet")

        let shared = try await house.post("/books/\(trip.id.string)/share", [("login", "JOON"), ("role", "editor")], jar: mina)
        #expect(shared.status == 303, "\(shared.text)")
        #expect(try house.store(of: house.joon).books().map(\.id) == [trip.id], "Joon reads it now")
        #expect(try house.store(of: house.joon).role(in: trip.id) == .editor)
        let joon = try await house.jar("joon")
        #expect(try await house.get("/books", jar: joon).text.contains("Our trip"))

        let unknown = try await house.post("/books/\(trip.id.string)/share", [("login", "nobody"), ("role", "viewer")], jar: mina)
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("no account with the login name"))
        let demote = try await house.post("/books/\(trip.id.string)/role", [("account", house.mina.id.string), ("role", "viewer")], jar: mina)
        #expect(demote.status == 409, "the last owner stays one")
        #expect(demote.text.contains("last owner"))
        let leave = try await house.post("/books/\(trip.id.string)/remove", [("account", house.mina.id.string)], jar: mina)
        #expect(leave.status == 409)
        #expect(try await house.post("/books/\(trip.id.string)/remove", [("account", house.joon.id.string)], jar: joon).status == 303)
        #expect(try house.store(of: house.joon).books().isEmpty, "Joon left")
        #expect(try await house.post("/books/\(trip.id.string)/share", [("login", "joon"), ("role", "viewer")], jar: mina).status == 303)
        #expect(try await house.post("/books/\(trip.id.string)/remove", [("account", house.joon.id.string)], jar: mina).status == 303)
        #expect(try house.store(of: house.joon).books().isEmpty, "removed by the owner")

        #expect(try await house.post("/books/\(trip.id.string)/rename", [("name", "Jeju 2026")], jar: mina).status == 303)
        #expect(try house.store(of: house.mina).book(trip.id).name == "Jeju 2026")
        let confirm = try await house.get("/books/\(trip.id.string)/delete", jar: mina)
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("cannot be undone"))
        #expect(try house.store(of: house.mina).book(trip.id).name == "Jeju 2026", "the confirmation page deletes nothing")
        #expect(try await house.post("/books/\(trip.id.string)/delete", [], jar: mina).status == 303)
        #expect(throws: KeepsakeError.self) { try house.store(of: house.mina).book(trip.id) }
    }

    @Test func aPasswordChangeKeepsThisSessionAndEndsTheOthers() async throws {
        let house = try Household()
        let here = try await house.jar("mina", "here")
        let there = try await house.jar("mina", "there")
        let version = try house.web.store.account(house.mina.id).credentialVersion

        let wrong = try await house.post("/account/password", [("current", "not my password"), ("new", "a new long password"),
                                                              ("repeat", "a new long password")], jar: here)
        #expect(wrong.status == 400)
        #expect(wrong.text.contains("current password is not right"))
        let differ = try await house.post("/account/password", [("current", "mina's long password"), ("new", "a new long password"),
                                                               ("repeat", "another long password")], jar: here)
        #expect(differ.status == 400)
        let short = try await house.post("/account/password", [("current", "mina's long password"), ("new", "short"), ("repeat", "short")], jar: here)
        #expect(short.status == 400)
        #expect(try house.web.store.account(house.mina.id).credentialVersion == version, "nothing changed")
        #expect(try await house.get("/diary", jar: there).status == 200)

        let changed = try await house.post("/account/password", [("current", "mina's long password"), ("new", "a new long password"),
                                                                ("repeat", "a new long password")], jar: here)
        #expect(changed.status == 303, "\(changed.text)")
        #expect(changed.header("Location") == "/account?done=password")
        #expect(try house.web.store.account(house.mina.id).credentialVersion > version)
        let after = try await house.get("/account?done=password", jar: here)
        #expect(after.status == 200, "this browser stays logged in")
        #expect(after.text.contains("every other session"))
        #expect(try await house.get("/diary", jar: there).status == 401, "the other session is over")
        #expect(try await AccountsWebTests.logIn(house.web, "mina", "a new long password", jar: there).status == 303)
    }

    @Test func theProfileChangesTheNameLanguageAndTimeZone() async throws {
        let house = try Household()
        let mina = try await house.jar("mina")
        let bad = try await house.post("/account/profile", [("displayName", "Mina K"), ("language", "ko"), ("timeZone", "Mars/Base")], jar: mina)
        #expect(bad.status == 400)
        #expect(bad.text.contains("Mars/Base") && bad.text.contains("value=\"Mina K\""), "the form keeps what was typed")
        let saved = try await house.post("/account/profile", [("displayName", "Mina K"), ("language", "ko"), ("timeZone", "Asia/Seoul")], jar: mina)
        #expect(saved.status == 303)
        let account = try house.web.store.account(house.mina.id)
        #expect(account.displayName == "Mina K" && account.language == "ko" && account.timeZone == "Asia/Seoul")
        let page = try await house.get("/account?done=profile", jar: mina)
        #expect(page.text.contains("프로필을 저장했습니다"), "the pages follow the account's language")
        #expect(page.text.contains(">Mina K</span>"))
    }
}
