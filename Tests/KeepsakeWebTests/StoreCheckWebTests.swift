import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The store check on the web and in the API reports the ledger's own problems beside the engine's
/// (a transfer whose account was removed outside the ledger), and calls the store not clean.
@Suite struct StoreCheckWebTests {
    @Test func theStorePageAndTheAPIReportATransferWhoseAccountIsMissing() async throws {
        let fixture = try WebFixture()
        let ledger = Ledger(store: fixture.store)
        let bank = try ledger.createAccount(LedgerAccountDraft(name: "Bank", kind: .bank, openingBalance: Money(minorUnits: 0, currency: .krw)))
        let wallet = try ledger.createAccount(LedgerAccountDraft(name: "Wallet", kind: .cash, openingBalance: Money(minorUnits: 0, currency: .krw)))
        let moved = try ledger.createTransfer(LedgerTransferDraft(date: try LedgerDay(parsing: "2025-03-01"), from: bank.id, to: wallet.id,
                                                                  amount: Money(minorUnits: 1000, currency: .krw)))
        let clean = try await fixture.post("/store/check", fields: [])
        #expect(clean.text.contains("data-clean=\"true\""))

        try fixture.store.purge(wallet.id)   // outside the ledger, which refuses it
        let page = try await fixture.post("/store/check", fields: [])
        #expect(page.status == 200 && page.text.contains("data-clean=\"false\"") && page.text.contains("1 problem found."), "\(page.text.prefix(3000))")
        #expect(page.text.contains("Transfers with a missing account (1)") && page.text.contains(moved.id.string))

        let admin = try #require(try fixture.store.firstAdmin())
        let token = try APITokens(store: fixture.store).create(name: "check", readOnly: false, owner: admin.id).token
        let api = try await fixture.curl(["-X", "POST", "-H", "Authorization: Bearer \(token)", fixture.url("/api/v1/store/fsck?hashes=false")])
        #expect(api.status == 200, "\(api.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(api.text.utf8)) as? [String: Any])
        #expect(body["isClean"] as? Bool == false)
        let problems = try #require(body["ledgerProblems"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect(problems.first?["kind"] as? String == "transferMissingAccount" && problems.first?["recordID"] as? String == moved.id.string)
    }
}
