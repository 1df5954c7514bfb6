import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// The README's Ledger example, verbatim.
func ledgerReadmeExample(store: Store) throws {
    let ledger = Ledger(store: store)
    let march = try LedgerMonth(parsing: "2025-03")
    let lunch = try ledger.create(LedgerTransactionDraft(
        date: try LedgerDay(parsing: "2025-03-14"), kind: .expense,
        amount: try Money(parsing: "12000", currency: try Currency(code: "KRW")), category: "식비", memo: "김밥"))
    try ledger.create(LedgerTransactionDraft(date: march.firstDay, kind: .income,
                                          amount: try Money(parsing: "2500.00", currency: .usd), category: "Salary"))
    try ledger.update(lunch.id, memo: "김밥, 라면")
    let page = try ledger.list(month: march, limit: 20)        // newest first; page.nextCursor continues
    let totals = try ledger.monthlyTotals(year: 2025)[2].totals // per currency, never mixed
    print(page.transactions.count, totals[.krw]!.expense, totals[.usd]!.balance)  // 2 12000 KRW 2500.00 USD
    let csv = try ledger.exportCSV()                            // id,date,kind,amount,currency,category,memo,splits
    try Ledger(store: store).importCSV(csv)                     // same ids: skipped as duplicates
}

@Suite struct LedgerReadmeExampleTests {
    @Test func theReadmeExampleRunsOnAFreshStore() throws {
        let directory = TemporaryDirectory("ledger-readme")
        let store = try TestStores.open(directory)
        try ledgerReadmeExample(store: store)
        let ledger = Ledger(store: store)
        #expect(try ledger.count() == 2)
        #expect(try ledger.list().transactions.first?.memo == "김밥, 라면")
        #expect(try ledger.balance(year: 2025, month: 3) == [.krw: Money(minorUnits: -12000, currency: .krw),
                                                             .usd: Money(minorUnits: 250_000, currency: .usd)])
    }
}
