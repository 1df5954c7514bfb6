import Foundation
public import KeepsakeStore
import KeepsakeSupport

extension Ledger {
    /// The collection money accounts and transfers are stored in: `ledger-account`. Its records live
    /// in the ledger's own books (``Ledger/collection``), next to the transactions they hold, and
    /// follow those books' members and roles (``KeepsakeStore/CollectionName/bookCollection``).
    public static let accountCollection: CollectionName = "ledger-account"
    /// The longest money account name, in characters.
    public static let maxAccountNameLength = 50

    /// The record field names of money accounts and transfers (in ``accountCollection``).
    enum AccountField {
        /// `account` or `transfer`: what the record is.
        static let entry = "entry"
        static let name = "name"
        static let kind = "kind"
        static let opening = "opening"
        static let currency = "currency"
        static let isDefault = "default"
        static let day = "day"
        static let from = "from"
        static let to = "to"
        static let amount = "amount"
        static let toAmount = "toAmount"
        static let toCurrency = "toCurrency"
        static let memo = "memo"
        static let bankAccountID = "bankAccount"
    }

    /// The values of ``AccountField/entry``.
    enum Entry {
        static let account = "account"
        static let transfer = "transfer"
    }

    // MARK: - Money accounts

    /// Makes a money account in one atomic engine operation, after checking every field.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for an empty, too long or multi-line name, or a
    ///   book that is not a ledger book; `.conflict` when the book has a live account of that name;
    ///   `.notFound` for a book the caller does not read; `.forbidden` for one it may only read.
    @discardableResult
    public func createAccount(_ draft: LedgerAccountDraft) throws -> LedgerAccount {
        let name = try Self.checkedAccountName(draft.name)
        // Without a book it goes to the caller's default ledger book, made in the same operation if missing.
        let book = try companionBook(draft.book, for: "a money account")
        try requireUniqueName(name, in: book, except: nil)
        let record = try store.create(RecordDraft(collection: Self.accountCollection, date: Date(),
                                                  fields: Self.accountFields(name: name, kind: draft.kind, opening: draft.openingBalance, isDefault: false),
                                                  id: draft.id, book: book))
        return try Self.account(from: record)
    }

    /// The money account `id`: a stored one, or the caller's default account of a currency (listed
    /// before it is stored).
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` if there is none the caller reads.
    public func account(_ id: RecordID) throws -> LedgerAccount {
        if let record = try store.recordIfPresent(id), record.collection == Self.accountCollection, !record.isTrashed,
           record.fields[AccountField.entry]?.stringValue == Entry.account {
            return try Self.account(from: record)
        }
        if let virtual = try unstoredDefaultAccounts().first(where: { $0.id == id }) { return virtual }
        throw KeepsakeError(.notFound, "No money account you may read has the id \(id); list the accounts (keepsake ledger account list) to see valid ids.")
    }

    /// Every money account the caller reads, by currency and name: the stored ones and, for each
    /// ledger book and currency of transactions stored without an account, that book's default
    /// account of that currency (``LedgerAccount/isStored`` false until an operation needs it stored).
    public func accounts() throws -> [LedgerAccount] {
        try accounts(stored: try storedAccounts(), defaultKeys: try accountSums(from: .distantPast, until: .distantFuture).defaultKeys)
    }

    /// `stored` and the unstored default accounts of `defaultKeys`, by currency and name.
    private func accounts(stored: [LedgerAccount], defaultKeys: Set<DefaultAccountKey>) throws -> [LedgerAccount] {
        let ids = Set(stored.map(\.id))
        let virtual = try unstoredDefaultAccounts(defaultKeys).filter { !ids.contains($0.id) }
        return (stored + virtual).sorted { ($0.currency.code, $0.name, $0.id.string) < ($1.currency.code, $1.name, $1.id.string) }
    }

    /// Every money account with its balance at the end of `day`: opening balance, plus income,
    /// minus expenses, plus transfers in, minus transfers out, of every day up to and including `day`.
    ///
    /// The transactions are summed by the database (two `GROUP BY`s, before and after `day`, which
    /// together also name the default accounts in use); only the money accounts and the transfers
    /// are read.
    public func accountBalances(on day: LedgerDay) throws -> [LedgerAccountBalance] {
        let until = day.adding(days: 1).startDate
        let through = try accountSums(from: .distantPast, until: until)
        let later = try accountSums(from: until, until: .distantFuture)
        let accounts = try accounts(stored: try storedAccounts(), defaultKeys: through.defaultKeys.union(later.defaultKeys))
        let transfers = try allTransfers(until: until)
        var sums = through.sums
        for transfer in transfers {
            sums[transfer.from, default: 0] -= transfer.amount.minorUnits
            sums[transfer.to, default: 0] += transfer.toAmount.minorUnits
        }
        return accounts.map { account in
            LedgerAccountBalance(account: account,
                                 balance: Money(minorUnits: account.openingBalance.minorUnits + (sums[account.id] ?? 0), currency: account.currency),
                                 day: day)
        }
    }

    /// The balance of the money account `id` at the end of `day` (see ``accountBalances(on:)``).
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` if the caller reads no such account.
    public func balance(of id: RecordID, on day: LedgerDay) throws -> Money {
        _ = try account(id)
        guard let line = try accountBalances(on: day).first(where: { $0.account.id == id }) else {
            throw KeepsakeError(.notFound, "No money account with id \(id) exists in this store.")
        }
        return line.balance
    }

    /// Renames a money account (and changes its kind when `kind` is given), only if it is still at
    /// `expectedVersion` when one is given. A default account not stored yet is stored first.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.invalidArgument` for a bad name, `.conflict` for a
    ///   name another live account of the book has, or a change meanwhile; `.forbidden` for a book
    ///   the caller may only read.
    @discardableResult
    public func updateAccount(_ id: RecordID, name: String? = nil, kind: LedgerAccountKind? = nil, expectedVersion: Int64? = nil) throws -> LedgerAccount {
        var current = try account(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        let newName = try name.map(Self.checkedAccountName) ?? current.name
        current = try storedAccount(current)
        if let book = current.book, newName.lowercased() != current.name.lowercased() { try requireUniqueName(newName, in: book, except: id) }
        var set: [String: FieldValue] = [AccountField.name: .string(newName)]
        if let kind { set[AccountField.kind] = .string(kind.rawValue) }
        return try Self.account(from: try store.update(id, set: set, expectedVersion: current.version))
    }

    /// Removes a money account for good. Refused while a live or trashed transaction or a transfer
    /// uses it (move or purge those first), so no balance ever loses a side.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.conflict` while it is in use or changed meanwhile,
    ///   `.forbidden` for a book the caller may only read.
    public func removeAccount(_ id: RecordID, expectedVersion: Int64? = nil) throws {
        let current = try account(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        // A reader learns nothing from a refusal of another kind: the role is checked first.
        if let book = current.book, try store.role(in: book)?.canWrite != true {
            throw KeepsakeError(.forbidden, "You may read this ledger book but not change it; ask an owner for the editor role. Nothing was removed.")
        }
        var uses = try transactionCount(account: current)
        uses += try transfers(using: id).count
        guard uses == 0 else {
            throw KeepsakeError(.conflict, "The account \(KeepsakeError.quoted(current.name)) is used by \(uses) transaction\(uses == 1 ? "" : "s") or transfer\(uses == 1 ? "" : "s"); move or remove them first. Nothing was removed.")
        }
        guard current.isStored else { return }
        try store.purge(id)
    }

    /// The id of the default money account of `currency` of the ledger book `book` (`Cash KRW` of
    /// the book, the same for every member): a name-based UUID (SHA-256, version 8 layout), so it is
    /// the same before and after it is stored, and storing it twice finds the same record.
    public static func defaultAccountID(for currency: Currency, in book: BookID) -> RecordID {
        nameBasedID([accountCollection.name, "default", book.string, currency.code])
    }

    /// The name of a default account: `Cash KRW`.
    public static func defaultAccountName(_ currency: Currency) -> String { "Cash \(currency.code)" }

    // MARK: - Helpers

    /// Checks a money account name: trimmed, in NFC, 1 to ``maxAccountNameLength`` characters, one line.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument`.
    public static func checkedAccountName(_ text: String) throws -> String {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !value.isEmpty else {
            throw KeepsakeError(.invalidArgument, "The account name is empty: give a name such as Cash or Shinhan card.")
        }
        guard value.count <= maxAccountNameLength else {
            throw KeepsakeError(.invalidArgument, "The account name has \(value.count) characters; the limit is \(maxAccountNameLength).")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw KeepsakeError(.invalidArgument, "The account name contains a line break or control character; a name is one line of text.")
        }
        return value
    }

    /// The fields of a money account record.
    static func accountFields(name: String, kind: LedgerAccountKind, opening: Money, isDefault: Bool) -> [String: FieldValue] {
        [
            AccountField.entry: .string(Entry.account),
            AccountField.name: .string(name),
            AccountField.kind: .string(kind.rawValue),
            AccountField.opening: .integer(opening.minorUnits),
            AccountField.currency: .string(opening.currency.code),
            AccountField.isDefault: .bool(isDefault),
        ]
    }

    /// Throws `conflict` when `book` has a live account named `name` (any case) other than `except`.
    func requireUniqueName(_ name: String, in book: BookID, except: RecordID?) throws {
        let clash = try storedAccounts().first { $0.book == book && $0.id != except && $0.name.lowercased() == name.lowercased() }
        if let clash {
            throw KeepsakeError(.conflict, "The book already has an account named \(KeepsakeError.quoted(clash.name)); choose another name. Nothing was stored.")
        }
    }

    /// `account` as stored: a default account not stored yet is stored now (idempotent by its id).
    func storedAccount(_ account: LedgerAccount) throws -> LedgerAccount {
        guard !account.isStored else { return account }
        do {
            return try Self.account(from: try store.create(RecordDraft(
                collection: Self.accountCollection, date: Date(),
                fields: Self.accountFields(name: account.name, kind: .cash, opening: account.openingBalance, isDefault: true),
                id: account.id, book: try companionBook(account.book, for: "a money account"))))
        } catch let error as KeepsakeError where error.code == .conflict {
            // Stored meanwhile by another operation: that one is it.
            guard let record = try store.recordIfPresent(account.id) else { throw error }
            return try Self.account(from: record)
        }
    }

    /// Every live stored money account the caller reads.
    func storedAccounts() throws -> [LedgerAccount] {
        try allAccountRecords(entry: Entry.account).map(Self.account(from:))
    }

    /// The default accounts not stored yet, one per ledger book and currency of the transactions
    /// read stored without an account.
    func unstoredDefaultAccounts() throws -> [LedgerAccount] {
        try unstoredDefaultAccounts(try accountSums(from: .distantPast, until: .distantFuture).defaultKeys)
    }

    /// The number of transactions (live or trashed) of `account`: those naming it, and for a
    /// default account those of its book and currency stored without one.
    func transactionCount(account: LedgerAccount) throws -> Int {
        try allTransactions(trash: .all).filter { accountID(of: $0) == account.id }.count
    }

    /// Every live record of ``accountCollection`` of `entry` the caller reads, oldest first.
    func allAccountRecords(entry: String, from: Date? = nil, until: Date? = nil, extra: [String: FieldValue] = [:]) throws -> [Record] {
        var query = oldestFirst(Self.accountCollection)
        query.dateFrom = from
        query.dateUntil = until
        query.fieldEquals = extra.merging([AccountField.entry: .string(entry)]) { _, new in new }
        return try store.allRecords(matching: query)
    }

    /// Reads a money account back from its record, checking every field.
    ///
    /// - Throws: ``KeepsakeError`` `.incompatibleStore` when the record is not a valid money account.
    public static func account(from record: Record) throws -> LedgerAccount {
        func invalid(_ field: String, _ reason: String) -> KeepsakeError {
            KeepsakeError(.incompatibleStore, "Record \(record.id) in \(accountCollection) is not a valid money account: its \(field) field \(reason). It may have been written by a newer version of Keepsake or changed outside the ledger.")
        }
        func text(_ field: String) throws -> String {
            guard let value = record.fields[field]?.stringValue else { throw invalid(field, "is missing or not text") }
            return value
        }
        guard record.collection == accountCollection, record.fields[AccountField.entry]?.stringValue == Entry.account else {
            throw KeepsakeError(.notFound, "Record \(record.id) is not a money account.")
        }
        do {
            guard let kind = LedgerAccountKind(rawValue: try text(AccountField.kind)) else { throw invalid(AccountField.kind, "is not cash, bank or card") }
            guard let opening = record.fields[AccountField.opening]?.integerValue else { throw invalid(AccountField.opening, "is missing or not a whole number") }
            guard case .bool(let isDefault)? = record.fields[AccountField.isDefault] else { throw invalid(AccountField.isDefault, "is missing or not true or false") }
            return LedgerAccount(id: record.id, name: try checkedAccountName(try text(AccountField.name)), kind: kind,
                                 openingBalance: Money(minorUnits: opening, currency: try Currency(code: try text(AccountField.currency))),
                                 isDefault: isDefault, isStored: true, book: record.book, createdAt: record.createdAt, version: record.version,
                                 bankAccountID: record.fields[AccountField.bankAccountID]?.stringValue)
        } catch let error as KeepsakeError where error.code == .invalidArgument {
            throw KeepsakeError(.incompatibleStore, "Record \(record.id) in \(accountCollection) is not a valid money account: \(error.message)")
        }
    }
}

extension Ledger {
    /// Checks that a transaction of `amount` in the ledger book `book` (`nil`: not chosen yet) may
    /// belong to the money account `id` (the caller reads it, it holds the amount's currency and it
    /// is in the transaction's book), storing a default account not stored yet.
    ///
    /// - Returns: the account id and its book (the transaction's).
    /// - Throws: ``KeepsakeError`` `.notFound` for an account the caller does not read,
    ///   `.invalidArgument` for another currency or an account of another book.
    func checkedTransactionAccount(_ id: RecordID, for amount: Money, in book: BookID?) throws -> (account: RecordID, book: BookID?) {
        let account = try account(id)
        guard account.currency == amount.currency else {
            throw KeepsakeError(.invalidArgument, "The account \(KeepsakeError.quoted(account.name)) holds \(account.currency.code), not \(amount.currency.code); choose an account of the transaction's currency. Nothing was stored.")
        }
        if let book, let accountBook = account.book, accountBook != book {
            throw KeepsakeError(.invalidArgument, "The account \(KeepsakeError.quoted(account.name)) is in another ledger book than the transaction; a transaction and its account are in one book: choose an account of the transaction's book. Nothing was stored.")
        }
        let stored = try storedAccount(account)
        return (stored.id, stored.book)
    }

    /// One page of `query` (of the ledger's transactions) narrowed to the money account `id`.
    func list(_ query: RecordQuery, account id: RecordID) throws -> LedgerPage {
        let account = try account(id)
        var query = query
        let holdsUnassigned = account.book.map { Self.defaultAccountID(for: account.currency, in: $0) == account.id } ?? false
        if let book = account.book { query.books = query.books.map { $0.intersection([book]) } ?? [book] }
        if holdsUnassigned {
            query.fieldEquals[Field.currency] = .string(account.currency.code)
        } else {
            query.fieldEquals[Field.account] = .string(id.string)
        }
        let page = try store.list(query)
        let transactions = try page.records.map(Self.transaction(from:)).filter { accountID(of: $0) == id }
        return LedgerPage(transactions: transactions, nextCursor: page.nextCursor)
    }
}

extension Ledger {
    /// The money account `transaction` belongs to: the one it names, else its book's default
    /// account of its currency (`nil` for a transaction with no book).
    public func accountID(of transaction: LedgerTransaction) -> RecordID? {
        if let account = transaction.account { return account }
        return transaction.book.map { Self.defaultAccountID(for: transaction.amount.currency, in: $0) }
    }

    /// Throws when the transaction `id` may not move to the ledger book `book`: one that names a
    /// money account stays in that account's book (a transaction and its account are in one book);
    /// one without an account moves to the new book's default account of its currency.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` for a transaction the caller does not read,
    ///   `.invalidArgument` for an account of another book.
    public func checkMove(_ id: RecordID, to book: BookID) throws {
        let transaction = try read(id)
        guard let accountID = transaction.account, transaction.book != book,
              case let account = try account(accountID), account.book != book else { return }
        throw KeepsakeError(.invalidArgument, "The transaction belongs to the account \(KeepsakeError.quoted(account.name)) of its ledger book; a transaction and its account are in one book: change its account first (or move it without one). Nothing was moved.")
    }

    /// A ledger book and a currency: the default account they have.
    struct DefaultAccountKey: Hashable {
        let book: BookID
        let currency: Currency
    }
}
