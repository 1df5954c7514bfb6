import Foundation
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// The login throttle works per source address: a guessing address waits, the owner (another
/// name, another address) does not. (Per login name: `AccountsWebTests`.)
@Suite struct LoginThrottleTests {
    @Test func theRightPasswordFromAnotherAddressWorksWhileOneAddressIsThrottled() async throws {
        // Listening on 127.0.0.1; the guesser connects from 127.0.0.2, the owner from 127.0.0.3.
        // The throttle's clock moves only when the test moves it, so a slow machine cannot let a
        // wait run out between two requests.
        let clock = TestClock(Date())
        let fixture = try WebFixture(password: "correct horse", clock: clock.closure)
        let guesserJar = fixture.directory.appending("guesser.txt").path, ownerJar = fixture.directory.appending("owner.txt").path
        func post(_ password: String, as login: String = "admin", from address: String, jar: String) async throws -> CurlResponse {
            let page = try await curl(["--interface", address, "-b", jar, "-c", jar, fixture.url("/login")])
            let token = try #require(page.csrfToken)
            return try await curl(["--interface", address, "-b", jar, "-c", jar, "--data-urlencode", "_csrf=\(token)",
                                       "--data-urlencode", "login=\(login)", "--data-urlencode", "password=\(password)", "--data-urlencode", "next=/diary", fixture.url("/login")])
        }
        // The guesser keeps guessing, waiting out each wait, until it has to wait several seconds.
        var statuses: [Int] = []
        for guess in 0..<20 {
            // Guessing at a name of its own: the name is throttled too (per name), not the owner's.
            let response = try await post("guess \(guess)", as: "root", from: "127.0.0.2", jar: guesserJar)
            statuses.append(response.status)
            guard response.status == 429 else { continue }
            let wait = Int(response.header("Retry-After") ?? "") ?? 0
            if wait == 0 || wait >= 6 { break }
            clock.advance(by: Double(wait) + 0.1)
        }
        #expect(Array(statuses.prefix(5)) == [401, 401, 401, 401, 401], "\(statuses)")
        #expect(statuses.filter { $0 == 401 }.count <= 10, "\(statuses)")
        #expect(statuses.last == 429, "the guessing address is throttled")

        let owner = try await post("correct horse", from: "127.0.0.3", jar: ownerJar)
        #expect(owner.status == 303, "the owner logs in from another address while the guesser waits")
        #expect(owner.header("Location") == "/diary")
        let page = try await curl(["--interface", "127.0.0.3", "-b", ownerJar, fixture.url("/diary")])
        #expect(page.status == 200)
        #expect(try await post("correct horse", from: "127.0.0.2", jar: guesserJar).status == 429)
    }
}
