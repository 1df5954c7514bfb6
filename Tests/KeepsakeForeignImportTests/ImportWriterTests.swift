import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// What every import promises: a dry run writes nothing, a statement comes over whole or not at
/// all, a second run adds nothing, a record moved to the trash is not brought back.
@Suite struct ImportWriterTests {
    @Test func aDryRunSaysWhatWouldComeOverAndWritesNothing() throws {
        let fixture = try ImportFixture()
        let before = try StoreSnapshot(fixture.store)
        let report = try fixture.run(DayOneImporter(export: ImportCorpus.url("dayone/marcdonald-obsidian-day-one-importer/Dev Journal.json"),
                                                    diary: fixture.diary), dryRun: true)
        #expect(report.dryRun)
        #expect((report.imported.count, report.photoCount) == (5, 3))
        #expect(report.summary.hasPrefix("Would import 5 diary entries with 3 photos of 5 found in "))
        #expect(report.notes.count == 3)
        #expect(try StoreSnapshot(fixture.store) == before)
        let ofx = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data.ofx"), dryRun: true, refusals: .nothingIfAnyRefused)
        #expect(ofx.imported.count == 10)
        #expect(try StoreSnapshot(fixture.store) == before)
    }

    @Test func aStatementWithARefusedRowWritesNothingAndListsItAll() throws {
        let directory = TemporaryDirectory("writer-refused")
        let text = try String(contentsOf: ImportCorpus.url("qif/actualbudget-actual/data-payee-memo.qif"), encoding: .utf8)
        let file = directory.appending("bad.qif")
        try Data(text.replacingOccurrences(of: "T-30.00", with: "T-30.00.5").replacingOccurrences(of: "D01/23/2019\nT-40.00", with: "D13/45/2019\nT-40.00").utf8).write(to: file)
        let fixture = try ImportFixture()
        let error = try #require(throws: ImportRefusedError.self) {
            try fixture.run(try fixture.statement(file.path, options: options(currency: .usd)), refusals: .nothingIfAnyRefused)
        }
        #expect(error.report.refused.map(\.description) == [
            "line 11: T: \"-30.00.5\" has two decimal marks",
            "line 15: the date \"13/45/2019\" cannot be read as mdy (month/day/year is mdy; give --date-order dmy or ymd for others)",
        ])
        #expect(error.report.imported.count == 2, "the two rows that would have come over")
        #expect(try fixture.ledger.count() == 0)
    }

    @Test func anImportedRecordInTheTrashIsNotBroughtBack() throws {
        let fixture = try ImportFixture()
        let first = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data-payee-memo.ofx"))
        let id = try #require(first.imported.first?.id)
        _ = try fixture.ledger.delete(id)
        let again = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data-payee-memo.ofx"))
        #expect(again.imported.isEmpty)
        #expect(again.skipped.first { $0.sourceID == "test-name-and-memo" }?.reason == "already imported as record \(id) (now in the trash, so it is not brought back)")
        #expect(try fixture.ledger.count() == 3)
    }

    @Test func anIdThatBelongsToAnotherCollectionIsRefused() throws {
        let fixture = try ImportFixture()
        let plan = try fixture.statement("ofx/actualbudget-actual/data-payee-memo.ofx").plan()
        let taken = plan.items[0].id
        _ = try fixture.store.create(RecordDraft(collection: "feed", fields: ["title": .string("a post")], id: taken))
        let report = try ImportWriter(store: fixture.store).write(plan)
        #expect(report.refused.map(\.reason) == ["its id \(taken) belongs to a record of the feed collection"])
        #expect(report.imported.count == 3)
    }

    @Test func progressCountsEveryItemWritten() throws {
        let fixture = try ImportFixture()
        var seen: [(Int, Int)] = []
        var writer = ImportWriter(store: fixture.store)
        writer.ledgerBatchSize = 4
        _ = try writer.write(try fixture.statement("qif/actualbudget-actual/big.data.QiF", options: options(currency: .usd)).plan()) { seen.append(($0, $1)) }
        #expect(seen.map(\.0) == [0, 4, 8, 12, 16, 18])
        #expect(seen.allSatisfy { $0.1 == 18 })
        #expect(try fixture.ledger.count() == 18)
    }

    @Test func derivedIdsAreStableVersionEightUUIDs() {
        let id = SourceRecordID.make(.dayone, key: "F4CF0509F3EA47D1B56F95D37F165F5E")
        #expect(id == SourceRecordID.make(.dayone, key: "F4CF0509F3EA47D1B56F95D37F165F5E"))
        #expect(id != SourceRecordID.make(.journey, key: "F4CF0509F3EA47D1B56F95D37F165F5E"))
        #expect(id != SourceRecordID.make(.dayone, scope: "other", key: "F4CF0509F3EA47D1B56F95D37F165F5E"))
        #expect(Array(id.string)[14] == "8")
        #expect(["8", "9", "a", "b"].contains(Array(id.string)[19]))
        #expect(SourceRecordID.occurrenceKeys(["a", "b", "a", "a"]) == ["a#0", "b#0", "a#1", "a#2"])
    }
}
