import Foundation
import KeepsakeLedger
import KeepsakeStore

/// A ledger of `transactions` transactions over ten years (about 27 a day, the newest on
/// 30 November 2026) in three money accounts (a bank account, a card, and the book's default cash
/// account for a third stored without one), with a transfer a month, six carrying budgets from
/// June 2026 and two plain ones from November: the month page's figures over a long history. One
/// transaction, the accounts, the budgets and the transfers are made through the Ledger app; the
/// other transactions are copied from the first by SQL with their own day, amount, category,
/// kind, account and memo, so every row is what the app writes.
func populateLedgerMonths(root: String, transactions: Int) throws {
    removeTree(root)
    let store = try openStore(root)
    let ledger = Ledger(store: store)
    let won = try Currency(code: "KRW")
    let bank = try ledger.createAccount(LedgerAccountDraft(name: "Shinhan", kind: .bank, openingBalance: Money(minorUnits: 5_000_000, currency: won)))
    let card = try ledger.createAccount(LedgerAccountDraft(name: "Hyundai card", kind: .card, openingBalance: .zero(won)))
    let newest = try CalendarDay(year: 2026, month: 11, day: 30)
    let template = try ledger.create(LedgerTransactionDraft(date: newest, kind: .expense, amount: Money(minorUnits: 12_000, currency: won),
                                                            category: "식비", memo: "Transaction 0", account: bank.id))
    let categories = ["식비", "교통", "생활", "카페", "의료", "문화", "통신", "쇼핑", "경조사", "여행"]
    let names = categories.map { "'\($0)'" }.joined(separator: ", ")
    let days = 3650.0
    let sql = """
        PRAGMA journal_mode = WAL;
        BEGIN;
        CREATE TEMP TABLE category_name (i INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO category_name (i, name) SELECT key, value FROM json_each(json_array(\(names)));
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(transactions - 1)),
             m(i, at) AS (SELECT i, \(newest.startDate.timeIntervalSince1970) - CAST(i * \(days) / \(transactions) AS INTEGER) * 86400 FROM n),
             f(i, at, fields) AS (
                SELECT m.i, m.at, json_set(t.fields, '$.day', strftime('%Y-%m-%d', m.at, 'unixepoch'),
                                           '$.amount', 1000 + (m.i * 7919) % 99000,
                                           '$.category', (SELECT name FROM category_name WHERE i = m.i % 10),
                                           '$.kind', CASE WHEN m.i % 10 = 0 THEN 'income' ELSE 'expense' END,
                                           '$.memo', 'Transaction ' || m.i)
                FROM m, (SELECT fields FROM record WHERE id = '\(template.id.string)') AS t)
        INSERT INTO record (id, collection, date, fields, created_at, updated_at, next_image_seq, book_id, author_id)
        SELECT printf('00000000-0000-4000-9000-%012x', f.i), 'ledger', f.at,
               CASE f.i % 3 WHEN 0 THEN json_remove(f.fields, '$.account')
                            WHEN 1 THEN json_set(f.fields, '$.account', '\(card.id.string)') ELSE f.fields END,
               f.at, f.at, 0, t.book_id, t.author_id
        FROM f, (SELECT book_id, author_id FROM record WHERE id = '\(template.id.string)') AS t;
        COMMIT;
        PRAGMA wal_checkpoint(TRUNCATE);
        """
    try run(["sqlite3", store.location.databaseURL.path], stdin: Data(sql.utf8))
    let count = try ledger.count()
    guard count == transactions else { throw BenchFailure("the ledger has \(count) transactions, not \(transactions)") }

    // A card payment from the bank on the 25th of every month of the ten years.
    var month = try LedgerMonth(year: 2016, month: 12)
    while month <= newest.ledgerMonth {
        _ = try ledger.createTransfer(LedgerTransferDraft(date: try CalendarDay(year: month.year, month: month.month, day: 25),
                                                          from: bank.id, to: card.id, amount: Money(minorUnits: 300_000, currency: won),
                                                          memo: "Card payment"))
        guard let next = month.next else { break }
        month = next
    }
    for category in categories.prefix(6) {
        _ = try ledger.setBudget(LedgerBudgetDraft(category: category, amount: Money(minorUnits: 400_000, currency: won),
                                                   month: try LedgerMonth(year: 2026, month: 6), carryOver: true))
    }
    for category in categories.suffix(2) {
        _ = try ledger.setBudget(LedgerBudgetDraft(category: category, amount: Money(minorUnits: 200_000, currency: won),
                                                   month: try LedgerMonth(year: 2026, month: 11)))
    }
}
