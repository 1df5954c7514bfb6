import Foundation
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Storage quotas over a real server: the API's 507 problem and `/api/v1/me`, and the people page
/// that shows usage and sets quotas (admins only).
@Suite struct QuotaWebTests {
    @Test func anUploadOverTheQuotaIs507QuotaExceededAndMeShowsUsageAndQuota() async throws {
        let people = try AccountsWebTests.TwoPeople()
        let me = try APIFixture.object(try await people.call("/me", token: people.minaToken))
        let storage = try #require(me["storage"] as? [String: Any])
        #expect((storage["usedBytes"] as? NSNumber)?.int64Value == 0)
        #expect(storage["quotaBytes"] is NSNull)

        _ = try people.web.store.updateAccount(people.mina.id, AccountChange(quota: .some(100)))
        let upload = try await people.call("/diary/entries", ["-H", "Idempotency-Key: \(UUID().uuidString)", "-F", #"entry={"emotion":"joy","title":"Too big"}"#,
                                                              "-F", "image=@\(Photos.tiny.path);type=image/png"], token: people.minaToken)
        #expect(upload.status == 507, "\(upload.text)")
        let problem = try APIFixture.object(upload)
        #expect(problem["code"] as? String == "quotaExceeded")
        #expect(problem["type"] as? String == "urn:keepsake:problem:quotaExceeded")
        #expect((problem["detail"] as? String)?.contains("quota of 100 B (100 bytes)") == true, "\(problem)")
        #expect(try people.web.store.count("diary", trash: .all) == 0, "nothing was written")
        #expect(try people.web.store.fsck().isClean)

        let after = try APIFixture.object(try await people.call("/me", token: people.minaToken))
        #expect(((after["storage"] as? [String: Any])?["quotaBytes"] as? NSNumber)?.int64Value == 100)
    }

    @Test func aPageUploadOverTheQuotaIs507WithTheReasonInThePagesLanguage() async throws {
        let house = try AccountPagesTests.Household()
        _ = try house.web.store.updateAccount(house.mina.id, AccountChange(quota: .some(100)))
        let jar = try await house.jar("mina")
        for language in ["en", "ko"] {
            let token = try #require(try await house.get("/account", jar: jar).csrfToken)
            let page = try await curl(["-b", jar, "-c", jar, "-H", "Accept-Language: \(language)", "-F", "_csrf=\(token)", "-F", "title=Too big",
                                       "-F", "emotion=joy", "-F", "text=x", "-F", "photos=@\(Photos.tiny.path);type=image/png", house.web.url("/diary/new")])
            #expect(page.status == 507)
            #expect(page.text.contains("data-code=\"quotaExceeded\""))
            #expect(page.text.contains("quota of 100 B (100 bytes)"), "the engine's sentence with the numbers")
            #expect(page.text.contains("저장 용량 한도를 넘습니다") == (language == "ko"), "Korean pages lead with the Korean reason")
        }
        #expect(try house.web.store.count("diary", trash: .all) == 0)
        #expect(try house.web.store.fsck().isClean)
    }

    @Test func anAdminSetsAQuotaOnThePeoplePageAndNobodyElseFindsTheForm() async throws {
        let house = try AccountPagesTests.Household()
        let joon = try await house.jar("joon")
        let sneaky = try await house.post("/people/\(house.joon.id.string)/quota", [("quota", "1TB")], jar: joon)
        #expect(sneaky.status == 404)
        #expect(try house.web.store.account(house.joon.id).quota == nil)

        let boss = try await house.jar("boss")
        #expect(try await house.post("/people/\(house.mina.id.string)/quota", [("quota", "2GB")], jar: boss).status == 303)
        #expect(try house.web.store.account(house.mina.id).quota == 2_000_000_000)
        let page = try await house.get("/people", jar: boss)
        #expect(page.text.contains("value=\"2GB\""), "the form shows the quota as it reads it back")
        #expect(page.text.contains("0 B / 2.0 GB"))
        let bad = try await house.post("/people/\(house.mina.id.string)/quota", [("quota", "lots")], jar: boss)
        #expect(bad.status == 400)
        #expect(bad.text.contains("not a size"))
        #expect(try house.web.store.account(house.mina.id).quota == 2_000_000_000)
        #expect(try await house.post("/people/\(house.mina.id.string)/quota", [("quota", "")], jar: boss).status == 303)
        #expect(try house.web.store.account(house.mina.id).quota == nil)
    }
}
