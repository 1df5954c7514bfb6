import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// Split transactions and a transaction's account through the JSON API, on a real server.
@Suite struct LedgerSplitWebTests {
    @Test func theAPITakesAndReturnsPartsRefusesOnesThatDoNotSumAndChangesTheAccount() async throws {
        let api = try APIFixture()
        let ledger = Ledger(store: api.web.store)
        let json = ["-H", "Content-Type: application/json", "--data-binary"]
        func post(_ body: String) async throws -> (status: Int, text: String) {
            let response = try await api.call("/ledger/transactions", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + json + [body])
            return (response.status, response.text)
        }
        let wrong = try await post(#"{"date":"2025-03-02","kind":"expense","amount":"12000","currency":"KRW","category":"식비","splits":[{"category":"식비","amount":"8000"},{"category":"생활","amount":"3500"}]}"#)
        #expect(wrong.status == 400 && wrong.text.contains("The parts sum to 11500 KRW but the transaction is 12000 KRW"), "\(wrong.text)")
        let cents = try await post(#"{"date":"2025-03-02","kind":"expense","amount":"10.00","currency":"USD","category":"Food","splits":[{"category":"Food","amount":"6.00"},{"category":"Home","amount":"3.99"}]}"#)
        #expect(cents.status == 400 && cents.text.contains("9.99 USD"), "\(cents.text)")
        #expect(try ledger.count() == 0, "nothing written")
        let made = try await post(#"{"date":"2025-03-02","kind":"expense","amount":"12000","currency":"KRW","category":"식비","splits":[{"category":"식비","amount":"8000","memo":"점심"},{"category":"생활","amount":"4000"}]}"#)
        #expect(made.status == 201 && made.text.contains(#""minorUnits":4000"#) && made.text.contains(#""memo":"점심""#), "\(made.text)")
        let stored = try #require(try ledger.list().transactions.first)
        #expect(stored.splits.map(\.category) == ["식비", "생활"])

        let path = "/ledger/transactions/\(stored.id.string)"
        let noParts = try await api.call(path, ["-X", "PATCH"] + json + [#"{"amount":"13000"}"#])
        #expect(noParts.status == 400 && noParts.text.contains("is split"), "\(noParts.text)")
        let resplit = try await api.call(path, ["-X", "PATCH"] + json + [#"{"amount":"13000","splits":[{"category":"식비","amount":"6000"},{"category":"생활","amount":"7000"}]}"#])
        #expect(resplit.status == 200 && resplit.text.contains(#""category":"생활""#), "\(resplit.text)")
        let cleared = try await api.call(path, ["-X", "PATCH"] + json + [#"{"splits":[]}"#])
        #expect(cleared.status == 200 && cleared.text.contains(#""splits":[]"#), "\(cleared.text)")
        #expect(try ledger.read(stored.id).splits.isEmpty)

        let bank = try ledger.createAccount(LedgerAccountDraft(name: "Shinhan", kind: .bank, openingBalance: .zero(.krw)))
        let moved = try await api.call(path, ["-X", "PATCH"] + json + [#"{"account":"\#(bank.id.string)"}"#])
        #expect(moved.status == 200 && moved.text.contains(bank.id.string), "\(moved.text)")
        #expect(try ledger.read(stored.id).account == bank.id)
        let dollars = try ledger.createAccount(LedgerAccountDraft(name: "Dollars", kind: .bank, openingBalance: .zero(.usd)))
        let otherCurrency = try await api.call(path, ["-X", "PATCH"] + json + [#"{"account":"\#(dollars.id.string)"}"#])
        #expect(otherCurrency.status == 400, "\(otherCurrency.text)")
        #expect(try ledger.read(stored.id).account == bank.id)
    }
}
