import Foundation
public import KeepsakeStore
import KeepsakeSupport

extension Ledger {
    /// The collection budgets are stored in: `ledger-budget`. Its records live in the ledger's own
    /// books (``Ledger/collection``), next to the transactions they budget, and follow those books'
    /// members and roles (``KeepsakeStore/CollectionName/bookCollection``).
    public static let budgetCollection: CollectionName = "ledger-budget"

    /// The record field names a budget is stored under.
    enum BudgetField {
        static let category = "category"
        static let amount = "amount"
        static let currency = "currency"
        static let month = "month"
        static let carryOver = "carryOver"
    }

    /// Sets the budget of a category and currency from a month on, in one atomic engine operation:
    /// made when the book has none for that category, currency and month, changed (amount and
    /// carry-over) when it has. It applies to every later month until a budget of a later month for
    /// the same category and currency in the same book replaces it; an amount of zero ends it.
    ///
    /// Every field is checked before anything is written (a bad amount does not even make the
    /// caller's ledger book).
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a negative amount or a bad category, or a
    ///   book that is not a ledger book; `.notFound` for a book the caller does not read;
    ///   `.forbidden` for one it may only read.
    @discardableResult
    public func setBudget(_ draft: LedgerBudgetDraft) throws -> LedgerBudget {
        let category = try Self.checkedCategory(draft.category)
        try Self.checkBudgetAmount(draft.amount)
        let book = try companionBook(draft.book, for: "a budget")
        let id = Self.budgetID(book: book, category: category, currency: draft.amount.currency, month: draft.month)
        let fields: [String: FieldValue] = [
            BudgetField.category: .string(category),
            BudgetField.amount: .integer(draft.amount.minorUnits),
            BudgetField.currency: .string(draft.amount.currency.code),
            BudgetField.month: .string(draft.month.string),
            BudgetField.carryOver: .bool(draft.carryOver),
        ]
        var attempt = 0
        while true {
            attempt += 1
            do {
                if var current = try store.recordIfPresent(id) ?? existingBudgetRecord(book: book, fields: fields) {
                    if current.isTrashed { current = try store.restore(current.id, expectedVersion: current.version) }
                    return try Self.budget(from: try store.update(current.id, set: fields, expectedVersion: current.version))
                }
                return try Self.budget(from: try store.create(RecordDraft(collection: Self.budgetCollection, date: draft.month.firstDay.startDate,
                                                                          fields: fields, id: id, book: book)))
            } catch let error as KeepsakeError where error.code == .conflict && attempt < 3 {
                // Someone set the same budget at the same moment: read it again and change that.
                continue
            }
        }
    }

    /// The budget of the same book, category, currency and month as `fields` under another id (one
    /// that came with an archive from another store, where its book had another id), if any.
    func existingBudgetRecord(book: BookID, fields: [String: FieldValue]) throws -> Record? {
        var query = RecordQuery(collection: Self.budgetCollection)
        query.books = [book]
        query.limit = 1
        query.trash = .all
        for name in [BudgetField.category, BudgetField.currency, BudgetField.month] { query.fieldEquals[name] = fields[name] }
        return try store.list(query).records.first
    }

    /// The budget with `id`.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` if there is none the caller reads.
    public func budget(_ id: RecordID) throws -> LedgerBudget {
        try Self.budget(from: try budgetRecord(id))
    }

    /// Budgets, oldest month first (then by currency and category). With `month`: only those in
    /// effect that month, one per book, category and currency (the latest set for that month or
    /// before; ended ones, of amount zero, left out), by currency and category.
    public func budgets(in month: LedgerMonth? = nil) throws -> [LedgerBudget] {
        let all = try allBudgets(through: month)
        guard let month else {
            return all.sorted { ($0.month, $0.currency, $0.category) < ($1.month, $1.currency, $1.category) }
        }
        return Self.budgetsByKey(all).values.compactMap { Self.effective($0, at: month) }
            .sorted { ($0.currency, $0.category, $0.book?.string ?? "") < ($1.currency, $1.category, $1.book?.string ?? "") }
    }

    /// Removes a budget for good (the budget of an earlier month, if any, applies again from its
    /// month on), only if it is still at `expectedVersion` when one is given.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.forbidden` for a book the caller may only read,
    ///   `.conflict` when it changed meanwhile.
    public func removeBudget(_ id: RecordID, expectedVersion: Int64? = nil) throws {
        let record = try budgetRecord(id)
        try KeepsakeError.checkVersion(id, current: record.version, expected: expectedVersion)
        try store.purge(id)
    }

    // MARK: - Helpers

    /// Throws unless `amount` is zero or more.
    static func checkBudgetAmount(_ amount: Money) throws {
        guard amount.minorUnits >= 0 else {
            throw KeepsakeError(.invalidArgument, "The budget \(amount) is not accepted: a budget is zero or more; zero ends an earlier budget of the category.")
        }
    }

    /// The id of the budget of `category` and `currency` from `month` in `book`: a name-based UUID
    /// (SHA-256, version 8 layout), so setting the same budget twice finds the same record.
    static func budgetID(book: BookID, category: String, currency: Currency, month: LedgerMonth) -> RecordID {
        nameBasedID([Self.budgetCollection.name, book.string, category, currency.code, month.string])
    }

    /// The record `id`, which must be a budget.
    func budgetRecord(_ id: RecordID) throws -> Record {
        guard let record = try store.recordIfPresent(id), record.collection == Self.budgetCollection, !record.isTrashed else {
            throw KeepsakeError(.notFound, "No budget with id \(id) exists in this store; list the budgets to see valid ids.")
        }
        return record
    }

    /// Every live budget of the ledger books read (narrowed to ``books``), of months up to and
    /// including `month` when given, oldest first.
    func allBudgets(through month: LedgerMonth? = nil) throws -> [LedgerBudget] {
        var query = oldestFirst(Self.budgetCollection)
        query.dateUntil = month?.dateRange.until
        return try store.allRecords(matching: query).map(Self.budget(from:))
    }

    /// What identifies a budget's line: its book, category and currency.
    struct BudgetKey: Hashable {
        let book: BookID?
        let category: String
        let currency: Currency
    }

    /// Budgets grouped by book, category and currency, each group oldest month first (two of one
    /// month, which only an archive from another store can bring: the one changed last counts).
    static func budgetsByKey(_ budgets: [LedgerBudget]) -> [BudgetKey: [LedgerBudget]] {
        Dictionary(grouping: budgets) { BudgetKey(book: $0.book, category: $0.category, currency: $0.currency) }
            .mapValues { $0.sorted { ($0.month, $0.updatedAt) < ($1.month, $1.updatedAt) } }
    }

    /// The budget of a group (oldest first) in effect in `month`: the latest from `month` or
    /// before, unless its amount is zero (ended).
    static func effective(_ group: [LedgerBudget], at month: LedgerMonth) -> LedgerBudget? {
        guard let latest = group.last(where: { $0.month <= month }), latest.amount.minorUnits > 0 else { return nil }
        return latest
    }

    /// Reads a budget back from its record, checking every field.
    ///
    /// - Throws: ``KeepsakeError`` `.incompatibleStore` when the record is not a valid budget.
    public static func budget(from record: Record) throws -> LedgerBudget {
        func invalid(_ field: String, _ reason: String) -> KeepsakeError {
            KeepsakeError(.incompatibleStore, "Record \(record.id) in \(budgetCollection) is not a valid budget: its \(field) field \(reason). It may have been written by a newer version of Keepsake or changed outside the ledger.")
        }
        func text(_ field: String) throws -> String {
            guard let value = record.fields[field]?.stringValue else { throw invalid(field, "is missing or not text") }
            return value
        }
        guard record.collection == budgetCollection else {
            throw KeepsakeError(.notFound, "Record \(record.id) is not a budget.")
        }
        do {
            guard let minorUnits = record.fields[BudgetField.amount]?.integerValue else { throw invalid(BudgetField.amount, "is missing or not a whole number") }
            guard case .bool(let carryOver)? = record.fields[BudgetField.carryOver] else { throw invalid(BudgetField.carryOver, "is missing or not true or false") }
            let amount = Money(minorUnits: minorUnits, currency: try Currency(code: try text(BudgetField.currency)))
            try checkBudgetAmount(amount)
            return LedgerBudget(id: record.id, category: try checkedCategory(try text(BudgetField.category)), amount: amount,
                                month: try LedgerMonth(parsing: try text(BudgetField.month)), carryOver: carryOver,
                                book: record.book, author: record.author, createdAt: record.createdAt, updatedAt: record.updatedAt,
                                version: record.version)
        } catch let error as KeepsakeError where error.code == .invalidArgument {
            throw KeepsakeError(.incompatibleStore, "Record \(record.id) in \(budgetCollection) is not a valid budget: \(error.message)")
        }
    }
}
