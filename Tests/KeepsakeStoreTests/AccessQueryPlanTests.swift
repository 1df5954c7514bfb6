import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// The book filter is served by the indexes that lead with the book (issue 22, "Speed"): SQLite's
/// own plan for the statements the list builds.
@Suite struct AccessQueryPlanTests {
    /// `EXPLAIN QUERY PLAN` of `sql`, its detail column joined.
    static func plan(_ store: Store, _ sql: String, _ bindings: [SQLValue]) throws -> String {
        let database = try #require(store.metadata as? SQLiteMetadataStore).database
        return try database.read { db in
            try db.query("EXPLAIN QUERY PLAN " + sql, bindings) { $0.requiredText(3) }.joined(separator: "\n")
        }
    }

    /// The statement ``SQLiteTransaction/list(_:)`` builds for `query` (the same code makes it).
    static func listSQL(_ query: RecordQuery) -> (String, [SQLValue]) {
        let (condition, bindings) = SQLiteTransaction.bookCondition(query.books, column: "book_id")
        let index = SQLiteTransaction.bookIndex(query.books, sortColumn: query.sortColumn)
        let sql = "SELECT \(SQLiteTransaction.recordColumns), \(query.sortColumn) FROM record\(index) WHERE collection = ?" + query.trash.sqlCondition(prefix: "")
            + condition + query.orderClause + " LIMIT ?"
        return (sql, [.text(query.collection.name)] + bindings + [.int(query.fetchLimit)])
    }

    @Test func oneBooksNewestRecordsComeFromItsIndexInOrder() throws {
        let directory = TemporaryDirectory()
        let store = try TestStores.open(directory)
        let book = try store.defaultBook(of: try requireAccount(try store.firstAdmin()).id, in: "diary")
        for sort in [RecordQuery.SortKey.date, .created, .updated] {
            var query = RecordQuery(collection: "diary")
            query.sort = sort
            query.books = [book.id]
            let (sql, bindings) = Self.listSQL(query)
            let plan = try Self.plan(store, sql, bindings)
            let index = ["date": "record_by_book_date", "created_at": "record_by_book_created", "updated_at": "record_by_book_updated"][query.sortColumn]!
            #expect(plan.contains(index), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
        // Several books: still the book index (merged per book), never a scan of the collection.
        var query = RecordQuery(collection: "diary")
        query.books = [book.id, BookID.random()]
        let (sql, bindings) = Self.listSQL(query)
        let plan = try Self.plan(store, sql, bindings)
        #expect(plan.contains("record_by_book_date"), "\(plan)")
        #expect(!plan.contains("record_by_date"), "\(plan)")
        // And counting one book's records.
        let countPlan = try Self.plan(store, "SELECT count(*) FROM record\(SQLiteTransaction.bookIndex([book.id], sortColumn: "date")) WHERE collection = ? AND trashed_at IS NULL AND book_id = ?",
                                      [.text("diary"), .text(book.id.string)])
        #expect(countPlan.contains("record_by_book_date"), "\(countPlan)")
    }

    @Test func theListOfARealStoreUsesTheSameStatement() throws {
        // The statement above is the list's: a list with a book filter returns what the filter says.
        let directory = TemporaryDirectory()
        let store = try TestStores.open(directory)
        let admin = try requireAccount(try store.firstAdmin())
        let mine = try store.create(RecordDraft(collection: "diary"))
        let other = try store.createBook(collection: "diary", name: "Other", owner: admin.id)
        let there = try store.create(RecordDraft(collection: "diary", book: other.id))
        var query = RecordQuery(collection: "diary")
        query.books = [other.id]
        #expect(try store.list(query).records.map(\.id) == [there.id])
        query.books = [try #require(mine.book)]
        #expect(try store.list(query).records.map(\.id) == [mine.id])
        query.books = [other.id, try #require(mine.book)]
        query.sort = .created
        #expect(Set(try store.list(query).records.map(\.id)) == [mine.id, there.id])
        #expect(try store.count("diary", books: query.books) == 2)
        query.books = []
        #expect(try store.list(query).records.isEmpty)
    }
}
