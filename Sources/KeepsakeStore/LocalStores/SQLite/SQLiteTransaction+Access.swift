import Foundation

extension SQLiteTransaction {
    static let accountColumns = "id, login, display_name, language, time_zone, is_admin, disabled_at, password_hash, credential_version, created_at, quota"
    static let bookColumns = "id, collection, name, default_of, created_at"

    // MARK: - Accounts

    func account(_ id: AccountID) throws -> Account? {
        try db.queryOne("SELECT \(Self.accountColumns) FROM account WHERE id = ?", [.text(id.string)], SQLiteRows.account)
    }

    func account(login: LoginName) throws -> Account? {
        try db.queryOne("SELECT \(Self.accountColumns) FROM account WHERE login = ?", [.text(login.name)], SQLiteRows.account)
    }

    func accounts() throws -> [Account] {
        try db.query("SELECT \(Self.accountColumns) FROM account ORDER BY created_at, id", [], SQLiteRows.account)
    }

    func firstAdmin() throws -> Account? {
        try db.queryOne("SELECT \(Self.accountColumns) FROM account WHERE is_admin = 1 AND disabled_at IS NULL ORDER BY created_at, id LIMIT 1", [],
                        SQLiteRows.account)
    }

    func insertAccount(_ account: Account) throws {
        if try db.scalarInt("SELECT count(*) FROM account WHERE login = ? OR id = ?", [.text(account.login.name), .text(account.id.string)]) > 0 {
            throw Self.loginTaken(account.login)
        }
        try db.run("INSERT INTO account (\(Self.accountColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Self.bindings(account))
    }

    func updateAccount(_ account: Account) throws {
        if try db.scalarInt("SELECT count(*) FROM account WHERE login = ? AND id <> ?", [.text(account.login.name), .text(account.id.string)]) > 0 {
            throw Self.loginTaken(account.login)
        }
        try db.run("""
            UPDATE account SET login = ?2, display_name = ?3, language = ?4, time_zone = ?5, is_admin = ?6, disabled_at = ?7,
            password_hash = ?8, credential_version = ?9, created_at = ?10, quota = ?11 WHERE id = ?1
            """, Self.bindings(account))
    }

    /// The write transaction holds SQLite's write lock, so no other commit runs meanwhile.
    func lockAccount(_ id: AccountID) throws -> Account? {
        try account(id)
    }

    func storageUsage(of account: AccountID) throws -> Int64 {
        try db.scalarInt("SELECT coalesce(sum(byte_size), 0) FROM attachment WHERE added_by = ?", [.text(account.string)])
    }

    func storageUsage() throws -> [AccountID: Int64] {
        var usage: [AccountID: Int64] = [:]
        for (id, bytes) in try db.query("SELECT added_by, sum(byte_size) FROM attachment WHERE added_by IS NOT NULL GROUP BY added_by", [], { row in
            (try AccountID(parsing: row.requiredText(0)), row.int64(1))
        }) { usage[id] = bytes }
        return usage
    }

    func deleteAccount(_ id: AccountID) throws {
        try db.run("DELETE FROM book_member WHERE account_id = ?", [.text(id.string)])
        try db.run("UPDATE book SET default_of = NULL WHERE default_of = ?", [.text(id.string)])
        try db.run("DELETE FROM account WHERE id = ?", [.text(id.string)])
    }

    private static func bindings(_ account: Account) -> [SQLValue] {
        [.text(account.id.string), .text(account.login.name), .text(account.displayName), .text(account.language), .text(account.timeZone),
         .int(account.isAdmin ? 1 : 0), .optionalReal(account.disabledAt?.timeIntervalSince1970), .optionalText(account.passwordHash),
         .integer(account.credentialVersion), .real(account.createdAt.timeIntervalSince1970), account.quota.map { .integer($0) } ?? .null]
    }

    private static func loginTaken(_ login: LoginName) -> KeepsakeError {
        KeepsakeError(.conflict, "The login name \(KeepsakeError.quoted(login.name)) is taken; choose another one.")
    }

    // MARK: - Books

    func book(_ id: BookID) throws -> Book? {
        try db.queryOne("SELECT \(Self.bookColumns) FROM book WHERE id = ?", [.text(id.string)], SQLiteRows.book)
    }

    func books(_ ids: Set<BookID>?) throws -> [Book] {
        let (condition, bindings) = Self.bookCondition(ids, column: "id")
        return try db.query("SELECT \(Self.bookColumns) FROM book WHERE 1\(condition) ORDER BY collection, name, id", bindings, SQLiteRows.book)
    }

    func defaultBook(of account: AccountID, in collection: CollectionName) throws -> Book? {
        try db.queryOne("SELECT \(Self.bookColumns) FROM book WHERE default_of = ? AND collection = ?",
                        [.text(account.string), .text(collection.name)], SQLiteRows.book)
    }

    func members(of book: BookID) throws -> [BookMember] {
        try db.query("""
            SELECT m.book_id, m.account_id, m.role FROM book_member m JOIN account a ON a.id = m.account_id
            WHERE m.book_id = ? ORDER BY m.role <> 'owner', a.login
            """, [.text(book.string)]) { row in
            BookMember(book: try BookID(parsing: row.requiredText(0)), account: try AccountID(parsing: row.requiredText(1)),
                       role: try SQLiteRows.role(row.requiredText(2)))
        }
    }

    func memberships(of account: AccountID) throws -> [BookID: BookRole] {
        let rows = try db.query("""
            SELECT m.book_id, m.role FROM book_member m JOIN account a ON a.id = m.account_id
            WHERE m.account_id = ? AND a.disabled_at IS NULL
            """, [.text(account.string)]) { row in (try BookID(parsing: row.requiredText(0)), try SQLiteRows.role(row.requiredText(1))) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    func book(ofRecord id: RecordID) throws -> BookID? {
        try db.queryOne("SELECT book_id FROM record WHERE id = ?", [.text(id.string)]) { row in
            try row.text(0).map { try BookID(parsing: $0) }
        } ?? nil
    }

    func booksOwnedWithOthers(by account: AccountID) throws -> [BookID] {
        try db.query("""
            SELECT m.book_id FROM book_member m WHERE m.account_id = ?1 AND m.role = 'owner'
            AND EXISTS (SELECT 1 FROM book_member o WHERE o.book_id = m.book_id AND o.account_id <> ?1) ORDER BY m.book_id
            """, [.text(account.string)]) { try BookID(parsing: $0.requiredText(0)) }
    }

    func recordIDs(in book: BookID) throws -> [RecordID] {
        try db.query("SELECT id FROM record WHERE book_id = ? ORDER BY id", [.text(book.string)]) { try RecordID(parsing: $0.requiredText(0)) }
    }

    func goneRecordIDs(loggedIn book: BookID) throws -> [(id: RecordID, collection: CollectionName)] {
        try db.query("""
            SELECT DISTINCT c.record_id, c.collection FROM change c WHERE c.book_id = ? AND c.audience_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM record r WHERE r.id = c.record_id) ORDER BY c.record_id
            """, [.text(book.string)]) { (try RecordID(parsing: $0.requiredText(0)), try CollectionName($0.requiredText(1))) }
    }

    func insertBook(_ book: Book) throws {
        if let owner = book.defaultOf, try defaultBook(of: owner, in: book.collection) != nil {
            throw KeepsakeError(.conflict, "That account has a default book of \(book.collection) already; nothing was made.")
        }
        try db.run("INSERT INTO book (\(Self.bookColumns)) VALUES (?, ?, ?, ?, ?)", Self.bindings(book))
    }

    func updateBook(_ book: Book) throws {
        try db.run("UPDATE book SET collection = ?2, name = ?3, default_of = ?4, created_at = ?5 WHERE id = ?1", Self.bindings(book))
    }

    func deleteBook(_ id: BookID) throws {
        if try db.scalarInt("SELECT count(*) FROM record WHERE book_id = ?", [.text(id.string)]) > 0 {
            throw KeepsakeError(.conflict, "Book \(id) still has records; delete them first.")
        }
        try db.run("DELETE FROM book_member WHERE book_id = ?", [.text(id.string)])
        try db.run("DELETE FROM book WHERE id = ?", [.text(id.string)])
    }

    func setMember(_ role: BookRole?, account: AccountID, book: BookID) throws {
        if let role {
            try db.run("""
                INSERT INTO book_member (book_id, account_id, role) VALUES (?, ?, ?)
                ON CONFLICT (book_id, account_id) DO UPDATE SET role = excluded.role
                """, [.text(book.string), .text(account.string), .text(role.rawValue)])
        } else {
            try db.run("DELETE FROM book_member WHERE book_id = ? AND account_id = ?", [.text(book.string), .text(account.string)])
        }
    }

    func setRecordBook(_ id: RecordID, book: BookID) throws -> Bool {
        try db.run("UPDATE record SET book_id = ?, version = version + 1 WHERE id = ?", [.text(book.string), .text(id.string)]) == 1
    }

    func relocateAttachment(_ id: Int64, of record: RecordID, to key: RelativePath) throws -> Bool {
        try db.run("UPDATE attachment SET path = ? WHERE id = ? AND record_id = ?", [.text(key.string), .integer(id), .text(record.string)]) == 1
    }

    func adoptUnattributedRecords(into books: [CollectionName: BookID], author: AccountID) throws -> Int {
        var changed = 0
        for (collection, book) in books.sorted(by: { $0.key < $1.key }) {
            changed += try db.run("UPDATE record SET book_id = ?, author_id = coalesce(author_id, ?) WHERE book_id IS NULL AND collection = ?",
                                  [.text(book.string), .text(author.string), .text(collection.name)])
        }
        try db.run("UPDATE change SET book_id = (SELECT r.book_id FROM record r WHERE r.id = change.record_id) WHERE book_id IS NULL")
        for (collection, book) in books.sorted(by: { $0.key < $1.key }) {
            try db.run("UPDATE change SET book_id = ? WHERE book_id IS NULL AND collection = ?", [.text(book.string), .text(collection.name)])
        }
        return changed
    }

    private static func bindings(_ book: Book) -> [SQLValue] {
        [.text(book.id.string), .text(book.collection.name), .text(book.name), .optionalText(book.defaultOf?.string),
         .real(book.createdAt.timeIntervalSince1970)]
    }
}
