import Foundation
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Invitations on the web, over a real server that asks for a login: an admin makes one on the People
/// page and sees the link once; a visitor with no account opens it, makes an account and is logged
/// in; the link then answers 410; an unknown one 404; a non-admin cannot make or revoke one.
@Suite struct InvitationPagesTests {
    typealias Household = AccountPagesTests.Household

    /// GET `path` with a fresh or given jar (no login).
    static func visit(_ house: Household, _ path: String, jar: String) async throws -> CurlResponse {
        try await curl(["-b", jar, "-c", jar, house.web.url(path)])
    }

    /// POSTs `fields` to the invitation page `path` with the CSRF token its own form carries.
    static func submit(_ house: Household, _ path: String, _ fields: [(String, String)], jar: String) async throws -> CurlResponse {
        let token = try #require(try await visit(house, path, jar: jar).csrfToken)
        let form = ([("_csrf", token)] + fields).flatMap { ["--data-urlencode", "\($0.0)=\($0.1)"] }
        return try await curl(["-b", jar, "-c", jar] + form + [house.web.url(path)])
    }

    @Test func anAdminInvitesAndTheVisitorMakesOneAccountAndIsLoggedIn() async throws {
        let house = try Household()
        let boss = try await house.jar("boss")
        let made = try await house.post("/people/invitations", [("days", "3")], jar: boss)
        #expect(made.status == 200, "\(made.text.prefix(300))")
        let link = try #require(made.text.range(of: #"http://[^"]+/invite/[A-Za-z0-9_-]{43}"#, options: .regularExpression).map { String(made.text[$0]) })
        let path = String(link[try #require(link.range(of: "/invite/")).lowerBound...])
        let secret = String(path.dropFirst("/invite/".count))
        let again = try await house.get("/people", jar: boss)
        #expect(again.text.contains("data-invitation=") && !again.text.contains(secret), "listed, the link never again")

        let visitor = house.web.directory.appending("visitor.txt").path
        let page = try await Self.visit(house, path, jar: visitor)
        #expect(page.status == 200 && page.text.contains("name=\"repeat\""), "\(page.status)")
        let differ = try await Self.submit(house, path, [("login", "dana"), ("password", "dana's long password"), ("repeat", "other long password"),
                                                         ("language", "ko"), ("timeZone", "Asia/Seoul")], jar: visitor)
        #expect(differ.status == 400)
        let taken = try await Self.submit(house, path, [("login", "mina"), ("password", "dana's long password"), ("repeat", "dana's long password"),
                                                        ("language", "ko"), ("timeZone", "Asia/Seoul")], jar: visitor)
        #expect(taken.status == 409)
        let done = try await Self.submit(house, path, [("login", "dana"), ("displayName", "Dana"), ("password", "dana's long password"),
                                                       ("repeat", "dana's long password"), ("language", "ko"), ("timeZone", "Asia/Seoul")], jar: visitor)
        #expect(done.status == 303, "\(done.text.prefix(300))")
        let dana = try house.web.store.account(login: try LoginName("dana"))
        #expect(dana.displayName == "Dana" && dana.language == "ko" && dana.timeZone == "Asia/Seoul" && !dana.isAdmin)
        #expect(try AccountsWebTests.hasher.verify("dana's long password", against: try #require(dana.passwordHash)))
        let account = try await Self.visit(house, "/account", jar: visitor)
        #expect(account.status == 200 && account.text.contains("dana"), "logged in as dana")

        let used = try await Self.visit(house, path, jar: house.web.directory.appending("late.txt").path)
        #expect(used.status == 410 && used.text.contains("이미 사용") == false && used.text.contains("already used"), "\(used.status)")
        let unknown = try await Self.visit(house, "/invite/" + String(repeating: "x", count: 43), jar: visitor)
        #expect(unknown.status == 404)
        #expect(try house.web.store.accounts().count == 5)
    }

    @Test func onlyAdminsMakeAndRevokeInvitationsOnThePage() async throws {
        let house = try Household()
        let issued = try house.web.store.createInvitation(expiresIn: 3600)
        let joon = try await house.jar("joon")
        #expect(try await house.post("/people/invitations", [("days", "3")], jar: joon).status == 404)
        #expect(try await house.post("/people/invitations/\(issued.invitation.id)/revoke", [], jar: joon).status == 404)
        #expect(try house.web.store.invitation(secret: issued.secret)?.isOpen(at: Date()) == true)
        let boss = try await house.jar("boss")
        #expect(try await house.post("/people/invitations", [("days", "400")], jar: boss).status == 400)
        #expect(try await house.post("/people/invitations/\(issued.invitation.id)/revoke", [], jar: boss).status == 303)
        #expect(try house.web.store.invitation(secret: issued.secret) == nil)
        let gone = try await Self.visit(house, "/invite/\(issued.secret)", jar: house.web.directory.appending("v.txt").path)
        #expect(gone.status == 404)
    }
}
