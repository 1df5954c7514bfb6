import Foundation
import KeepsakeStore

extension Ledger {
    /// One part in the CSV's `splits` column.
    private struct CSVPart: Codable {
        var amount: String
        var category: String
        var memo: String?
    }

    /// The `splits` cell of a transaction: empty when it is not split, else its parts as a JSON
    /// array, `[{"amount":"8000","category":"식비","memo":""},…]` (keys sorted, amounts as decimal
    /// text with the currency's decimals, so the cell is the same bytes on every export).
    static func csvSplits(_ splits: [LedgerSplit]) throws -> String {
        guard !splits.isEmpty else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let parts = splits.map { CSVPart(amount: $0.amount.amountString, category: $0.category, memo: $0.memo) }
        do {
            return String(decoding: try encoder.encode(parts), as: UTF8.self)
        } catch {
            throw KeepsakeError.wrapping(error)
        }
    }

    /// The parts of a `splits` cell, checked against the transaction's `amount` (the same rules as
    /// ``checkedSplits(_:for:)``); `[]` for an empty cell.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming what is wrong.
    static func csvSplits(_ text: String, for amount: Money) throws -> [LedgerSplit] {
        guard !text.isEmpty else { return [] }
        let parts: [CSVPart]
        do {
            parts = try JSONDecoder().decode([CSVPart].self, from: Data(text.utf8))
        } catch {
            throw KeepsakeError(.invalidArgument, "not a JSON array of parts such as [{\"amount\":\"8000\",\"category\":\"식비\"},{\"amount\":\"4000\",\"category\":\"생활\"}]; leave it empty for a transaction that is not split")
        }
        let splits = try parts.map { part in
            LedgerSplit(category: part.category, amount: try Money(parsing: part.amount, currency: amount.currency), memo: part.memo ?? "")
        }
        return try checkedSplits(splits, for: amount)
    }
}
