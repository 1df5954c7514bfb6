public import KeepsakeStore

extension Ledger {
    /// The store draft of a new transaction, checked by the same rules as ``create(_:)``, for callers
    /// that write it themselves: an importer that stores many at once with
    /// ``KeepsakeStore/Store/createMany(_:)`` and keeps fields of its own beside the ledger's (such as
    /// the bank's transaction id).
    ///
    /// The draft's receipt is not part of the result (``KeepsakeStore/Store/createMany(_:)`` takes no
    /// images); its ``LedgerTransactionDraft/id`` becomes the record id.
    ///
    /// - Parameter extraFields: more fields to store; a name the ledger itself uses (`amount`,
    ///   `memo`, …) is refused with ``KeepsakeError/Code/invalidArgument``.
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a zero amount, a bad category or memo.
    public func recordDraft(_ draft: LedgerTransactionDraft, extraFields: [String: FieldValue] = [:]) throws -> RecordDraft {
        var fields = try Self.fields(date: draft.date, kind: draft.kind, amount: draft.amount,
                                     category: draft.category, memo: draft.memo, splits: draft.splits)
        // A transaction and its account are in one ledger book: without a book, the account's.
        var book = draft.book
        if let account = draft.account {
            let checked = try checkedTransactionAccount(account, for: draft.amount, in: draft.book)
            fields[Field.account] = .string(checked.account.string)
            book = book ?? checked.book
        }
        for (name, value) in extraFields {
            guard fields[name] == nil else {
                throw KeepsakeError(.invalidArgument, "The field \(name) belongs to the ledger itself; give an extra field another name.")
            }
            fields[name] = value
        }
        return RecordDraft(collection: Self.collection, date: draft.date.startDate, fields: fields, id: draft.id, book: book)
    }
}
