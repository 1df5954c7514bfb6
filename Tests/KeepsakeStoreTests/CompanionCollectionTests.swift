import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// Records of a companion collection (`ledger-budget`) live in the books of its
/// ``CollectionName/bookCollection`` (`ledger`), next to the records they belong with, and follow
/// the same members' roles.
@Suite struct CompanionCollectionTests {
    @Test func theBookCollectionIsTheNameUpToItsFirstDash() throws {
        #expect(CollectionName("ledger-budget").bookCollection == "ledger")
        #expect(CollectionName("ledger-account-x").bookCollection == "ledger")
        #expect(CollectionName("diary").bookCollection == "diary")
    }

    @Test func aCompanionRecordGoesToTheAppsBookAndFollowsItsRoles() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob), carol = world.acting(world.carol)
        let transaction = try alice.create(RecordDraft(collection: "ledger", fields: ["category": .string("food")]))
        // Without a book: Alice's default ledger book, the one her transactions are in.
        let budget = try alice.create(RecordDraft(collection: "ledger-budget", fields: ["category": .string("food")]))
        #expect(budget.book == transaction.book)
        #expect(try alice.books(in: "ledger-budget").isEmpty, "no book of its own was made")

        // In a book of another app: refused, nothing stored.
        let diary = try alice.create(RecordDraft(collection: "diary"))
        var wrong = RecordDraft(collection: "ledger-budget")
        wrong.book = diary.book
        #expect(errorCode { try alice.create(wrong) } == .invalidArgument)
        #expect(try alice.count("ledger-budget") == 1)

        // A viewer of the ledger book reads it and may not change it; a stranger does not see it.
        let book = try #require(transaction.book)
        try world.store.setRole(.viewer, for: world.bob.id, in: book)
        #expect(try bob.record(budget.id).id == budget.id)
        #expect(errorCode { try bob.update(budget.id, set: ["category": .string("rent")]) } == .forbidden)
        var intoTheirBook = RecordDraft(collection: "ledger-budget")
        intoTheirBook.book = book
        #expect(errorCode { try bob.create(intoTheirBook) } == .forbidden)
        #expect(try carol.recordIfPresent(budget.id) == nil)
        #expect(try carol.list(RecordQuery(collection: "ledger-budget")).records.isEmpty)

        // It moves with the app's books, and deleting the book takes it too.
        let other = try alice.createBook(collection: "ledger", name: "Trip")
        #expect(try alice.moveRecord(budget.id, to: other.id).book == other.id)
        #expect(errorCode { try alice.moveRecord(budget.id, to: try #require(diary.book)) } == .invalidArgument)
        try alice.deleteBook(other.id)
        #expect(try alice.recordIfPresent(budget.id) == nil)
        #expect(try alice.recordIfPresent(transaction.id) != nil, "the other book's records stay")
        #expect(try world.store.fsck().isClean)
    }
}
