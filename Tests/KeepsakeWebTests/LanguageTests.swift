import Foundation
import KeepsakeWeb
import Testing

/// English and Korean, chosen by Accept-Language and switchable with the language link.
@Suite struct LanguageTests {
    @Test func koreanIsChosenByAcceptLanguage() async throws {
        let fixture = try WebFixture()
        let korean = try await fixture.get("/diary", headers: ["Accept-Language: ko-KR,ko;q=0.9,en-US;q=0.8"])
        #expect(korean.text.contains("<html lang=\"ko\">"))
        #expect(korean.text.contains("일기"))
        #expect(korean.text.contains("새 일기"))
        let english = try await fixture.get("/diary", headers: ["Accept-Language: en-GB,en;q=0.9"])
        #expect(english.text.contains("<html lang=\"en\">"))
        #expect(english.text.contains("New entry"))
        let neither = try await fixture.get("/feed", headers: ["Accept-Language: fr-FR,fr;q=0.9"])
        #expect(neither.text.contains("<html lang=\"en\">"))
        let weighted = try await fixture.get("/feed", headers: ["Accept-Language: en;q=0.3, ko;q=0.8"])
        #expect(weighted.text.contains("<html lang=\"ko\">"))
    }

    @Test func theLanguageLinkSetsACookieThatWins() async throws {
        let fixture = try WebFixture()
        let page = try await fixture.get("/ledger", headers: ["Accept-Language: en"])
        #expect(page.text.contains("href=\"/lang/ko?back=%2Fledger\""))
        let switched = try await fixture.get("/lang/ko?back=%2Fledger")
        #expect(switched.status == 303)
        #expect(switched.header("Location") == "/ledger")
        let cookie = try #require(switched.headers(named: "Set-Cookie").first { $0.hasPrefix("lang=") })
        #expect(cookie.hasPrefix("lang=ko"))
        let korean = try await fixture.get("/ledger", headers: ["Accept-Language: en"])
        #expect(korean.text.contains("<html lang=\"ko\">"))
        #expect(korean.text.contains("가계부"))
        _ = try await fixture.get("/lang/en?back=%2Fledger")
        let english = try await fixture.get("/ledger", headers: ["Accept-Language: ko"])
        #expect(english.text.contains("<html lang=\"en\">"))
    }

    @Test func negotiation() {
        #expect(Language.negotiate(cookie: nil, acceptLanguage: nil) == .english)
        #expect(Language.negotiate(cookie: nil, acceptLanguage: "ko") == .korean)
        #expect(Language.negotiate(cookie: nil, acceptLanguage: "de, ko-KR;q=0.5, en;q=0.4") == .korean)
        #expect(Language.negotiate(cookie: nil, acceptLanguage: "ko;q=0, en") == .english)
        #expect(Language.negotiate(cookie: "en", acceptLanguage: "ko") == .english)
        #expect(Language.negotiate(cookie: "xx", acceptLanguage: "ko") == .korean)
    }
}
