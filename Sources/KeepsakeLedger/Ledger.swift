public import Foundation
public import KeepsakeStore

/// The household account book (seed 001): expense and income transactions with at most one
/// receipt photo each, monthly and per-category reports per currency, and CSV export and import.
///
/// A `Ledger` is a thin, validating layer over a ``KeepsakeStore/Store``: every transaction is a
/// record of the `ledger` collection, every change is one atomic engine operation, and receipts
/// are the record's single image (so the engine's promises about files hold for them: a replaced
/// receipt's old file disappears only after the commit that stops referring to it).
///
/// ```swift
/// let ledger = Ledger(store: store)
/// let coffee = try ledger.create(LedgerTransactionDraft(
///     date: try LedgerDay(parsing: "2025-03-14"), kind: .expense,
///     amount: try Money(parsing: "4.50", currency: .usd), category: "Coffee"))
/// ```
public struct Ledger: Sendable {
    /// The collection transactions are stored in: `ledger`.
    public static let collection: CollectionName = "ledger"
    /// The longest category, in characters.
    public static let maxCategoryLength = 50
    /// The longest memo, in characters.
    public static let maxMemoLength = 2000

    /// The store the transactions live in.
    public let store: Store
    /// Only the records of these books are listed, counted, searched and summed up, their budgets
    /// listed and reported, their recurring rules listed and run (the switcher of the web pages,
    /// `--book` of the command line); `nil`: every book the caller reads. The engine narrows it to
    /// what the caller reads: a book it cannot read shows nothing.
    public var books: Set<BookID>?
    /// A ledger over `store` (trash retention is measured on the store's clock).
    public init(store: Store) {
        self.store = store
    }

    // MARK: - Single transactions

    /// Stores a new transaction, with its receipt if the draft has one, in one atomic operation.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a zero amount, an empty or too long
    ///   category, a too long memo or control characters; image errors for a bad receipt (then
    ///   nothing is stored).
    @discardableResult
    public func create(_ draft: LedgerTransactionDraft) throws -> LedgerTransaction {
        var record = try recordDraft(draft)
        record.images = draft.receipt.map { [$0] } ?? []
        return try Self.transaction(from: try store.create(record))
    }

    /// The transaction with `id`, live or in the trash.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` if there is none (or the id belongs to another app's record).
    public func read(_ id: RecordID) throws -> LedgerTransaction {
        try Self.transaction(from: try ledgerRecord(id))
    }

    /// Changes some fields of a live transaction; fields passed as `nil` stay as they are.
    /// The new values are checked like ``create(_:)``'s, and all of them change in one atomic update.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.invalidArgument`, or `.conflict` if the
    ///   transaction is in the trash.
    @discardableResult
    public func update(_ id: RecordID, date: LedgerDay? = nil, kind: TransactionKind? = nil, amount: Money? = nil,
                       category: String? = nil, memo: String? = nil) throws -> LedgerTransaction {
        try update(id, LedgerEdit(date: date, kind: kind, amount: amount, category: category, memo: memo), expectedVersion: nil)
    }

    /// Changes some fields of a live transaction (``LedgerEdit``: `nil` fields stay), only if it is
    /// still at `expectedVersion` when one is given. The new values are checked like ``create(_:)``'s
    /// against the transaction as read, and written only if nobody changed it since that read:
    /// a concurrent change is ``KeepsakeError/Code/conflict`` (reload and retry), never overwritten.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.invalidArgument`, or `.conflict` (in the trash,
    ///   or changed meanwhile).
    @discardableResult
    public func update(_ id: RecordID, _ edit: LedgerEdit, expectedVersion: Int64?) throws -> LedgerTransaction {
        let current = try read(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        guard !current.isTrashed else {
            throw KeepsakeError(.conflict, "Transaction \(id) is in the trash; restore it before changing it.")
        }
        if edit.splits == nil, !current.splits.isEmpty {
            if let amount = edit.amount, amount != current.amount {
                throw KeepsakeError(.invalidArgument, "Transaction \(id) is split; its parts sum to \(current.amount), not \(amount). Give new parts with the new amount, or make it unsplit first. Nothing was changed.")
            }
            if let category = edit.category, (try? Self.checkedCategory(category)) != current.category {
                throw KeepsakeError(.invalidArgument, "Transaction \(id) is split, so its category is its largest part's; change the parts instead. Nothing was changed.")
            }
        }
        let splits = edit.splits ?? current.splits
        var fields = try Self.fields(date: edit.date ?? current.date, kind: edit.kind ?? current.kind, amount: edit.amount ?? current.amount,
                                     category: edit.category ?? current.category, memo: edit.memo ?? current.memo, splits: splits)
        if let account = edit.account ?? (edit.amount != nil ? current.account : nil) {
            fields[Field.account] = .string(try checkedTransactionAccount(account, for: edit.amount ?? current.amount, in: current.book).account.string)
        }
        let remove = splits.isEmpty && !current.splits.isEmpty ? [Field.splits] : []
        return try Self.transaction(from: try store.update(id, date: edit.date?.startDate, set: fields, remove: remove, expectedVersion: current.version))
    }

    /// Removes a transaction and its receipt file for good, in the trash or not.
    public func purge(_ id: RecordID) throws {
        _ = try ledgerRecord(id)
        try store.purge(id)
    }

    /// Purges the ledger's transactions that have been in the trash longer than `age` seconds
    /// (all of them when `age` is `nil`), each with its receipt, one atomic purge per transaction.
    /// Other collections' trash is left alone. Returns the ids purged.
    @discardableResult
    public func purgeTrash(olderThan age: TimeInterval? = nil) throws -> [RecordID] {
        // The engine re-checks each record inside its purge: one restored meanwhile survives.
        try store.purgeTrash(olderThan: age, in: Self.collection)
    }

    // MARK: - Lists

    /// One page of transactions, newest day first (transactions of one day in a stable order by id).
    ///
    /// - Parameters:
    ///   - month: only this month's transactions.
    ///   - category: only transactions of this category (compared after the same trimming as on
    ///     input): those whose category it is, and split ones with a part in it (those are picked
    ///     out of each page, so a page may then hold fewer than `limit`; ``LedgerPage/nextCursor``
    ///     still continues).
    ///   - kind: only expenses or only income.
    ///   - currency: only amounts in this currency.
    ///   - trash: live transactions (default), trashed ones, or both.
    ///   - limit: page size, 1 to 1000.
    ///   - after: the previous page's ``LedgerPage/nextCursor``, to continue.
    ///   - account: only this money account's transactions (for the caller's default account of a
    ///     currency: also those of that currency stored without an account; a page may then hold
    ///     fewer than `limit`, and ``LedgerPage/nextCursor`` still continues).
    public func list(month: LedgerMonth? = nil, category: String? = nil, kind: TransactionKind? = nil, currency: Currency? = nil,
                     trash: RecordQuery.TrashFilter = .live, limit: Int = 50, after: RecordCursor? = nil,
                     account: RecordID? = nil) throws -> LedgerPage {
        guard (1...1000).contains(limit) else {
            throw KeepsakeError(.invalidArgument, "A page holds 1 to 1000 transactions; \(limit) was asked for.")
        }
        var query = RecordQuery(collection: Self.collection)
        query.limit = limit
        query.after = after
        query.trash = trash
        if let month {
            let range = month.dateRange
            query.dateFrom = range.from
            query.dateUntil = range.until
        }
        // A split transaction's category is its largest part's; its other parts' categories are
        // inside its parts, which the database does not compare: they are picked out here.
        let category = try category.map(Self.checkedCategory)
        if let kind { query.fieldEquals[Field.kind] = .string(kind.rawValue) }
        if let currency { query.fieldEquals[Field.currency] = .string(currency.code) }
        query.books = books
        var page: LedgerPage
        if let account {
            page = try list(query, account: account)
        } else {
            let records = try store.list(query)
            page = LedgerPage(transactions: try records.records.map(Self.transaction(from:)), nextCursor: records.nextCursor)
        }
        if let category {
            page.transactions = page.transactions.filter { transaction in transaction.categoryParts.contains { $0.category == category } }
        }
        return page
    }

    /// Every live transaction of `month` (of `category` and `kind` when given), all pages of
    /// ``list(month:category:kind:currency:trash:limit:after:)`` read in turn.
    public func transactions(in month: LedgerMonth, category: String? = nil, kind: TransactionKind? = nil) throws -> [LedgerTransaction] {
        var all: [LedgerTransaction] = []
        var cursor: RecordCursor?
        repeat {
            let page = try list(month: month, category: category, kind: kind, limit: 500, after: cursor)
            all += page.transactions
            cursor = page.nextCursor
        } while cursor != nil
        return all
    }

    /// Live transactions whose category or memo contain all the words of `text` (each word also
    /// as a prefix), newest first.
    public func search(_ text: String, limit: Int = 50) throws -> [LedgerTransaction] {
        try store.search(text, in: Self.collection, limit: limit, books: books).map(Self.transaction(from:))
    }

    /// Number of live transactions.
    public func count() throws -> Int { try store.count(Self.collection, books: books) }

    // MARK: - Helpers

    /// The record `id`, which must belong to the ledger.
    func ledgerRecord(_ id: RecordID) throws -> Record {
        guard let record = try store.recordIfPresent(id), record.collection == Self.collection else {
            throw KeepsakeError(.notFound, "No ledger transaction with id \(id) exists in this store; list the transactions to see valid ids.")
        }
        return record
    }

    /// Every transaction whose record date is in `from..<until`, oldest first, read in pages of 1000.
    func allTransactions(from: Date? = nil, until: Date? = nil, trash: RecordQuery.TrashFilter = .live) throws -> [LedgerTransaction] {
        var query = oldestFirst(Self.collection)
        query.trash = trash
        query.dateFrom = from
        query.dateUntil = until
        return try store.allRecords(matching: query).map(Self.transaction(from:))
    }

    /// The query every read of "all" of a ledger collection starts from: the live records of
    /// `collection` in the books read (narrowed to ``books``), oldest first, 1000 to a page.
    func oldestFirst(_ collection: CollectionName) -> RecordQuery {
        var query = RecordQuery(collection: collection)
        query.descending = false
        query.limit = 1000
        query.books = books
        return query
    }
}
