import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore
import KeepsakeStoreTransfer

/// Found by fuzzing (`fuzz/run.sh`, target `archive`; input kept in
/// fuzz/regressions/archive/): an export whose second record has a field name the store refuses
/// (".i2o") passes the archive's first pass, so the import writes the first record and then fails
/// on the second: a refused import that changed the store, where `import` promises the whole
/// archive is refused before anything is written.
///
/// Fixed: `Store.checkImportable` (field names, image count) is public and `StoreArchive`'s first
/// pass calls it for every record, so the archive is refused before anything is written.
@Suite struct ArchiveImportRegressionTests {
    @Test func anArchiveWithAnInvalidFieldNameInItsSecondRecordIsRefusedWhole() throws {
        let input = Corpus.repositoryRoot.appendingPathComponent("fuzz/regressions/archive/field-name-refused-after-first-record.tar")
        let directory = TemporaryDirectory("archive-regression")
        let store = try TestStores.open(directory)
        #expect(throws: KeepsakeError.self) { try StoreArchive(store: store).import(from: input) }
        let left = try store.status().totalRecords
        #expect(left == 0, "a refused import left \(left) records in the store")
    }
}
