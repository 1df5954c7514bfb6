import Foundation
import KeepsakeStore

/// One part of a split transaction (``LedgerTransaction/splits``): a category and the share of the
/// transaction's amount that goes to it, in the transaction's currency, with an optional memo.
///
/// The parts of a split transaction sum to its amount to the minor unit; reports count each part
/// in its own category.
public struct LedgerSplit: Sendable, Hashable, Codable {
    /// The part's category, checked like a transaction's (``Ledger/checkedCategory(_:)``).
    public var category: String
    /// The part's amount: greater than zero, in the transaction's currency.
    public var amount: Money
    /// A note for this part (may be empty; one line).
    public var memo: String

    /// Creates a part.
    public init(category: String, amount: Money, memo: String = "") {
        self.category = category
        self.amount = amount
        self.memo = memo
    }

    /// A part as a person types it: `category=amount` (the last `=` separates them) or
    /// `category amount` (the last space does), the amount a decimal in `currency` read exactly.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for text without a category or an amount.
    public init(typed text: String, currency: Currency) throws {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let separator = line.lastIndex(of: "=") ?? line.lastIndex(where: { $0 == " " || $0 == "\t" })
        guard let separator else {
            throw KeepsakeError(.invalidArgument, "The part \(KeepsakeError.quoted(line)) is not category=amount (for example 식비=8000).")
        }
        let category = String(line[..<separator]).trimmingCharacters(in: .whitespaces)
        let amount = String(line[line.index(after: separator)...]).trimmingCharacters(in: .whitespaces)
        guard !category.isEmpty, !amount.isEmpty else {
            throw KeepsakeError(.invalidArgument, "The part \(KeepsakeError.quoted(line)) is not category=amount (for example 식비=8000).")
        }
        self.init(category: category, amount: try Money(parsing: amount, currency: currency))
    }
}
