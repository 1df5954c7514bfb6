import Foundation
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The installed app's device tokens (issue 23): issued to a logged-in page only (session and CSRF),
/// acting as that account in the API, listed on its account page, revoked from there or by the
/// browser's logout, and never by another account.
@Suite struct DeviceTokenTests {
    typealias People = AccountsWebTests.TwoPeople

    /// A page's CSRF token of `jar`'s session.
    static func csrf(_ people: People, jar: String) async throws -> String {
        try #require(try await curl(["-b", jar, "-c", jar, people.web.url("/account")]).csrfToken)
    }

    @Test func aLoggedInPageGetsATokenThatActsAsItsAccountAndOnlyItCanRevokeIt() async throws {
        let people = try People()
        let mina = people.web.directory.appending("mina.txt").path, joon = people.web.directory.appending("joon.txt").path
        #expect(try await AccountsWebTests.logIn(people.web, "mina", "mina's long password", jar: mina).status == 303)
        #expect(try await AccountsWebTests.logIn(people.web, "joon", "joon's long password", jar: joon).status == 303)

        // No session, no CSRF token, or a token from another site: refused, nothing made.
        let before = try people.web.app.apiTokens.list().count
        #expect(try await curl(["--data-urlencode", "device=x", people.web.url("/account/device-token")]).status == 401, "no session: the login")
        #expect(try await curl(["-b", mina, "--data-urlencode", "device=x", people.web.url("/account/device-token")]).status == 403)
        let token = try await Self.csrf(people, jar: mina)
        #expect(try await curl(["-b", mina, "-H", "Origin: https://evil.example", "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "device=x",
                                people.web.url("/account/device-token")]).status == 403)
        #expect(try people.web.app.apiTokens.list().count == before)

        let issued = try await curl(["-b", mina, "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "device=Pixel\nphone",
                                     people.web.url("/account/device-token")])
        #expect(issued.status == 201 && issued.header("Cache-Control") == "no-store", "\(issued.text)")
        let made = try JSONDecoder().decode([String: String].self, from: issued.body)
        let device = try #require(made["token"]), id = try #require(made["id"])
        #expect(made["name"]?.hasPrefix("device: Pixelphone · ") == true, "one line, the label first")
        // It acts as Mina in the API.
        let me = try await people.call("/me", token: device)
        #expect(me.status == 200 && me.text.contains("\"login\":\"mina\""), "\(me.text.prefix(200))")
        // It is on Mina's account page, not on Joon's.
        #expect(try await curl(["-b", mina, people.web.url("/account")]).text.contains("data-id=\"\(id)\""))
        #expect(!(try await curl(["-b", joon, people.web.url("/account")]).text.contains(id)))

        // Joon cannot revoke it (the same 404 as for no such token); Mina can.
        let joonCSRF = try await Self.csrf(people, jar: joon)
        let refused = try await curl(["-b", joon, "--data-urlencode", "_csrf=\(joonCSRF)", people.web.url("/account/devices/\(id)/revoke")])
        #expect(refused.status == 404)
        #expect(try await people.call("/me", token: device).status == 200, "still good")
        let revoked = try await curl(["-b", mina, "--data-urlencode", "_csrf=\(try await Self.csrf(people, jar: mina))",
                                      people.web.url("/account/devices/\(id)/revoke")])
        #expect(revoked.status == 303)
        #expect(try await people.call("/me", token: device).status == 401)
        #expect(!(try await curl(["-b", mina, people.web.url("/account")]).text.contains("data-id=\"\(id)\"")))
    }

    @Test func loggingOutRevokesTheBrowsersDeviceTokenButNotAnotherAccounts() async throws {
        let people = try People()
        let mina = people.web.directory.appending("mina.txt").path, joon = people.web.directory.appending("joon.txt").path
        #expect(try await AccountsWebTests.logIn(people.web, "mina", "mina's long password", jar: mina).status == 303)
        #expect(try await AccountsWebTests.logIn(people.web, "joon", "joon's long password", jar: joon).status == 303)
        func issue(_ jar: String) async throws -> (token: String, id: String) {
            let answer = try await curl(["-b", jar, "--data-urlencode", "_csrf=\(try await Self.csrf(people, jar: jar))", "--data-urlencode", "device=test",
                                         people.web.url("/account/device-token")])
            let made = try JSONDecoder().decode([String: String].self, from: answer.body)
            return (try #require(made["token"]), try #require(made["id"]))
        }
        let minas = try await issue(mina), joons = try await issue(joon)
        // Joon logs out naming Mina's device: his session ends, her token stays.
        let joonOut = try await curl(["-b", joon, "--data-urlencode", "_csrf=\(try await Self.csrf(people, jar: joon))", "--data-urlencode", "device=\(minas.id)",
                                      people.web.url("/logout")])
        #expect(joonOut.status == 303)
        #expect(try await people.call("/me", token: minas.token).status == 200)
        #expect(try await people.call("/me", token: joons.token).status == 200, "a device not named at logout stays")
        // Mina logs out naming hers: it is revoked with the session.
        let minaOut = try await curl(["-b", mina, "--data-urlencode", "_csrf=\(try await Self.csrf(people, jar: mina))", "--data-urlencode", "device=\(minas.id)",
                                      people.web.url("/logout")])
        #expect(minaOut.status == 303)
        #expect(try await people.call("/me", token: minas.token).status == 401)
    }
}
