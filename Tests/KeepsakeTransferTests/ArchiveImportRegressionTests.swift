import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore
import KeepsakeTransfer

/// Found by fuzzing (`fuzz/run.sh`, target `archive`; input kept in
/// fuzz/known-issues/archive/): an export whose second record has a field name the store refuses
/// (".i2o") passes the archive's first pass, so the import writes the first record and then fails
/// on the second: a refused import that changed the store, where `import` promises the whole
/// archive is refused before anything is written.
///
/// The fix is in the engine (being rewritten; not changed here): `Store.checkImportable` (field
/// names, image count) made callable, and `StoreArchive`'s first pass calling it for every record.
/// Until then this is a known issue; when the fix lands, `withKnownIssue` reports that the issue
/// no longer occurs and the wrapper must go.
@Suite struct ArchiveImportRegressionTests {
    @Test func anArchiveWithAnInvalidFieldNameInItsSecondRecordIsRefusedWhole() throws {
        let input = Corpus.repositoryRoot.appendingPathComponent("fuzz/known-issues/archive/field-name-refused-after-first-record.tar")
        let directory = TemporaryDirectory("archive-regression")
        let store = try TestStores.open(directory)
        #expect(throws: KeepsakeError.self) { try StoreArchive(store: store).import(from: input) }
        let left = try store.status().totalRecords
        withKnownIssue("the first pass does not check field names; the first record is imported before the second is refused") {
            #expect(left == 0, "a refused import left \(left) records in the store")
        }
    }
}
