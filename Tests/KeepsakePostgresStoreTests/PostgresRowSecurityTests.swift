import Foundation
import Testing
import KeepsakePostgres
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// Row-level security, the second line behind the engine's rule: through the store's own connection
/// (the login role, which owns nothing), a deliberately unfiltered query returns only what the bound
/// caller may read, and a change it may not make is refused by the server.
@Suite("PostgreSQL row-level security")
struct PostgresRowSecurityTests {
    @Test("A stranger's SELECT * of every table returns its own rows and none of the shared book's")
    func aStrangerSeesNoRowOfOthers() throws {
        let fixture = try PostgresAccessFixture(label: "rls-stranger")
        let seen = try fixture.visible(to: .account(fixture.stranger))
        #expect(seen["record"] == [fixture.strangersRecord.string])
        #expect(seen["attachment"] == [fixture.strangersRecord.string])
        #expect(seen["change"] == [fixture.strangersRecord.string])
        #expect(seen["book"] == [fixture.strangers.string])
        #expect(seen["book_member"] == [fixture.strangers.string])
        #expect(seen["account"] == [fixture.stranger.string])
        // The seam's own reads agree.
        try fixture.store.read(as: .account(fixture.stranger)) { tx throws in
            #expect(try tx.record(fixture.sharedRecord) == nil)
            #expect(try tx.book(fixture.shared) == nil)
            #expect(try tx.members(of: fixture.shared).isEmpty)
            #expect(try tx.account(fixture.owner) == nil)
            #expect(try tx.changes(after: 0, limit: 100, books: nil, audience: nil).map(\.recordID) == [fixture.strangersRecord])
            #expect(try tx.list(RecordQuery(collection: "diary")).records.map(\.id) == [fixture.strangersRecord])
            #expect(try tx.count("diary", trash: .live, books: nil) == 1)
        }
    }

    @Test("With the caller unset (also right after a transaction that bound one) every table returns nothing")
    func anUnsetCallerSeesNothing() throws {
        let fixture = try PostgresAccessFixture(label: "rls-unset")
        #expect(try fixture.visible(to: .localOperator)["record"]?.count == 2)
        let seen = try fixture.store.pool.withConnection { connection throws in
            #expect(try connection.query("SELECT current_setting('keepsake.caller', true)").first.flatMap { try $0.decode(String?.self, at: 0) } ?? "" == "")
            return try PostgresAccessFixture.visible(on: connection)
        }
        for table in PostgresAccessFixture.tables { #expect(seen[table] == [], "\(table)") }
        // A fresh session that never bound it.
        let other = try PostgresConnection(url: try PostgresAccessFixture.appURL())
        defer { other.close() }
        try other.execute("SET search_path TO \(PostgresConnection.quoted(identifier: fixture.schema))")
        let fresh = try PostgresAccessFixture.visible(on: other)
        for table in PostgresAccessFixture.tables { #expect(fresh[table] == [], "\(table)") }
    }

    @Test("A disabled member sees nothing at all, not even its own account or its book")
    func aDisabledMemberSeesNothing() throws {
        let fixture = try PostgresAccessFixture(label: "rls-disabled")
        let seen = try fixture.visible(to: .account(fixture.disabled))
        for table in PostgresAccessFixture.tables { #expect(seen[table] == [], "\(table)") }
        try fixture.store.read(as: .account(fixture.disabled)) { tx throws in
            #expect(try tx.memberships(of: fixture.disabled).isEmpty)
        }
        // And may write nothing there, though its membership says editor.
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: .account(fixture.disabled)) { tx throws in
                try PostgresAccessFixture.insert(RecordID(), book: fixture.shared, author: fixture.disabled, tx)
            }
        }
    }

    @Test("A viewer reads the shared book; its INSERT there is refused by the policy and its UPDATE and DELETE change nothing")
    func aViewerMayNotWrite() throws {
        let fixture = try PostgresAccessFixture(label: "rls-viewer")
        let seen = try fixture.visible(to: .account(fixture.viewer))
        #expect(seen["record"] == [fixture.sharedRecord.string])
        #expect(seen["attachment"] == [fixture.sharedRecord.string])
        #expect(seen["book"] == [fixture.shared.string])
        #expect(seen["book_member"]?.count == 4)
        #expect(seen["account"] == [fixture.owner, fixture.editor, fixture.viewer, fixture.disabled].map(\.string).sorted(), "the members of its books")

        let viewer = Caller.account(fixture.viewer)
        let inserted = RecordID()
        let refused = try #require(throws: KeepsakeError.self) {
            try fixture.store.write(as: viewer) { tx in try PostgresAccessFixture.insert(inserted, book: fixture.shared, author: fixture.viewer, tx) }
        }
        #expect(refused.code == .readOnly, "\(refused)")
        #expect(refused.message.contains("row-level security"), "\(refused)")
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: viewer) { tx in try tx.setImages(of: fixture.sharedRecord, to: []) }
        }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: viewer) { tx throws in
                try tx.appendChange(record: fixture.sharedRecord, collection: "diary", book: fixture.shared, kind: .updated, at: 9)
            }
        }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: viewer) { tx in try tx.setMember(.owner, account: fixture.viewer, book: fixture.shared) }
        }
        try fixture.store.write(as: viewer) { tx throws in
            // The engine still sees the record in a write transaction (to refuse the write as forbidden).
            #expect(try tx.record(fixture.sharedRecord)?.book == fixture.shared)
            #expect(try tx.updateRecord(fixture.sharedRecord, RecordChange(date: 4, fields: [:], trashedAt: nil, updatedAt: 9)) == false)
            #expect(try tx.setRecordBook(fixture.sharedRecord, book: fixture.strangers) == false)
            let connection = (tx as! PostgresTransaction).connection
            #expect(try connection.execute("UPDATE record SET fields = '{}'") == 0)
            #expect(try connection.execute("DELETE FROM record") == 0)
            #expect(try connection.execute("DELETE FROM attachment") == 0)
            #expect(try connection.execute("DELETE FROM book") == 0)
            #expect(try connection.execute("UPDATE account SET display_name = 'x' WHERE id <> $1", [fixture.viewer.string]) == 0)
        }
        try fixture.store.read { tx throws in
            #expect(try tx.record(inserted) == nil)
            let record = try #require(try tx.record(fixture.sharedRecord))
            #expect(record.version == 1 && record.fields == ["title": .string("a day")] && record.images.count == 1)
            #expect(try tx.changes(after: 0, limit: 100, books: nil, audience: nil).count == 2)
            #expect(try tx.members(of: fixture.shared).first { $0.account == fixture.viewer }?.role == .viewer)
        }
    }

    @Test("An editor writes the shared book but not the stranger's, cannot move a record into it, and cannot make itself admin")
    func anEditorWritesOnlyItsBooks() throws {
        let fixture = try PostgresAccessFixture(label: "rls-editor")
        let editor = Caller.account(fixture.editor)
        let made = RecordID()
        try fixture.store.write(as: editor) { tx throws in
            try PostgresAccessFixture.insert(made, book: fixture.shared, author: fixture.editor, tx)
            try tx.setImages(of: made, to: [.new(try PostgresAccessFixture.image(of: made, number: 0))])
            try tx.appendChange(record: made, collection: "diary", book: fixture.shared, kind: .inserted, at: 4)
        }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: editor) { tx in try PostgresAccessFixture.insert(RecordID(), book: fixture.strangers, author: fixture.editor, tx) }
        }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: editor) { tx in _ = try tx.setRecordBook(made, book: fixture.strangers) }
        }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: editor) { tx throws in
                var me = try #require(try tx.account(fixture.editor))
                me.isAdmin = true
                try tx.updateAccount(me)
            }
        }
        try fixture.store.write(as: editor) { tx throws in
            var me = try #require(try tx.account(fixture.editor))
            me.displayName = "Ed"
            try tx.updateAccount(me)
        }
        try fixture.store.read { tx throws in
            #expect(try tx.book(ofRecord: made) == fixture.shared)
            #expect(try tx.account(fixture.editor)?.displayName == "Ed")
            #expect(try tx.account(fixture.editor)?.isAdmin == false)
            #expect(try tx.count("diary", trash: .live, books: [fixture.shared]) == 2)
        }
    }

    @Test("An account makes a book of its own and becomes its first owner, but cannot take over a book that has members")
    func anAccountOwnsTheBooksItMakes() throws {
        let fixture = try PostgresAccessFixture(label: "rls-new-book")
        let stranger = Caller.account(fixture.stranger)
        let feed = BookID.random()
        try fixture.store.write(as: stranger) { tx throws in
            try tx.insertBook(Book(id: feed, collection: "feed", name: "Stan's feed", defaultOf: fixture.stranger, createdAt: Date(timeIntervalSince1970: 6)))
            try tx.setMember(.owner, account: fixture.stranger, book: feed)
            try tx.setMember(.viewer, account: fixture.viewer, book: feed)
        }
        try fixture.store.read(as: stranger) { tx throws in
            #expect(try tx.book(feed)?.name == "Stan's feed")
            #expect(try tx.defaultBook(of: fixture.stranger, in: "feed")?.id == feed)
            #expect(try tx.booksOwnedWithOthers(by: fixture.stranger) == [feed])
            #expect(try tx.members(of: feed).map(\.role) == [.owner, .viewer])
        }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: stranger) { tx in try tx.setMember(.owner, account: fixture.stranger, book: fixture.shared) }
        }
        #expect(throws: KeepsakeError.self, "another account's default book") {
            try fixture.store.write(as: stranger) { tx throws in
                try tx.insertBook(Book(id: .random(), collection: "ledger", name: "Olive's", defaultOf: fixture.owner, createdAt: Date()))
            }
        }
        // A book made earlier that nobody joined is not there for the taking.
        let orphan = BookID.random()
        try fixture.store.write { tx in try tx.insertBook(Book(id: orphan, collection: "feed", name: "Orphan", defaultOf: nil, createdAt: Date())) }
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: stranger) { tx in try tx.setMember(.owner, account: fixture.stranger, book: orphan) }
        }
    }

    @Test("The operator sees and changes everything; an admin reads every account but no book it is not in")
    func theOperatorSeesEverything() throws {
        let fixture = try PostgresAccessFixture(label: "rls-operator")
        let seen = try fixture.visible(to: .localOperator)
        #expect(seen["record"]?.count == 2)
        #expect(seen["attachment"]?.count == 2)
        #expect(seen["change"]?.count == 2)
        #expect(seen["book"]?.count == 2)
        #expect(seen["book_member"]?.count == 5)
        #expect(seen["account"]?.count == 6)
        let admin = try fixture.visible(to: .account(fixture.admin))
        #expect(admin["account"]?.count == 6)
        for table in ["record", "attachment", "change", "book", "book_member"] { #expect(admin[table] == [], "\(table)") }
        let unowned = RecordID()
        try fixture.store.write { tx throws in
            try PostgresAccessFixture.insert(unowned, book: fixture.strangers, author: nil, tx)
            #expect(try tx.setRecordBook(unowned, book: fixture.shared))
        }
        try fixture.store.read(as: .account(fixture.owner)) { tx throws in
            #expect(try tx.record(unowned)?.version == 2)
            #expect(try tx.memberships(of: fixture.owner) == [fixture.shared: .owner])
        }
    }

    @Test("A change row addressed to one account is read by that account alone, member of its book or not, and written only by the operator")
    func anAddressedChangeRowIsItsAccountsAlone() throws {
        let fixture = try PostgresAccessFixture(label: "rls-audience")
        try fixture.store.write(as: .localOperator) { tx throws in
            try tx.appendChange(record: fixture.sharedRecord, collection: "diary", book: fixture.shared, kind: .left, at: 9, audience: fixture.stranger)
            try tx.appendChange(record: fixture.sharedRecord, collection: "diary", book: fixture.shared, kind: .left, at: 9, audience: fixture.disabled)
        }
        // The stranger, who is not in the shared book, reads its own row of it; no member does.
        #expect(try fixture.visible(to: .account(fixture.stranger))["change"] == [fixture.sharedRecord, fixture.strangersRecord].map(\.string).sorted())
        for member in [fixture.owner, fixture.editor, fixture.viewer] {
            #expect(try fixture.visible(to: .account(member))["change"] == [fixture.sharedRecord.string], "\(member)")
        }
        #expect(try fixture.visible(to: .account(fixture.admin))["change"] == [])
        #expect(try fixture.visible(to: .account(fixture.disabled))["change"] == [], "a disabled account reads nothing addressed to it")
        #expect(try fixture.visible(to: .localOperator)["change"]?.count == 4)
        // An editor may log changes of its book for every reader, but not one addressed to anybody.
        let refused = try #require(throws: KeepsakeError.self) {
            try fixture.store.write(as: .account(fixture.editor)) { tx throws in
                try tx.appendChange(record: fixture.sharedRecord, collection: "diary", book: fixture.shared, kind: .left, at: 10, audience: fixture.viewer)
            }
        }
        #expect(refused.message.contains("row-level security"), "\(refused)")
        try fixture.store.write(as: .account(fixture.editor)) { tx throws in
            try tx.appendChange(record: fixture.sharedRecord, collection: "diary", book: fixture.shared, kind: .updated, at: 10)
        }
        try fixture.store.read(as: .account(fixture.stranger)) { tx throws in
            let mine = try tx.changes(after: 0, limit: 100, books: [fixture.strangers], audience: ChangeAudience(account: fixture.stranger))
            #expect(mine.map(\.kind) == [.inserted, .left] && mine.last?.audience == fixture.stranger)
            let scoped = try tx.changes(after: 0, limit: 100, books: [fixture.strangers], audience: ChangeAudience(account: fixture.stranger, books: [fixture.strangers]))
            #expect(scoped.map(\.kind) == [.inserted])
        }
    }
}
