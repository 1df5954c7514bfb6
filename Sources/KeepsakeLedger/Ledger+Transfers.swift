import Foundation
public import KeepsakeStore

extension Ledger {
    // MARK: - Transfers

    /// Moves money between two money accounts of the same ledger book: ONE record, written in one
    /// atomic engine operation, so both sides exist or neither. Every rule is checked before
    /// anything is written (a default account not stored yet is stored first: that is the only
    /// write before the transfer's, and it is idempotent).
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a transfer to the same account, a zero or
    ///   negative amount, an amount in the wrong currency, a missing second amount when the
    ///   currencies differ, a second amount that differs in one currency, accounts in two books, or
    ///   a bad memo; `.notFound` for an account the caller does not read; `.forbidden` for a book
    ///   it may only read.
    @discardableResult
    public func createTransfer(_ draft: LedgerTransferDraft) throws -> LedgerTransfer {
        guard draft.from != draft.to else {
            throw KeepsakeError(.invalidArgument, "A transfer goes from one account to another; both sides name the same account. Nothing was stored.")
        }
        let from = try transferAccount(draft.from, side: "from")
        let to = try transferAccount(draft.to, side: "to")
        guard draft.amount.minorUnits > 0 else {
            throw KeepsakeError(.invalidArgument, "The amount \(draft.amount) of a transfer must be greater than zero. Nothing was stored.")
        }
        guard draft.amount.currency == from.currency else {
            throw KeepsakeError(.invalidArgument, "The amount \(draft.amount) is not in the currency of \(KeepsakeError.quoted(from.name)) (\(from.currency.code)). Nothing was stored.")
        }
        let toAmount: Money
        if from.currency == to.currency {
            if let given = draft.toAmount, given != draft.amount {
                throw KeepsakeError(.invalidArgument, "Both accounts hold \(from.currency.code), so what arrives is what leaves; leave out the second amount (\(given)). Nothing was stored.")
            }
            toAmount = draft.amount
        } else {
            guard let given = draft.toAmount else {
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(from.name)) holds \(from.currency.code) and \(KeepsakeError.quoted(to.name)) holds \(to.currency.code): give the amount that arrives too (in \(to.currency.code)). Nothing was stored.")
            }
            guard given.currency == to.currency, given.minorUnits > 0 else {
                throw KeepsakeError(.invalidArgument, "The amount that arrives (\(given)) must be greater than zero and in \(to.currency.code), the currency of \(KeepsakeError.quoted(to.name)). Nothing was stored.")
            }
            toAmount = given
        }
        let memo = try Self.checkedMemo(draft.memo)
        // Every account, a default one not stored yet too, is in a ledger book.
        guard from.book == to.book else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(from.name)) and \(KeepsakeError.quoted(to.name)) are in different ledger books; a transfer moves money between accounts of one book. Nothing was stored.")
        }
        if let book = from.book, try store.role(in: book)?.canWrite != true {
            throw KeepsakeError(.forbidden, "You may read this ledger book but not change it; ask an owner for the editor role. Nothing was stored.")
        }
        let book = try storedAccount(from).book
        _ = try storedAccount(to)
        let fields = Self.transferFields(date: draft.date, from: from.id, to: to.id, amount: draft.amount, toAmount: toAmount, memo: memo)
        return try Self.transfer(from: try store.create(RecordDraft(collection: Self.accountCollection, date: draft.date.startDate,
                                                                    fields: fields, id: draft.id, book: book)))
    }

    /// The transfer `id`.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` if there is none the caller reads.
    public func transfer(_ id: RecordID) throws -> LedgerTransfer {
        guard let record = try store.recordIfPresent(id), record.collection == Self.accountCollection, !record.isTrashed,
              record.fields[AccountField.entry]?.stringValue == Entry.transfer else {
            throw KeepsakeError(.notFound, "No transfer with id \(id) exists in this store; list the transfers to see valid ids.")
        }
        return try Self.transfer(from: record)
    }

    /// The transfers of `month` (every month when `nil`), of `account` (either side) when given,
    /// newest day first.
    public func transfers(in month: LedgerMonth? = nil, account: RecordID? = nil) throws -> [LedgerTransfer] {
        let range = month?.dateRange
        let all = try allTransfers(from: range?.from, until: range?.until)
        return all.filter { account == nil || $0.from == account || $0.to == account }
            .sorted { ($0.date, $0.id.string) > ($1.date, $1.id.string) }
    }

    /// Removes a transfer for good: both sides at once.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.forbidden` for a book the caller may only read,
    ///   `.conflict` when it changed meanwhile.
    public func removeTransfer(_ id: RecordID, expectedVersion: Int64? = nil) throws {
        let current = try transfer(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        try store.purge(id)
    }

    /// The account on one side of a new transfer; not found without repeating the id the caller
    /// gave (a stranger learns nothing of it).
    public func transferAccount(_ id: RecordID, side: String) throws -> LedgerAccount {
        do {
            return try account(id)
        } catch let error as KeepsakeError where error.code == .notFound {
            throw KeepsakeError(.notFound, "The \(side) account is none you may read; list the accounts to see valid ids. Nothing was stored.")
        }
    }

    /// The transfers naming `account` on either side.
    func transfers(using account: RecordID) throws -> [LedgerTransfer] {
        try transfers().filter { $0.from == account || $0.to == account }
    }

    /// Every live transfer the caller reads whose day is in `from..<until`, oldest first.
    func allTransfers(from: Date? = nil, until: Date? = nil) throws -> [LedgerTransfer] {
        try allAccountRecords(entry: Entry.transfer, from: from, until: until).map(Self.transfer(from:))
    }

    /// Whether `record` is a transfer (a record of ``accountCollection`` that is not a money account).
    public static func isTransfer(_ record: Record) -> Bool {
        record.collection == accountCollection && record.fields[AccountField.entry]?.stringValue == Entry.transfer
    }

    /// Reads a transfer back from its record, checking every field.
    ///
    /// - Throws: ``KeepsakeError`` `.incompatibleStore` when the record is not a valid transfer.
    public static func transfer(from record: Record) throws -> LedgerTransfer {
        func invalid(_ field: String, _ reason: String) -> KeepsakeError {
            KeepsakeError(.incompatibleStore, "Record \(record.id) in \(accountCollection) is not a valid transfer: its \(field) field \(reason). It may have been written by a newer version of Keepsake or changed outside the ledger.")
        }
        func text(_ field: String) throws -> String {
            guard let value = record.fields[field]?.stringValue else { throw invalid(field, "is missing or not text") }
            return value
        }
        func money(_ field: String, _ currencyField: String) throws -> Money {
            guard let units = record.fields[field]?.integerValue, units > 0 else { throw invalid(field, "is missing or not a whole number above zero") }
            return Money(minorUnits: units, currency: try Currency(code: try text(currencyField)))
        }
        func id(_ field: String) throws -> RecordID {
            do { return try RecordID(parsing: try text(field)) } catch { throw invalid(field, "is not a record id") }
        }
        guard record.collection == accountCollection, record.fields[AccountField.entry]?.stringValue == Entry.transfer else {
            throw KeepsakeError(.notFound, "Record \(record.id) is not a transfer.")
        }
        do {
            return LedgerTransfer(id: record.id, date: try LedgerDay(parsing: try text(AccountField.day)), from: try id(AccountField.from),
                                  to: try id(AccountField.to), amount: try money(AccountField.amount, AccountField.currency),
                                  toAmount: try money(AccountField.toAmount, AccountField.toCurrency), memo: try checkedMemo(try text(AccountField.memo)),
                                  book: record.book, author: record.author, createdAt: record.createdAt, version: record.version)
        } catch let error as KeepsakeError where error.code == .invalidArgument {
            throw KeepsakeError(.incompatibleStore, "Record \(record.id) in \(accountCollection) is not a valid transfer: \(error.message)")
        }
    }
}

extension Ledger {
    /// The record fields of a transfer whose values are checked (a memo from ``checkedMemo(_:)``).
    static func transferFields(date: LedgerDay, from: RecordID, to: RecordID, amount: Money, toAmount: Money, memo: String) -> [String: FieldValue] {
        [AccountField.entry: .string(Entry.transfer),
         AccountField.day: .string(date.string),
         AccountField.from: .string(from.string),
         AccountField.to: .string(to.string),
         AccountField.amount: .integer(amount.minorUnits),
         AccountField.currency: .string(amount.currency.code),
         AccountField.toAmount: .integer(toAmount.minorUnits),
         AccountField.toCurrency: .string(toAmount.currency.code),
         AccountField.memo: .string(memo)]
    }
}
