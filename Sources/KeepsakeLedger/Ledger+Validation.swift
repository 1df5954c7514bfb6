import Foundation
public import KeepsakeStore

extension Ledger {
    /// The record field names a transaction is stored under.
    enum Field {
        static let day = "day"
        static let kind = "kind"
        static let amount = "amount"
        static let currency = "currency"
        static let category = "category"
        static let memo = "memo"
        static let account = "account"
        static let splits = "splits"
    }

    /// Checks a category: surrounding white space is trimmed and the text is put in Unicode
    /// canonical composed form (NFC, so `식비` typed on any system matches); the result must be
    /// 1 to ``maxCategoryLength`` characters on one line, without control characters.
    ///
    /// - Returns: the category as it will be stored.
    /// - Throws: ``KeepsakeError`` `.invalidArgument`.
    public static func checkedCategory(_ text: String) throws -> String {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !value.isEmpty else {
            throw KeepsakeError(.invalidArgument, "The category is empty: give a category such as Groceries or 식비.")
        }
        guard value.count <= maxCategoryLength else {
            throw KeepsakeError(.invalidArgument, "The category \(KeepsakeError.quoted(value)) has \(value.count) characters; the limit is \(maxCategoryLength).")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw KeepsakeError(.invalidArgument, "The category \(KeepsakeError.quoted(value)) contains a line break or control character; a category is one line of text.")
        }
        return value
    }

    /// Checks a memo: surrounding white space is trimmed and the text is put in NFC; the result
    /// may be empty, holds at most ``maxMemoLength`` characters, and may contain line breaks and
    /// tabs but no other control characters.
    ///
    /// - Returns: the memo as it will be stored.
    /// - Throws: ``KeepsakeError`` `.invalidArgument`.
    public static func checkedMemo(_ text: String) throws -> String {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard value.count <= maxMemoLength else {
            throw KeepsakeError(.invalidArgument, "The memo has \(value.count) characters; the limit is \(maxMemoLength).")
        }
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }) else {
            throw KeepsakeError(.invalidArgument, "The memo contains a control character; only line breaks and tabs are allowed.")
        }
        return value
    }

    /// Checks a transaction amount: it must be greater than zero.
    static func checkAmount(_ amount: Money) throws {
        guard amount.minorUnits > 0 else {
            let reason = amount.minorUnits == 0
                ? "a transaction of nothing is not recorded"
                : "amounts are never negative; record a positive amount and choose the kind (expense or income)"
            throw KeepsakeError(.invalidArgument, "The amount \(amount) is not accepted: \(reason).")
        }
    }

    /// The record fields of a transaction, after checking every value. With `splits` (checked by
    /// ``checkedSplits(_:for:)``), the transaction's category is its largest part's and `category`
    /// is not used.
    static func fields(date: LedgerDay, kind: TransactionKind, amount: Money, category: String, memo: String,
                       splits: [LedgerSplit] = []) throws -> [String: FieldValue] {
        try checkAmount(amount)
        let parts = try checkedSplits(splits, for: amount)
        var fields: [String: FieldValue] = [
            Field.day: .string(date.string),
            Field.kind: .string(kind.rawValue),
            Field.amount: .integer(amount.minorUnits),
            Field.currency: .string(amount.currency.code),
            Field.category: .string(try checkedCategory(mainCategory(of: parts) ?? category)),
            Field.memo: .string(try checkedMemo(memo)),
        ]
        if !parts.isEmpty { fields[Field.splits] = splitsField(parts) }
        return fields
    }

    /// Reads a transaction back from its record, checking every field.
    ///
    /// - Throws: ``KeepsakeError`` `.incompatibleStore` when the record is not a valid transaction
    ///   (written by a newer version of Keepsake, or changed outside the ledger).
    public static func transaction(from record: Record) throws -> LedgerTransaction {
        func invalid(_ field: String, _ reason: String) -> KeepsakeError {
            KeepsakeError(.incompatibleStore, "Record \(record.id) in the ledger is not a valid transaction: its \(field) field \(reason). It may have been written by a newer version of Keepsake or changed outside the ledger.")
        }
        func text(_ field: String) throws -> String {
            guard let value = record.fields[field]?.stringValue else { throw invalid(field, "is missing or not text") }
            return value
        }
        do {
            let date = try LedgerDay(parsing: try text(Field.day))
            guard let kind = TransactionKind(rawValue: try text(Field.kind)) else { throw invalid(Field.kind, "is neither expense nor income") }
            guard let minorUnits = record.fields[Field.amount]?.integerValue else { throw invalid(Field.amount, "is missing or not a whole number") }
            let amount = Money(minorUnits: minorUnits, currency: try Currency(code: try text(Field.currency)))
            try checkAmount(amount)
            var transaction = LedgerTransaction(
                id: record.id, date: date, recordDate: record.date, kind: kind, amount: amount,
                category: try checkedCategory(try text(Field.category)), memo: try checkedMemo(try text(Field.memo)),
                receipt: record.images.first, stamp: record.stamp)
            if let value = record.fields[Field.account] {
                guard let text = value.stringValue, let account = try? RecordID(parsing: text) else { throw invalid(Field.account, "is not a record id") }
                transaction.account = account
            }
            if let value = record.fields[Field.splits] {
                do {
                    transaction.splits = try splits(from: value, amount: amount)
                } catch let error as KeepsakeError {
                    throw invalid(Field.splits, "cannot be read: \(error.message)")
                }
                guard transaction.category == mainCategory(of: transaction.splits) else {
                    throw invalid(Field.category, "is not the category of its largest part")
                }
            }
            return transaction
        } catch let error as KeepsakeError where error.code == .invalidArgument {
            throw KeepsakeError(.incompatibleStore, "Record \(record.id) in the ledger is not a valid transaction: \(error.message)")
        }
    }
}
