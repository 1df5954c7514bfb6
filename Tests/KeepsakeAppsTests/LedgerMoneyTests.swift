import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct LedgerMoneyTests {
    // MARK: - Currency

    @Test func knownCurrenciesHaveTheirISOMinorUnitDigitsAndCodesAreCaseInsensitive() throws {
        for code in ["KRW", "JPY", "VND", "CLP", "ISK"] { #expect(try Currency(code: code).minorUnitDigits == 0) }
        for code in ["USD", "EUR", "GBP", "CHF", "CAD"] { #expect(try Currency(code: code).minorUnitDigits == 2) }
        for code in ["BHD", "KWD", "JOD", "OMR", "TND"] { #expect(try Currency(code: code).minorUnitDigits == 3) }
        #expect(try Currency(code: "usd") == .usd)
        #expect(Currency.known.map(\.code) == Currency.known.map(\.code).sorted())
        #expect(Set(Currency.known.map(\.code)).count == Currency.known.count)
    }

    @Test(arguments: ["XYZ", "ABC"])
    func anUnknownCurrencyCodeIsRefusedWithAClearError(code: String) {
        let error = keepsakeError { _ = try Currency(code: code) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("\(code) is not a currency Keepsake knows") == true)
    }

    @Test(arguments: ["", "US", "USDD", "U$D", "12€", "원화"])
    func aMalformedCurrencyCodeIsRefused(code: String) {
        let error = keepsakeError { _ = try Currency(code: code) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("three-letter ISO 4217 code") == true)
    }

    @Test func aCurrencyEncodesAsItsCodeAndKeysDictionariesByCode() throws {
        #expect(String(decoding: try JSONEncoder().encode(Currency.krw), as: UTF8.self) == "\"KRW\"")
        #expect(try JSONDecoder().decode(Currency.self, from: Data("\"jod\"".utf8)) == .jod)
        #expect(throws: KeepsakeError.self) { try JSONDecoder().decode(Currency.self, from: Data("\"ZZZ\"".utf8)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode([Currency.usd: 1, Currency.krw: 2]), as: UTF8.self)
        #expect(json == #"{"KRW":2,"USD":1}"#)
        #expect(try JSONDecoder().decode([Currency: Int].self, from: Data(json.utf8)) == [.usd: 1, .krw: 2])
    }

    // MARK: - Parsing

    @Test(arguments: [
        ("12.34", Currency.usd, Int64(1234)), ("12.3", .usd, 1230), ("12", .usd, 1200), ("0.01", .usd, 1),
        ("0", .usd, 0), ("007.50", .usd, 750), ("12.340", .usd, 1234), (" 12 ", .usd, 1200), ("\t5.5\n", .eur, 550),
        ("1000", .krw, 1000), ("100.00", .krw, 100), ("0", .jpy, 0), ("1234567", .jpy, 1_234_567),
        ("0.005", .bhd, 5), ("1.234", .kwd, 1234), ("12.3", .omr, 12300), ("7", .tnd, 7000),
        ("92233720368547758.07", .usd, Int64.max), ("9223372036854775807", .krw, Int64.max),
        ("9223372036854775.807", .jod, Int64.max),
    ])
    func decimalTextIsParsedExactlyIntoMinorUnits(text: String, currency: Currency, minorUnits: Int64) throws {
        let money = try Money(parsing: text, currency: currency)
        #expect(money.minorUnits == minorUnits)
        #expect(money.currency == currency)
    }

    @Test(arguments: [
        ("12.345", Currency.usd, "has 3 decimal places, but USD amounts have at most 2 decimal places"),
        ("0.001", .eur, "has 3 decimal places, but EUR amounts have at most 2 decimal places"),
        ("100.5", .krw, "has 1 decimal place, but KRW amounts are whole numbers, with no decimal places"),
        ("1.0001", .bhd, "has 4 decimal places, but BHD amounts have at most 3 decimal places"),
        ("-1", .usd, "amounts are never negative"),
        ("−1", .usd, "amounts are never negative"),
        ("+1", .usd, "without a sign"),
        ("1e5", .usd, "exponents are not accepted"),
        ("1E5", .krw, "exponents are not accepted"),
        (".5", .usd, "write a digit before the decimal point"),
        ("5.", .usd, "write digits after the decimal point"),
        ("1,234.50", .usd, "remove the grouping separators"),
        ("1,5", .eur, "remove the grouping separators"),
        ("1 234", .usd, "use only the digits 0-9"),
        ("1.2.3", .usd, "use only the digits 0-9"),
        ("12abc", .usd, "use only the digits 0-9"),
        ("١٢", .usd, "use only the digits 0-9"),
        ("$12", .usd, "use only the digits 0-9"),
        ("", .usd, "The amount is empty"),
        ("   ", .krw, "The amount is empty"),
        ("92233720368547758.08", .usd, "is too large: USD amounts can be at most 92233720368547758.07"),
        ("9223372036854775808", .krw, "is too large"),
        ("99999999999999999999999999", .jpy, "is too large"),
    ])
    func malformedOrImpreciseAmountsAreRefusedWithTheReason(text: String, currency: Currency, reason: String) {
        let error = keepsakeError { _ = try Money(parsing: text, currency: currency) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error")")
    }

    // MARK: - Formatting

    @Test(arguments: [
        (Int64(1230), Currency.usd, "12.30"), (5, .usd, "0.05"), (0, .usd, "0.00"), (100, .eur, "1.00"),
        (1000, .krw, "1000"), (0, .jpy, "0"), (5, .bhd, "0.005"), (12300, .omr, "12.300"),
        (-450, .usd, "-4.50"), (-7, .krw, "-7"), (-1, .kwd, "-0.001"),
        (.max, .usd, "92233720368547758.07"), (.min, .usd, "-92233720368547758.08"), (.min, .krw, "-9223372036854775808"),
    ])
    func amountsPrintWithExactlyTheCurrencysDecimals(minorUnits: Int64, currency: Currency, text: String) throws {
        let money = Money(minorUnits: minorUnits, currency: currency)
        #expect(money.amountString == text)
        #expect(money.description == text + " " + currency.code)
        if minorUnits >= 0 { #expect(try Money(parsing: text, currency: currency) == money) }
    }

    @Test func noAmountUsesAFloatingPointValueSoDecimalFractionsStayExact() throws {
        // 0.1 + 0.2 is not 0.3 in binary floating point; in minor units it is.
        let sum = try Money(parsing: "0.1", currency: .usd).adding(try Money(parsing: "0.2", currency: .usd))
        #expect(sum == (try Money(parsing: "0.3", currency: .usd)))
        #expect(sum.amountString == "0.30")
        var total = Money.zero(.usd)
        for _ in 0..<1000 { total = try total.adding(try Money(parsing: "0.01", currency: .usd)) }
        #expect(total.amountString == "10.00")
    }

    // MARK: - Arithmetic and order

    @Test func addingAndSubtractingWorkWithinOneCurrencyAndOverflowIsReported() throws {
        let a = Money(minorUnits: 1050, currency: .usd), b = Money(minorUnits: 25, currency: .usd)
        #expect(try a.adding(b) == Money(minorUnits: 1075, currency: .usd))
        #expect(try b.subtracting(a) == Money(minorUnits: -1025, currency: .usd))
        #expect(try b.subtracting(a).isNegative)

        let overflow = keepsakeError { _ = try Money(minorUnits: .max, currency: .krw).adding(Money(minorUnits: 1, currency: .krw)) }
        #expect(overflow?.code == .limitExceeded)
        #expect(overflow?.message.contains("overflows") == true)
        let underflow = keepsakeError { _ = try Money(minorUnits: .min, currency: .krw).subtracting(Money(minorUnits: 1, currency: .krw)) }
        #expect(underflow?.code == .limitExceeded)
    }

    @Test func differentCurrenciesAreNeverAddedTogether() {
        let error = keepsakeError { _ = try Money(minorUnits: 100, currency: .usd).adding(Money(minorUnits: 100, currency: .eur)) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("Cannot add EUR and USD amounts") == true)
        #expect(keepsakeError { _ = try Money(minorUnits: 1, currency: .krw).subtracting(Money(minorUnits: 1, currency: .jpy)) }?.code == .invalidArgument)
    }

    @Test func amountsOfOneCurrencyCompareByValueAndMixedListsGroupByCurrency() {
        let usd = [Money(minorUnits: 500, currency: .usd), Money(minorUnits: -3, currency: .usd), Money(minorUnits: 20, currency: .usd)]
        #expect(usd.sorted().map(\.minorUnits) == [-3, 20, 500])
        let mixed = [Money(minorUnits: 1, currency: .usd), Money(minorUnits: 9999, currency: .eur), Money(minorUnits: 2, currency: .eur)]
        #expect(mixed.sorted().map(\.description) == ["0.02 EUR", "99.99 EUR", "0.01 USD"])
    }

    @Test func moneyRoundTripsThroughJSONAsMinorUnitsAndCode() throws {
        let money = Money(minorUnits: 1234, currency: .bhd)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(money), as: UTF8.self)
        #expect(json == #"{"currency":"BHD","minorUnits":1234}"#)
        #expect(try JSONDecoder().decode(Money.self, from: Data(json.utf8)) == money)
        #expect(throws: KeepsakeError.self) {
            try JSONDecoder().decode(Money.self, from: Data(#"{"currency":"XXX","minorUnits":1}"#.utf8))
        }
    }

    // MARK: - Days, months, kinds

    @Test func daysAreParsedStrictlyAndMustExist() throws {
        let day = try LedgerDay(parsing: "2024-02-29")
        #expect((day.year, day.month, day.day) == (2024, 2, 29))
        #expect(day.string == "2024-02-29")
        #expect(day.startDate == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(try LedgerDay(parsing: "1970-01-01").startDate == Date(timeIntervalSince1970: 0))
        #expect(try LedgerDay(parsing: "1969-12-31").startDate == Date(timeIntervalSince1970: -86_400))
        #expect(try LedgerDay(parsing: "0001-01-01").string == "0001-01-01")
        #expect(try LedgerDay(parsing: "2000-02-29") < LedgerDay(parsing: "2000-03-01"))

        for bad in ["2025-02-29", "2100-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "0000-01-01"] {
            let error = keepsakeError { _ = try LedgerDay(parsing: bad) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("is not a valid date") == true, "\(bad)")
        }
        for bad in ["2025-3-14", "14/03/2025", "2025-03-14T00:00", " 2025-03-14", "", "２０２５-03-14"] {
            #expect(keepsakeError { _ = try LedgerDay(parsing: bad) }?.message.contains("yyyy-MM-dd") == true, "\(bad)")
        }
    }

    @Test func theDayContainingAnInstantDependsOnTheTimeZone() throws {
        let instant = Date(timeIntervalSince1970: 1_764_514_800)  // 2025-11-30T15:00:00Z
        #expect(LedgerDay(containing: instant, in: TimeZone(identifier: "UTC")!).string == "2025-11-30")
        #expect(LedgerDay(containing: instant, in: TimeZone(identifier: "Asia/Seoul")!).string == "2025-12-01")
    }

    @Test func monthsParseAndStepAcrossYears() throws {
        let december = try LedgerMonth(parsing: "2025-12")
        #expect(december.next == (try LedgerMonth(year: 2026, month: 1)))
        #expect(december.firstDay.string == "2025-12-01")
        #expect(try LedgerMonth(year: 9999, month: 12).next == nil)
        #expect(keepsakeError { _ = try LedgerMonth(parsing: "2025-13") }?.code == .invalidArgument)
        #expect(keepsakeError { _ = try LedgerMonth(year: 2025, month: 0) }?.code == .invalidArgument)
    }

    @Test func transactionKindsParseIgnoringCaseAndRefuseAnythingElse() throws {
        #expect(try TransactionKind(parsing: " Expense ") == .expense)
        #expect(try TransactionKind(parsing: "INCOME") == .income)
        let error = keepsakeError { _ = try TransactionKind(parsing: "refund") }
        #expect(error?.message.contains("use expense or income") == true)
    }
}
