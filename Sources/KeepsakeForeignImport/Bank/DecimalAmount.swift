import Foundation
import KeepsakeLedger
import KeepsakeStore

/// An amount as a bank writes it, read exactly (never through a binary floating-point number): a
/// sign, digits and the number of them after the decimal mark.
///
/// ``init(parsing:decimalMark:)`` takes what statements contain: `-63,89`, `1.234,56`, `11'373.94`,
/// `$1,036.47`, `(12.50)`, `12.50-`, `−5` (the minus sign), `+5`, `EUR 12.00`, spaces and
/// no-break spaces between groups.
struct DecimalAmount: Sendable, Hashable, CustomStringConvertible {
    /// Whether it is below zero.
    var isNegative: Bool
    /// Every digit, without the mark (`"377000"` for 3.77000).
    var digits: [UInt8]
    /// How many of ``digits`` are after the mark.
    var scale: Int

    /// Reads `text` with `decimalMark` (`.` or `,`) as the decimal separator; the other of the two,
    /// apostrophes and spaces group thousands.
    ///
    /// - Throws: ``AmountProblem`` saying why the text is not a number.
    init(parsing raw: String, decimalMark: Character = ".") throws(AmountProblem) {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw AmountProblem("the amount is empty") }
        var negative = false
        if text.hasPrefix("("), text.hasSuffix(")") {
            negative = true
            text = String(text.dropFirst().dropLast())
        }
        // A three-letter currency code before or after the number, and currency symbols anywhere.
        let letters = text.filter(\.isLetter)
        if letters.count == 3, letters.allSatisfy({ $0.isASCII && $0.isUppercase }), (text.hasPrefix(letters) || text.hasSuffix(letters)) {
            text = text.replacingFirst(letters, with: "")
        }
        text = String(text.unicodeScalars.filter { $0.properties.generalCategory != .currencySymbol }.map(Character.init))
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for minus in ["-", "\u{2212}"] {
            if text.hasPrefix(minus) { negative.toggle(); text.removeFirst(); break }
            if text.hasSuffix(minus) { negative.toggle(); text.removeLast(); break }
        }
        if text.hasPrefix("+") { text.removeFirst() }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let grouping: Set<Character> = decimalMark == "," ? [".", "'", "’", " ", "\u{A0}", "\u{202F}"] : [",", "'", "’", " ", "\u{A0}", "\u{202F}"]
        var digits: [UInt8] = []
        var scale: Int?
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                digits.append(UInt8(digit))
                if scale != nil { scale! += 1 }
            } else if character == decimalMark {
                guard scale == nil else { throw AmountProblem("\(KeepsakeError.quoted(raw)) has two decimal marks") }
                scale = 0
            } else if grouping.contains(character) {
                guard scale == nil else { throw AmountProblem("\(KeepsakeError.quoted(raw)) has a grouping mark after the decimal mark \"\(decimalMark)\" (is the decimal mark wrong?)") }
            } else {
                throw AmountProblem("\(KeepsakeError.quoted(raw)) is not an amount")
            }
        }
        guard !digits.isEmpty else { throw AmountProblem("\(KeepsakeError.quoted(raw)) is not an amount") }
        self.isNegative = negative && digits.contains { $0 != 0 }
        self.digits = digits
        self.scale = scale ?? 0
    }

    /// Creates an amount from its parts.
    init(isNegative: Bool, digits: [UInt8], scale: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.scale = scale
    }

    /// Whether it is zero.
    var isZero: Bool { digits.allSatisfy { $0 == 0 } }

    /// The same amount with the opposite sign.
    var negated: DecimalAmount { DecimalAmount(isNegative: !isNegative && !isZero, digits: digits, scale: scale) }

    /// The amount as plain decimal text (`-3.77000`).
    var description: String {
        var text = digits.map(String.init).joined()
        if scale > 0 {
            while text.count <= scale { text = "0" + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
        }
        return (isNegative ? "-" : "") + text
    }

    /// The amount's size in `currency`, exactly: extra decimals that are zeros are fine (`-30.000`
    /// USD is 30.00), others are rounded as `rounding` says or refused.
    ///
    /// - Returns: the magnitude and whether it was rounded.
    func magnitude(in currency: Currency, rounding: AmountRounding?) throws(AmountProblem) -> (money: Money, rounded: Bool) {
        let places = currency.minorUnitDigits
        var whole = digits
        var rounded = false
        if scale > places {
            let extra = Array(whole.suffix(scale - places))
            whole.removeLast(scale - places)
            if extra.contains(where: { $0 != 0 }) {
                guard let rounding else {
                    let allowed = places == 0 ? "\(currency.code) amounts are whole numbers" : "\(currency.code) amounts have \(places) decimal place\(places == 1 ? "" : "s")"
                    throw AmountProblem("\(self) has \(scale) decimal place\(scale == 1 ? "" : "s") but \(allowed); round it with --round half-up, half-even or down, or fix the file")
                }
                rounded = true
                let first = extra[0]
                let rest = extra.dropFirst().contains { $0 != 0 }
                let up: Bool
                switch rounding {
                case .down: up = false
                case .halfUp: up = first >= 5
                case .halfEven:
                    if first > 5 || (first == 5 && rest) { up = true }
                    else if first < 5 { up = false }
                    else { up = (whole.last ?? 0) % 2 == 1 }
                }
                if up {
                    var index = whole.count - 1
                    var carry = true
                    while carry, index >= 0 {
                        if whole[index] == 9 { whole[index] = 0; index -= 1 } else { whole[index] += 1; carry = false }
                    }
                    if carry { whole.insert(1, at: 0) }
                }
            }
        } else {
            whole += [UInt8](repeating: 0, count: places - scale)
        }
        var units: Int64 = 0
        for digit in whole {
            let (times, overflowA) = units.multipliedReportingOverflow(by: 10)
            let (plus, overflowB) = times.addingReportingOverflow(Int64(digit))
            guard !overflowA, !overflowB else { throw AmountProblem("\(self) is too large for a \(currency.code) amount") }
            units = plus
        }
        return (Money(minorUnits: units, currency: currency), rounded)
    }
}
