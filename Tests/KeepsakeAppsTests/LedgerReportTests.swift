import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct LedgerReportTests {
    /// A year of mixed currencies: KRW at home, USD on a trip, JOD on another.
    private func mixedYear() throws -> LedgerFixture {
        let fixture = try LedgerFixture()
        try fixture.add("2025-01-25", .income, "3500000", .krw, "급여")
        try fixture.add("2025-01-03", .expense, "12000", .krw, "식비")
        try fixture.add("2025-01-31", .expense, "45000", .krw, "교통")
        try fixture.add("2025-01-15", .expense, "19.99", .usd, "Books")
        try fixture.add("2025-03-02", .expense, "8000", .krw, "식비")
        try fixture.add("2025-03-09", .expense, "3.50", .usd, "Coffee")
        try fixture.add("2025-03-10", .expense, "4.25", .usd, "Coffee")
        try fixture.add("2025-03-11", .income, "100.00", .usd, "Refund")
        try fixture.add("2025-03-12", .expense, "1.005", .jod, "Coffee")
        try fixture.add("2025-12-31", .expense, "0.01", .usd, "Fees")
        try fixture.add("2024-12-31", .expense, "999", .krw, "식비")   // another year
        try fixture.add("2026-01-01", .expense, "999", .krw, "식비")   // another year
        let trashed = try fixture.add("2025-03-13", .expense, "500000", .krw, "식비")
        try fixture.ledger.delete(trashed.id)                           // not counted
        return fixture
    }

    @Test func monthlyTotalsAreKeptPerCurrencyAndNeverMixed() throws {
        let fixture = try mixedYear()
        let months = try fixture.ledger.monthlyTotals(year: 2025)
        let expectedMonths: [String] = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"].map { "2025-" + $0 }
        #expect(months.map(\.month.string) == expectedMonths)

        let january = months[0].totals
        #expect(Set(january.keys) == [.krw, .usd])
        #expect(january[.krw]?.income.amountString == "3500000")
        #expect(january[.krw]?.expense.amountString == "57000")
        #expect(january[.krw]?.balance.amountString == "3443000")
        #expect(january[.krw]?.transactionCount == 3)
        #expect(january[.usd]?.expense.description == "19.99 USD")
        #expect(january[.usd]?.balance.description == "-19.99 USD")

        let march = months[2].totals
        #expect(Set(march.keys) == [.krw, .usd, .jod])
        #expect(march[.usd]?.income.amountString == "100.00")
        #expect(march[.usd]?.expense.amountString == "7.75")
        #expect(march[.usd]?.balance.amountString == "92.25")
        #expect(march[.jod]?.balance.amountString == "-1.005")
        #expect(march[.krw]?.expense.amountString == "8000", "the trashed transaction is not counted")

        #expect(months[1].totals.isEmpty)
        #expect(months[11].totals[.usd]?.expense.amountString == "0.01")
        for month in months { for (currency, totals) in month.totals { #expect(totals.currency == currency) } }
    }

    @Test func categoryTotalsArePerCurrencyThenPerCategory() throws {
        let fixture = try mixedYear()
        let march = try fixture.ledger.categoryTotals(year: 2025, month: 3)
        #expect(Set(march.keys) == [.krw, .usd, .jod])
        #expect(march[.usd]?["Coffee"]?.expense.amountString == "7.75")
        #expect(march[.usd]?["Coffee"]?.transactionCount == 2)
        #expect(march[.usd]?["Refund"]?.income.amountString == "100.00")
        #expect(march[.jod]?["Coffee"]?.expense.amountString == "1.005", "Coffee in JOD is not added to Coffee in USD")
        #expect(march[.krw]?["식비"]?.expense.amountString == "8000")

        let year = try fixture.ledger.categoryTotals(year: 2025)
        #expect(year[.krw]?["식비"]?.expense.amountString == "20000")
        #expect(year[.krw]?["급여"]?.income.amountString == "3500000")
        #expect(year[.usd]?.keys.sorted() == ["Books", "Coffee", "Fees", "Refund"])
    }

    @Test func balanceIsIncomeMinusExpensePerCurrency() throws {
        let fixture = try mixedYear()
        #expect(try fixture.ledger.balance(year: 2025, month: 3) == [
            .krw: Money(minorUnits: -8000, currency: .krw),
            .usd: Money(minorUnits: 9225, currency: .usd),
            .jod: Money(minorUnits: -1005, currency: .jod),
        ])
        #expect(try fixture.ledger.balance(year: 2025)[.usd] == Money(minorUnits: 10_000 - 1999 - 775 - 1, currency: .usd))
        #expect(try fixture.ledger.balance(year: 2025, month: 2).isEmpty)
        #expect(try fixture.ledger.balance(year: 2023).isEmpty)
        #expect(keepsakeError { _ = try fixture.ledger.balance(year: 2025, month: 13) }?.code == .invalidArgument)
        #expect(keepsakeError { _ = try fixture.ledger.monthlyTotals(year: 0) }?.code == .invalidArgument)
    }

    @Test func aTotalThatOverflowsIsReportedInsteadOfWrappingAround() throws {
        let fixture = try LedgerFixture()
        try fixture.add("2025-05-01", .expense, "9223372036854775807", .krw, "Huge")
        try fixture.add("2025-05-02", .expense, "1", .krw, "Tiny")
        let error = keepsakeError { _ = try fixture.ledger.monthlyTotals(year: 2025) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("overflows") == true)
        #expect(keepsakeError { _ = try fixture.ledger.categoryTotals(year: 2025) } == nil, "per category the sums still fit")
    }
}
