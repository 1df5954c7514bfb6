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
        #expect(wrong.status == 422 && wrong.text.contains("The parts sum to 11500 KRW but the transaction is 12000 KRW"), "\(wrong.text)")
        let cents = try await post(#"{"date":"2025-03-02","kind":"expense","amount":"10.00","currency":"USD","category":"Food","splits":[{"category":"Food","amount":"6.00"},{"category":"Home","amount":"3.99"}]}"#)
        #expect(cents.status == 422 && cents.text.contains("9.99 USD"), "\(cents.text)")
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

    @Test func theFormSplitsATransactionTheMonthShowsThePartsAndARefusalComesBackAsTyped() async throws {
        let fixture = try WebFixture()
        let ledger = Ledger(store: fixture.store)
        let bad = try await fixture.post("/ledger/new", fields: ["date=2026-03-02", "kind=expense", "amount=12000", "currency=KRW", "category=",
                                                                 "splits=식비 8000\n생활 3500"])
        #expect(bad.status == 400 && bad.text.contains("The parts sum to 11500 KRW but the transaction is 12000 KRW"), "\(bad.text)")
        #expect(bad.text.contains("생활 3500"), "the form comes back as typed")
        #expect(try ledger.count() == 0)
        let added = try await fixture.post("/ledger/new", fields: ["date=2026-03-02", "kind=expense", "amount=12000", "currency=KRW", "category=",
                                                                   "splits=식비 8000\n생활 4000"])
        #expect(added.status == 303, "\(added.text)")
        let stored = try #require(try ledger.list().transactions.first)
        #expect(stored.splits.map(\.category) == ["식비", "생활"] && stored.category == "식비")
        let march = try await fixture.get("/ledger?month=2026-03")
        #expect(march.text.contains("split-parts") && march.text.contains("4,000"), "the parts are listed")
        let form = try await fixture.get("/ledger/\(stored.id.string)/edit", headers: ["Accept-Language: ko"])
        #expect(form.text.contains("카테고리 나누기") && form.text.contains("생활 4000"))
        let cleared = try await fixture.post("/ledger/\(stored.id.string)/edit", fields: ["date=2026-03-02", "kind=expense", "amount=12000",
                                                                                        "currency=KRW", "category=외식", "splits="])
        #expect(cleared.status == 303, "\(cleared.text)")
        #expect(try ledger.read(stored.id).splits.isEmpty && ledger.read(stored.id).category == "외식")
    }

    @Test func theEditFormMovesATransactionToAnotherAccountOfItsBookAndCurrency() async throws {
        let fixture = try WebFixture()
        let ledger = Ledger(store: fixture.store)
        let added = try await fixture.post("/ledger/new", fields: ["date=2026-03-02", "kind=expense", "amount=8000", "currency=KRW", "category=식비"])
        #expect(added.status == 303, "\(added.text)")
        let lunch = try #require(try ledger.list().transactions.first)
        let book = try #require(lunch.book)
        let bank = try ledger.createAccount(LedgerAccountDraft(name: "Shinhan", kind: .bank, openingBalance: .zero(.krw), book: book))
        _ = try ledger.createAccount(LedgerAccountDraft(name: "Dollars", kind: .bank, openingBalance: .zero(.usd), book: book))
        let form = try await fixture.get("/ledger/\(lunch.id.string)/edit")
        #expect(form.text.contains("name=\"account\"") && form.text.contains("Shinhan") && !form.text.contains("Dollars"), "\(form.text)")
        let moved = try await fixture.post("/ledger/\(lunch.id.string)/edit", fields: ["date=2026-03-02", "kind=expense", "amount=8000", "currency=KRW",
                                                                                      "category=식비", "account=\(bank.id.string)"])
        #expect(moved.status == 303, "\(moved.text)")
        #expect(try ledger.read(lunch.id).account == bank.id)
    }
}
