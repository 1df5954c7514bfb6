import Foundation
public import KeepsakeStore
import KeepsakeSupport

extension Ledger {
    // MARK: - Accounts and transfers an import writes itself

    /// The ledger book an import writes its accounts, transfers and transactions in: the caller's
    /// default ledger book (made if missing).
    ///
    /// - Throws: ``KeepsakeError`` `.conflict` without an admin, `.forbidden` for a token that may
    ///   not write it.
    public func importBook() throws -> BookID {
        try companionBook(nil, for: "an imported money account")
    }

    /// The id of the money account an import makes for `key` (a bank identifier such as
    /// `OFX:<BANKID>/<ACCTID>`, or `name:<lowercased name>`) in `book`: a name-based UUID, so
    /// importing the same file twice, or two members importing it, make one account.
    public static func importedAccountID(key: String, in book: BookID) -> RecordID {
        nameBasedID([accountCollection.name, "import", book.string, key])
    }

    /// The store draft of a new money account with an opening balance of zero, for an importer that
    /// writes it in the same ``KeepsakeStore/Store/createMany(_:)`` as the transactions it holds.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a bad name.
    public static func importedAccountDraft(name: String, kind: LedgerAccountKind, currency: Currency, bankAccountID: String?,
                                            id: RecordID, book: BookID) throws -> RecordDraft {
        var fields = accountFields(name: try checkedAccountName(name), kind: kind, opening: .zero(currency), isDefault: false)
        if let bankAccountID { fields[AccountField.bankAccountID] = .string(bankAccountID) }
        return RecordDraft(collection: accountCollection, date: Date(), fields: fields, id: id, book: book)
    }

    /// The store draft of the default account of `currency` in `book` (``defaultAccountID(for:in:)``).
    public static func defaultAccountDraft(for currency: Currency, in book: BookID) -> RecordDraft {
        RecordDraft(collection: accountCollection, date: Date(),
                    fields: accountFields(name: defaultAccountName(currency), kind: .cash, opening: .zero(currency), isDefault: true),
                    id: defaultAccountID(for: currency, in: book), book: book)
    }

    /// The store draft of a new transfer between two accounts of `book` (stored, or written in the
    /// same batch before it), for an importer; the caller has checked that `amount` is in the
    /// currency of `from` and `toAmount` in that of `to`.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for the same account on both sides, an amount
    ///   not above zero, a bad memo, or an extra field the ledger uses itself.
    public static func transferDraft(date: LedgerDay, from: RecordID, to: RecordID, amount: Money, toAmount: Money, memo: String,
                                     id: RecordID, book: BookID, extraFields: [String: FieldValue] = [:]) throws -> RecordDraft {
        guard from != to else {
            throw KeepsakeError(.invalidArgument, "A transfer goes from one account to another; both sides name the same account.")
        }
        guard amount.minorUnits > 0, toAmount.minorUnits > 0 else {
            throw KeepsakeError(.invalidArgument, "The amount \(amount) of a transfer must be greater than zero.")
        }
        var fields = transferFields(date: date, from: from, to: to, amount: amount, toAmount: toAmount, memo: try checkedMemo(memo))
        for (name, value) in extraFields {
            guard fields[name] == nil else {
                throw KeepsakeError(.invalidArgument, "The field \(name) belongs to the ledger itself; give an extra field another name.")
            }
            fields[name] = value
        }
        return RecordDraft(collection: accountCollection, date: date.startDate, fields: fields, id: id, book: book)
    }

    /// `draft` (a transaction's, from ``recordDraft(_:extraFields:)``) put in the money account
    /// `account` of `book`, which may be written in the same batch before it; the caller has checked
    /// that the account holds the transaction's currency.
    public static func placing(_ draft: RecordDraft, in account: RecordID, book: BookID) -> RecordDraft {
        var draft = draft
        draft.fields[Field.account] = .string(account.string)
        draft.book = book
        return draft
    }
}
