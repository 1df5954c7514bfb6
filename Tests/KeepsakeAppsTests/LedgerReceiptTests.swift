import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

@Suite struct LedgerReceiptTests {
    @Test func attachingAgainReplacesTheReceiptAndTheOldFileIsGoneOnlyAfterTheCommit() throws {
        let fixture = try LedgerFixture()
        let groceries = try fixture.add("2025-03-14", .expense, "42.10", .usd, "Groceries")
        #expect(groceries.receipt == nil)

        let first = try fixture.ledger.attachReceipt(to: groceries.id, source: .file(Corpus.url("jpeg/testorig.jpg")))
        let firstReceipt = try #require(first.receipt)
        let firstPath = fixture.absolutePath(firstReceipt)
        #expect(FileManager.default.fileExists(atPath: firstPath))
        #expect(firstReceipt.path.string.hasPrefix("attachments/\(try #require(groceries.book).string)/\(groceries.id)/"))
        #expect(try fixture.store.originalData(of: firstReceipt).count == Int(firstReceipt.byteSize))

        // A replacement the processor refuses changes nothing: the old receipt stays readable.
        let refused = keepsakeError { try fixture.ledger.attachReceipt(to: groceries.id, source: .file(Corpus.corruptImage)) }
        #expect(refused?.code == .corruptImage)
        #expect(try fixture.ledger.read(groceries.id).receipt == firstReceipt)
        #expect(FileManager.default.fileExists(atPath: firstPath))

        let second = try fixture.ledger.attachReceipt(to: groceries.id, source: .file(Corpus.url("png/toucan.png")))
        let secondReceipt = try #require(second.receipt)
        let secondPath = fixture.absolutePath(secondReceipt)
        #expect(secondReceipt.path != firstReceipt.path)
        #expect(secondReceipt.sourceSHA256 == SHA256.hex(try Data(contentsOf: Corpus.url("png/toucan.png"))))
        #expect(!FileManager.default.fileExists(atPath: firstPath), "the replaced receipt's file is removed after the commit")
        #expect(FileManager.default.fileExists(atPath: secondPath))
        #expect(try fixture.store.record(groceries.id).images.count == 1, "a transaction holds at most one receipt")
        #expect(second.amount == groceries.amount && second.category == "Groceries")

        let removed = try fixture.ledger.removeReceipt(from: groceries.id)
        #expect(removed.receipt == nil)
        #expect(!FileManager.default.fileExists(atPath: secondPath))
        #expect(try fixture.store.record(groceries.id).images.isEmpty)
        // Removing again is a no-op.
        #expect(try fixture.ledger.removeReceipt(from: groceries.id).receipt == nil)
    }

    @Test func aTransactionAddedWithAReceiptCarriesItsThumbnails() throws {
        let fixture = try LedgerFixture()
        let added = try fixture.add("2025-03-14", .expense, "3.20", .eur, "Bakery", receipt: .file(Corpus.url("exif/Landscape_6.jpg")))
        let receipt = try #require(added.receipt)
        let thumbnail = fixture.store.location.cacheDirectory.appendingPathComponent(receipt.thumbnailPath(.small).string)
        #expect(FileManager.default.fileExists(atPath: thumbnail.path))
        #expect(try fixture.ledger.list().transactions.first?.receipt == receipt)
    }

    @Test func aTrashedTransactionsReceiptCannotBeChanged() throws {
        let fixture = try LedgerFixture()
        let added = try fixture.add("2025-03-14", .expense, "1", .usd, "Misc", receipt: .file(Corpus.url("jpeg/testorig.jpg")))
        try fixture.ledger.delete(added.id)
        #expect(keepsakeError { try fixture.ledger.attachReceipt(to: added.id, source: .file(Corpus.url("png/toucan.png"))) }?.code == .conflict)
        #expect(keepsakeError { try fixture.ledger.removeReceipt(from: added.id) }?.code == .conflict)
        #expect(try fixture.ledger.read(added.id).receipt == added.receipt)
    }

    @Test func aRecordWithSeveralImagesFromOutsideIsBroughtBackToOneReceipt() throws {
        let fixture = try LedgerFixture()
        let added = try fixture.add("2025-03-14", .expense, "1", .usd, "Misc")
        try fixture.store.addImages([.file(Corpus.url("jpeg/testorig.jpg")), .file(Corpus.url("webp/test.webp"))], to: added.id)
        let replaced = try fixture.ledger.attachReceipt(to: added.id, source: .file(Corpus.url("png/toucan.png")))
        #expect(try fixture.store.record(added.id).images.count == 1)
        #expect(replaced.receipt?.sourceSHA256 == SHA256.hex(try Data(contentsOf: Corpus.url("png/toucan.png"))))
    }
}
