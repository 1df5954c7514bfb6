import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The money accounts on the pages and in the API (issue 24): the accounts page makes an account
/// and a transfer; the month page shows each account's balance at the month's end and filters by
/// account; the API refuses a bad transfer with the reason and writes nothing.
@Suite struct LedgerAccountWebTests {
    @Test func theAccountsPageMakesAnAccountAndATransferAndTheMonthShowsBalances() async throws {
        let web = try WebFixture()
        let ledger = Ledger(store: web.store)
        _ = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-04"), kind: .expense,
                                                 amount: try Money(parsing: "8000", currency: .krw), category: "식비", memo: "OldLunch"))
        let page = try await web.get("/ledger/accounts")
        #expect(page.status == 200)
        #expect(page.text.contains("Cash KRW"), "the default account of the old transaction is listed")
        let made = try await web.post("/ledger/accounts", fields: ["name=Shinhan", "kind=bank", "currency=KRW", "opening=100000"])
        #expect(made.status == 303, "\(made.text.prefix(300))")
        let bank = try #require(try ledger.accounts().first { $0.name == "Shinhan" })
        let cash = try #require(try ledger.accounts().first { $0.name == "Cash KRW" })
        let refused = try await web.post("/ledger/transfers", fields: ["from=\(bank.id.string)", "to=\(bank.id.string)", "amount=1000", "date=2025-03-05"])
        #expect(refused.status == 400)
        #expect(refused.text.contains("same account"))
        let moved = try await web.post("/ledger/transfers", fields: ["from=\(bank.id.string)", "to=\(cash.id.string)", "amount=30000",
                                                                     "date=2025-03-05", "memo=ATM"])
        #expect(moved.status == 303, "\(moved.text.prefix(300))")

        let month = try await web.get("/ledger?month=2025-03")
        #expect(month.text.contains("Balance on 2025-03-31"))
        #expect(month.text.contains("ATM"), "the transfer is listed")
        #expect(month.text.contains("70,000") || month.text.contains("70000"), "Shinhan: 100000 - 30000")
        #expect(month.text.contains("22,000") || month.text.contains("22000"), "Cash KRW: 30000 - 8000")
        let filtered = try await web.get("/ledger?month=2025-03&account=\(bank.id.string)")
        #expect(!filtered.text.contains("OldLunch"), "the bank holds no transaction")
        #expect(try await web.get("/ledger?month=2025-03&account=\(cash.id.string)").text.contains("OldLunch"))
        let korean = try await web.get("/ledger/accounts", headers: ["Accept-Language: ko"])
        #expect(korean.text.contains("자산 계좌") && korean.text.contains("이체"))
    }

    @Test func theAPIRefusesABadTransferWithTheReasonAndWritesNothing() async throws {
        let api = try APIFixture()
        let ledger = Ledger(store: api.web.store)
        let won = try ledger.createAccount(LedgerAccountDraft(name: "Won", kind: .bank, openingBalance: .zero(.krw)))
        let dollars = try ledger.createAccount(LedgerAccountDraft(name: "Dollars", kind: .bank, openingBalance: .zero(.usd)))
        let json = ["-H", "Content-Type: application/json", "--data-binary"]
        let missing = try await api.call("/ledger/transfers", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + json + [#"{"date":"2025-03-01","from":"\#(won.id.string)","to":"\#(dollars.id.string)","amount":"1000"}"#])
        #expect(missing.status == 400 && missing.text.contains("give the amount that arrives"), "\(missing.text)")
        let decimals = try await api.call("/ledger/transfers", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + json + [#"{"date":"2025-03-01","from":"\#(dollars.id.string)","to":"\#(won.id.string)","amount":"1.005","toAmount":"1300"}"#])
        #expect(decimals.status == 400, "\(decimals.text)")
        #expect(try ledger.transfers().isEmpty)
        let made = try await api.call("/ledger/transfers", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + json + [#"{"date":"2025-03-01","from":"\#(won.id.string)","to":"\#(dollars.id.string)","amount":"135000","toAmount":"100.00"}"#])
        #expect(made.status == 201, "\(made.text)")
        // The same Idempotency-Key twice moves the money once.
        let key = ["-H", "Idempotency-Key: \(UUID().uuidString)"]
        let body = #"{"date":"2025-03-03","from":"\#(won.id.string)","to":"\#(dollars.id.string)","amount":"1","toAmount":"0.01"}"#
        let first = try await api.call("/ledger/transfers", key + json + [body])
        let again = try await api.call("/ledger/transfers", key + json + [body])
        #expect(first.status == 201 && again.status == 201 && again.text == first.text, "\(again.text)")
        #expect(try ledger.transfers().count == 2, "one transfer for the two calls")
        let missingKey = try await api.call("/ledger/transfers", json + [body])
        #expect(missingKey.status == 400 && missingKey.text.contains("Idempotency-Key"))
        let list = try await api.call("/ledger/accounts?on=2025-03-31")
        #expect(list.text.contains(#""balance":"-135001""#) && list.text.contains(#""balance":"100.01""#), "\(list.text)")
        let transaction = try await api.call("/ledger/transactions", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + json + [#"{"date":"2025-03-02","kind":"expense","amount":"5.00","currency":"USD","category":"Coffee","account":"\#(dollars.id.string)"}"#])
        #expect(transaction.status == 201 && transaction.text.contains(dollars.id.string), "\(transaction.text)")
        // The change feed carries both: the account with its balance, the transfer with both amounts.
        let changes = try await api.call("/changes")
        #expect(changes.status == 200 && changes.text.contains(#""collection":"ledger-account""#), "\(changes.text.prefix(400))")
        #expect(changes.text.contains(#""toAmount":"100.00""#) && changes.text.contains(#""name":"Dollars""#))
        let only = try await api.call("/ledger/transactions?account=\(won.id.string)")
        #expect(!only.text.contains("Coffee"))
    }
}
