import Foundation
import KeepsakePostgres
import KeepsakeStore

/// Accounts, books and memberships (``PostgresAccessSchema``). Every statement runs under the
/// transaction's bound caller, so row-level security narrows what it sees and refuses what it may
/// not change; the engine has decided before, and these statements only carry out its decision.
extension PostgresTransaction {
    // MARK: - Accounts

    func account(_ id: AccountID) throws -> Account? {
        try connection.query("SELECT \(PostgresRows.accountColumns) FROM account WHERE id = $1", [id.string]).first.map(PostgresRows.account)
    }

    func account(login: LoginName) throws -> Account? {
        try connection.query("SELECT \(PostgresRows.accountColumns) FROM account WHERE login = $1", [login.name]).first.map(PostgresRows.account)
    }

    func accounts() throws -> [Account] {
        try connection.query("SELECT \(PostgresRows.accountColumns) FROM account ORDER BY created_at, id").map(PostgresRows.account)
    }

    func firstAdmin() throws -> Account? {
        try connection.query("SELECT \(PostgresRows.accountColumns) FROM account WHERE is_admin AND disabled_at IS NULL ORDER BY created_at, id LIMIT 1")
            .first.map(PostgresRows.account)
    }

    /// `ON CONFLICT DO NOTHING`: a taken login name (or id) is the engine's conflict, not a failed
    /// statement that would end the transaction.
    func insertAccount(_ account: Account) throws {
        let inserted = try connection.execute("""
            INSERT INTO account (\(PostgresRows.accountColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7::float8, $8, $9::int8, $10::float8, $11::int8)
            ON CONFLICT DO NOTHING
            """, Self.parameters(account))
        if inserted == 0 {
            throw KeepsakeError(.conflict, "The login name \(account.login.name) is taken; choose another. No account was made.")
        }
    }

    func updateAccount(_ account: Account) throws {
        // Only a disabled account may do less in the tables (its books are gone for the policies).
        if account.disabledAt != nil { try lockAccess(of: account.id.string) }
        let taken = try connection.query("SELECT EXISTS (SELECT 1 FROM account WHERE login = $1 AND id <> $2)", [account.login.name, account.id.string])
            .scalar(Bool.self)
        if taken {
            throw KeepsakeError(.conflict, "The login name \(account.login.name) is taken; choose another. The account was not changed.")
        }
        try connection.execute("""
            UPDATE account SET login = $2, display_name = $3, language = $4, time_zone = $5, is_admin = $6, disabled_at = $7::float8,
                password_hash = $8, credential_version = $9::int8, created_at = $10::float8, quota = $11::int8
            WHERE id = $1
            """, Self.parameters(account))
    }

    /// `FOR NO KEY UPDATE`: a second commit of the same account, on this server or another, waits
    /// here until the first ends, then (`READ COMMITTED`) its usage query sees the first one's images.
    /// Foreign-key checks (`FOR KEY SHARE`) of new memberships do not wait for it.
    func lockAccount(_ id: AccountID) throws -> Account? {
        try connection.query("SELECT \(PostgresRows.accountColumns) FROM account WHERE id = $1 FOR NO KEY UPDATE", [id.string])
            .first.map(PostgresRows.account)
    }

    /// Through `keepsake_usage_of`, which sums every image the account added, in books the caller
    /// may no longer read too (for itself, an admin or the operator; 0 for anyone else).
    func storageUsage(of account: AccountID) throws -> Int64 {
        try connection.query("SELECT coalesce(keepsake_usage_of($1), 0)::int8", [account.string]).scalar(Int64.self)
    }

    func storageUsage() throws -> [AccountID: Int64] {
        var usage: [AccountID: Int64] = [:]
        for row in try connection.query("SELECT id, u FROM (SELECT id, keepsake_usage_of(id) AS u FROM account) a WHERE u > 0") {
            usage[try AccountID(parsing: try row.decode(String.self, at: 0))] = try row.decode(Int64.self, at: 1)
        }
        return usage
    }

    /// Memberships go with it (`ON DELETE CASCADE`); its default books stay, no longer anyone's default.
    func deleteAccount(_ id: AccountID) throws {
        try lockAccess(of: id.string)
        try connection.execute("DELETE FROM account WHERE id = $1", [id.string])
    }

    /// Waits for the write transactions of account `id` in flight (they hold its access lock
    /// shared, see ``PostgresMetadataStore``'s write) and keeps new ones waiting until this one
    /// ends: a write the access rule allowed is never refused halfway by the row-level policies
    /// because its membership or account changed meanwhile on another server.
    func lockAccess(of id: String) throws {
        _ = try connection.query("SELECT pg_advisory_xact_lock($1::int8)", [context.keys.access(id).value])
    }

    private static func parameters(_ account: Account) -> [any PostgresEncodable] {
        [account.id.string, account.login.name, account.displayName, account.language, account.timeZone, account.isAdmin,
         account.disabledAt?.timeIntervalSince1970, account.passwordHash, account.credentialVersion, account.createdAt.timeIntervalSince1970,
         account.quota]
    }

    // MARK: - Books

    func book(_ id: BookID) throws -> Book? {
        try connection.query("SELECT \(PostgresRows.bookColumns) FROM book WHERE id = $1", [id.string]).first.map(PostgresRows.book)
    }

    func books(_ ids: Set<BookID>?) throws -> [Book] {
        guard let ids else {
            return try connection.query("SELECT \(PostgresRows.bookColumns) FROM book ORDER BY collection, name, id").map(PostgresRows.book)
        }
        return try connection.query("SELECT \(PostgresRows.bookColumns) FROM book WHERE id = ANY ($1::text[]) ORDER BY collection, name, id",
                                    [ids.map(\.string).sorted()]).map(PostgresRows.book)
    }

    func defaultBook(of account: AccountID, in collection: CollectionName) throws -> Book? {
        try connection.query("SELECT \(PostgresRows.bookColumns) FROM book WHERE default_of = $1 AND collection = $2",
                             [account.string, collection.name]).first.map(PostgresRows.book)
    }

    /// `ON CONFLICT DO NOTHING`. Two transactions making the same default book at once (the engine
    /// makes it lazily, with the first record written without a book) both found none; the second
    /// waits on the unique index and inserts nothing. It then sees the first one's book, committed,
    /// and fails as a serialization failure, so the pool runs its whole body again, which finds the
    /// book: to the engine it is as if one had run after the other. Any other taken key is the
    /// engine's conflict.
    func insertBook(_ book: Book) throws {
        let inserted = try connection.execute("""
            INSERT INTO book (\(PostgresRows.bookColumns)) VALUES ($1, $2, $3, $4, $5::float8) ON CONFLICT DO NOTHING
            """, [book.id.string, book.collection.name, book.name, book.defaultOf?.string, book.createdAt.timeIntervalSince1970])
        if inserted == 0, let account = book.defaultOf, let made = try defaultBook(of: account, in: book.collection), made.id != book.id {
            throw PostgresError(.serializationFailure, sqlState: "40001",
                                clientMessage: "another transaction made the default book of \(book.collection.name) of this account at the same moment")
        }
        if inserted == 0 {
            throw KeepsakeError(.conflict, "The book could not be made: \(book.defaultOf == nil ? "its id is taken" : "the account has a default book of \(book.collection.name) already"); reload and try again.",
                                remedy: .reloadAndRetry)
        }
    }

    func updateBook(_ book: Book) throws {
        try connection.execute("UPDATE book SET collection = $2, name = $3, default_of = $4, created_at = $5::float8 WHERE id = $1",
                               [book.id.string, book.collection.name, book.name, book.defaultOf?.string, book.createdAt.timeIntervalSince1970])
    }

    /// Memberships go with it (`ON DELETE CASCADE`).
    func deleteBook(_ id: BookID) throws {
        try connection.execute("DELETE FROM book WHERE id = $1", [id.string])
    }

    // MARK: - Members

    /// Owners first, then by login name (then id, for members whose account the caller cannot read).
    func members(of book: BookID) throws -> [BookMember] {
        try connection.query("""
            SELECT m.book_id, m.account_id, m.role FROM book_member m LEFT JOIN account a ON a.id = m.account_id
            WHERE m.book_id = $1
            ORDER BY CASE m.role WHEN 'owner' THEN 0 ELSE 1 END, a.login, m.account_id
            """, [book.string]).map { row in
            BookMember(book: try BookID(parsing: try row.decode(String.self, at: 0)), account: try AccountID(parsing: try row.decode(String.self, at: 1)),
                       role: try PostgresRows.role(try row.decode(String.self, at: 2)))
        }
    }

    func memberships(of account: AccountID) throws -> [BookID: BookRole] {
        var roles: [BookID: BookRole] = [:]
        for row in try connection.query("""
            SELECT m.book_id, m.role FROM book_member m JOIN account a ON a.id = m.account_id
            WHERE m.account_id = $1 AND a.disabled_at IS NULL
            """, [account.string]) {
            roles[try BookID(parsing: try row.decode(String.self, at: 0))] = try PostgresRows.role(try row.decode(String.self, at: 1))
        }
        return roles
    }

    func booksOwnedWithOthers(by account: AccountID) throws -> [BookID] {
        try connection.query("""
            SELECT m.book_id FROM book_member m
            WHERE m.account_id = $1 AND m.role = 'owner'
              AND EXISTS (SELECT 1 FROM book_member o WHERE o.book_id = m.book_id AND o.account_id <> m.account_id)
            ORDER BY m.book_id
            """, [account.string]).map { try BookID(parsing: try $0.decode(String.self, at: 0)) }
    }

    func recordIDs(in book: BookID) throws -> [RecordID] {
        try connection.query("SELECT id FROM record WHERE book_id = $1 ORDER BY id", [book.string])
            .map { try RecordID(parsing: try $0.decode(String.self, at: 0)) }
    }

    func goneRecordIDs(loggedIn book: BookID) throws -> [(id: RecordID, collection: CollectionName)] {
        try connection.query("""
            SELECT DISTINCT c.record_id, c.collection FROM change c WHERE c.book_id = $1 AND c.audience_id IS NULL
              AND NOT EXISTS (SELECT 1 FROM record r WHERE r.id = c.record_id)
            ORDER BY c.record_id
            """, [book.string]).map { (try RecordID(parsing: try $0.decode(String.self, at: 0)), try CollectionName(try $0.decode(String.self, at: 1))) }
    }

    /// An update first, then an insert: an upsert (`ON CONFLICT DO UPDATE`) would need the new row to
    /// be readable already, which the first owner of a new book is not until it is in.
    func setMember(_ role: BookRole?, account: AccountID, book: BookID) throws {
        // Only a removal or a lesser role can refuse a write in flight (an owner, as when a book is
        // made, loses nothing).
        if role != .owner { try lockAccess(of: account.string) }
        guard let role else {
            try connection.execute("DELETE FROM book_member WHERE book_id = $1 AND account_id = $2", [book.string, account.string])
            return
        }
        let parameters: [any PostgresEncodable] = [book.string, account.string, role.rawValue]
        let update = "UPDATE book_member SET role = $3 WHERE book_id = $1 AND account_id = $2"
        if try connection.execute(update, parameters) == 1 { return }
        if try connection.execute("INSERT INTO book_member (book_id, account_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", parameters) == 1 { return }
        try connection.execute(update, parameters)  // made meanwhile by another transaction: change it
    }

    // MARK: - Records and books

    func book(ofRecord id: RecordID) throws -> BookID? {
        try connection.query("SELECT book_id FROM record WHERE id = $1", [id.string]).first
            .flatMap { try $0.decode(String?.self, at: 0) }.map { try BookID(parsing: $0) }
    }

    func setRecordBook(_ id: RecordID, book: BookID) throws -> Bool {
        try connection.execute("UPDATE record SET book_id = $2, version = version + 1 WHERE id = $1", [id.string, book.string]) == 1
    }

    func relocateAttachment(_ id: Int64, of record: RecordID, to key: RelativePath) throws -> Bool {
        try connection.execute("UPDATE attachment SET path = $3 WHERE id = $1::int8 AND record_id = $2", [id, record.string, key.string]) == 1
    }

    /// Two statements whatever the number of records: the records without a book, then the change
    /// rows without one (their record's book, or their collection's new one when the record is gone).
    func adoptUnattributedRecords(into books: [CollectionName: BookID], author: AccountID) throws -> Int {
        guard !books.isEmpty else { return 0 }
        let pairs = books.sorted { $0.key.name < $1.key.name }
        let collections = pairs.map(\.key.name), ids = pairs.map(\.value.string)
        let adopted = try connection.execute("""
            UPDATE record r SET book_id = v.book_id, author_id = $3
            FROM unnest($1::text[], $2::text[]) AS v(collection, book_id)
            WHERE r.book_id IS NULL AND r.collection = v.collection
            """, [collections, ids, author.string])
        try connection.execute("""
            UPDATE change c SET book_id = coalesce((SELECT r.book_id FROM record r WHERE r.id = c.record_id), v.book_id)
            FROM unnest($1::text[], $2::text[]) AS v(collection, book_id)
            WHERE c.book_id IS NULL AND c.collection = v.collection
            """, [collections, ids])
        return adopted
    }
}
