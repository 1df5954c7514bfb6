import Foundation
import KeepsakeStore

/// An exact amount of one currency, counted in its minor unit (cents, fils; whole won and yen).
///
/// Money never passes through a binary floating-point number: it is parsed from decimal text
/// digit by digit into an `Int64` of minor units, printed back digit by digit, and added with
/// overflow checks. Amounts of different currencies are never added together.
///
/// A `Money` value may be negative (a balance); the amount of a transaction never is: its
/// ``TransactionKind`` says whether money came in or went out.
///
/// `Comparable` orders amounts of one currency by value. Amounts of different currencies are
/// ordered by currency code first, so a sorted list groups currencies; such an order says nothing
/// about which amount is worth more.
public struct Money: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The amount in minor units: `1234` is 12.34 USD, 1,234 KRW or 1.234 BHD.
    public let minorUnits: Int64
    /// The currency.
    public let currency: Currency

    /// An amount of `minorUnits` minor units of `currency` (any sign).
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Nothing, in `currency`.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// Parses a plain decimal amount exactly: `"12.34"`, `"1000"`, `"0.005"`.
    ///
    /// Accepted: ASCII digits, optionally one `.` followed by at least one digit, with surrounding
    /// white space ignored. Digits after the point beyond the currency's precision are accepted
    /// only when they are zeros (`"12.340"` USD is 12.34; `"100.00"` KRW is 100).
    ///
    /// Refused, each with a message that says why: an empty text; a sign (`"-1"`: amounts are never
    /// negative, the transaction kind says expense or income; `"+1"`); grouping separators
    /// (`"1,234.50"`: a comma is a thousands separator in one country and a decimal point in the
    /// next, so it is never guessed); exponents (`"1e5"`); `".5"` and `"5."` (write `"0.5"`, `"5"`);
    /// more decimal places than the currency has (`"12.345"` USD, `"100.5"` KRW); and amounts too
    /// large for 64-bit minor units.
    ///
    /// - Throws: ``KeepsakeError`` with code `.invalidArgument`.
    public init(parsing text: String, currency: Currency) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = KeepsakeError.quoted(trimmed)
        let bytes = Array(trimmed.utf8)
        func refuse(_ reason: String) -> KeepsakeError {
            KeepsakeError(.invalidArgument, "\(shown) is not a valid \(currency.code) amount: \(reason).")
        }
        guard let first = bytes.first else {
            throw KeepsakeError(.invalidArgument, "The amount is empty: write a number such as \(Money.example(currency)).")
        }
        if first == UInt8(ascii: "-") || trimmed.hasPrefix("\u{2212}") {
            throw refuse("amounts are never negative; record the amount as a positive number and choose the kind (expense or income)")
        }
        if first == UInt8(ascii: "+") { throw refuse("write the number without a sign") }
        if bytes.contains(UInt8(ascii: ",")) || bytes.contains(UInt8(ascii: "_")) || bytes.contains(UInt8(ascii: "'")) {
            throw refuse("remove the grouping separators (write 1234.50, not 1,234.50); the decimal separator is a point")
        }
        if bytes.contains(UInt8(ascii: "e")) || bytes.contains(UInt8(ascii: "E")) {
            throw refuse("exponents are not accepted; write all the digits")
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(isDigit) }) else {
            throw refuse("use only the digits 0-9 and at most one decimal point")
        }
        let whole = parts[0]
        guard !whole.isEmpty else { throw refuse("write a digit before the decimal point (0.5, not .5)") }
        var fraction = parts.count == 2 ? Array(parts[1]) : []
        if parts.count == 2, fraction.isEmpty { throw refuse("write digits after the decimal point, or leave the point out (5, not 5.)") }

        let digits = currency.minorUnitDigits
        if fraction.count > digits {
            guard fraction[digits...].allSatisfy({ $0 == UInt8(ascii: "0") }) else {
                let allowed = digits == 0
                    ? "\(currency.code) amounts are whole numbers, with no decimal places"
                    : "\(currency.code) amounts have at most \(digits) decimal place\(digits == 1 ? "" : "s")"
                throw KeepsakeError(.invalidArgument, "\(shown) has \(fraction.count) decimal place\(fraction.count == 1 ? "" : "s"), but \(allowed).")
            }
            fraction.removeLast(fraction.count - digits)
        }
        while fraction.count < digits { fraction.append(UInt8(ascii: "0")) }

        var value: Int64 = 0
        for byte in whole + fraction {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (plus, overflowB) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else {
                throw KeepsakeError(.invalidArgument, "\(shown) is too large: \(currency.code) amounts can be at most \(Money(minorUnits: .max, currency: currency).amountString).")
            }
            value = plus
        }
        self.init(minorUnits: value, currency: currency)
    }

    /// The amount as plain decimal text with exactly the currency's number of decimals:
    /// `"12.30"`, `"1000"`, `"0.005"`, `"-4.50"`. ``init(parsing:currency:)`` reads it back exactly
    /// (for amounts that are not negative).
    public var amountString: String {
        let magnitude = minorUnits.magnitude
        let sign = minorUnits < 0 ? "-" : ""
        let digits = currency.minorUnitDigits
        guard digits > 0 else { return sign + String(magnitude) }
        let scale = UInt64(currency.minorUnitsPerMajorUnit)
        let fraction = String(magnitude % scale)
        return sign + String(magnitude / scale) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// The amount and its code: `"12.30 USD"`.
    public var description: String { amountString + " " + currency.code }

    /// Whether the amount is below zero.
    public var isNegative: Bool { minorUnits < 0 }

    /// The sum of two amounts of the same currency.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for different currencies (they are never added
    ///   together), `.limitExceeded` when the sum does not fit 64-bit minor units.
    public func adding(_ other: Money) throws -> Money {
        try checkSameCurrency(other, "add")
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else {
            throw KeepsakeError(.limitExceeded, "Adding \(other) to \(self) overflows: the total is larger than \(currency.code) amounts can hold.")
        }
        return Money(minorUnits: sum, currency: currency)
    }

    /// This amount minus `other`, of the same currency.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for different currencies, `.limitExceeded`
    ///   when the difference does not fit 64-bit minor units.
    public func subtracting(_ other: Money) throws -> Money {
        try checkSameCurrency(other, "subtract")
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else {
            throw KeepsakeError(.limitExceeded, "Subtracting \(other) from \(self) overflows: the result is larger than \(currency.code) amounts can hold.")
        }
        return Money(minorUnits: difference, currency: currency)
    }

    /// Orders by currency code, then by amount (see the type's notes).
    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.currency == rhs.currency ? lhs.minorUnits < rhs.minorUnits : lhs.currency < rhs.currency
    }

    private func checkSameCurrency(_ other: Money, _ verb: String) throws {
        guard other.currency == currency else {
            throw KeepsakeError(.invalidArgument, "Cannot \(verb) \(other.currency.code) and \(currency.code) amounts: Keepsake never mixes currencies; keep a total per currency.")
        }
    }

    static func example(_ currency: Currency) -> String {
        Money(minorUnits: 1250 * currency.minorUnitsPerMajorUnit / 100, currency: currency).amountString
    }
}
