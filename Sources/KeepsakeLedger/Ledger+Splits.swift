import Foundation
import KeepsakeStore

extension Ledger {
    /// The most parts a split transaction has.
    public static let maxSplitParts = 50

    /// Checks the parts of a split transaction of `amount`: none (not split), or 2 to
    /// ``maxSplitParts`` parts, each greater than zero, in `amount`'s currency, with a valid
    /// category and a one-line memo, together summing to `amount` to the minor unit.
    ///
    /// - Returns: the parts as they will be stored (categories and memos trimmed, in NFC).
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming what is wrong.
    public static func checkedSplits(_ splits: [LedgerSplit], for amount: Money) throws -> [LedgerSplit] {
        guard !splits.isEmpty else { return [] }
        guard splits.count >= 2 else {
            throw KeepsakeError(.invalidArgument, "A split transaction has at least two parts; for one category, leave the transaction unsplit. Nothing was stored.")
        }
        guard splits.count <= maxSplitParts else {
            throw KeepsakeError(.invalidArgument, "The transaction is split into \(splits.count) parts; the limit is \(maxSplitParts). Nothing was stored.")
        }
        var sum = Money.zero(amount.currency)
        var checked: [LedgerSplit] = []
        for part in splits {
            guard part.amount.currency == amount.currency else {
                throw KeepsakeError(.invalidArgument, "The part \(part.amount) of \(KeepsakeError.quoted(part.category)) is not in \(amount.currency.code), the transaction's currency. Nothing was stored.")
            }
            guard part.amount.minorUnits > 0 else {
                throw KeepsakeError(.invalidArgument, "The part \(part.amount) of \(KeepsakeError.quoted(part.category)) must be greater than zero. Nothing was stored.")
            }
            let memo = try checkedMemo(part.memo)
            guard !memo.contains(where: \.isNewline) else {
                throw KeepsakeError(.invalidArgument, "The memo of a part is one line of text. Nothing was stored.")
            }
            sum = try sum.adding(part.amount)
            checked.append(LedgerSplit(category: try checkedCategory(part.category), amount: part.amount, memo: memo))
        }
        guard sum == amount else {
            throw KeepsakeError(.invalidArgument, "The parts sum to \(sum) but the transaction is \(amount); make them add up exactly. Nothing was stored.")
        }
        return checked
    }

    /// The category a split transaction is filed under: its largest part's (the first of equal ones).
    static func mainCategory(of splits: [LedgerSplit]) -> String? {
        splits.reduce(nil as LedgerSplit?) { best, part in
            guard let best, best.amount.minorUnits >= part.amount.minorUnits else { return part }
            return best
        }?.category
    }

    /// The stored form of checked parts: one text per part, `minorUnits<TAB>category<TAB>memo`.
    static func splitsField(_ splits: [LedgerSplit]) -> FieldValue {
        .strings(splits.map { "\($0.amount.minorUnits)\t\($0.category)\t\($0.memo)" })
    }

    /// Reads stored parts back, checking them against the transaction's `amount`.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when they are malformed or do not sum.
    static func splits(from value: FieldValue, amount: Money) throws -> [LedgerSplit] {
        guard case .strings(let texts) = value, !texts.isEmpty else {
            throw KeepsakeError(.invalidArgument, "its splits field is not a list of parts")
        }
        let parts = try texts.map { text in
            let pieces = text.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard pieces.count == 3, let minorUnits = Int64(pieces[0]) else {
                throw KeepsakeError(.invalidArgument, "its splits field holds an unreadable part \(KeepsakeError.quoted(text))")
            }
            return LedgerSplit(category: String(pieces[1]), amount: Money(minorUnits: minorUnits, currency: amount.currency), memo: String(pieces[2]))
        }
        let checked = try checkedSplits(parts, for: amount)
        guard checked == parts else {
            throw KeepsakeError(.invalidArgument, "its splits field holds a part that is not in its checked form")
        }
        return checked
    }
}
