import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeStoreTransfer

/// The export archive from either backend: written from PostgreSQL + S3 and imported into the
/// embedded store, and the other way round.
@Suite struct StoreMoverArchiveTests {
    @Test(arguments: [(StoreBackend.distributed, StoreBackend.embedded), (StoreBackend.embedded, StoreBackend.distributed)])
    func anExportArchiveWrittenFromOneBackendImportsIntoTheOtherIdentically(from sourceBackend: StoreBackend, to targetBackend: StoreBackend) throws {
        let source = try sourceBackend.makePlace("archive-source").open()
        let records = try StoreMoverFixture.fillWithEveryApp(source)
        let before = try StoreSnapshot(source)
        let files = TemporaryDirectory("archive-files")
        let archive = files.appending("store.tar.gz")
        let exported = try StoreArchive(store: source).export(to: archive)
        #expect(exported.records == records.count && exported.images == records.reduce(0) { $0 + $1.images.count })
        #expect(try StoreSnapshot(source) == before)

        let target = try targetBackend.makePlace("archive-target").open()
        let imported = try StoreArchive(store: target).import(from: archive)
        #expect(imported.imported == records.count && imported.skipped == 0 && imported.images == exported.images)
        try StoreMoverFixture.expectSameRecords(target, as: records)
        #expect(try target.fsck().isClean)
        #expect(try target.search("피크닉", in: "diary").map(\.id) == source.search("피크닉", in: "diary").map(\.id))
    }
}
