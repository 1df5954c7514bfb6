import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// An operation whose answer to COMMIT was lost: its transaction may still be settling on the
/// server when the instance (or a recoverer) finishes the intent. Finishing must wait for it and
/// decide from the settled state, or it would delete the new objects of a commit that landed late.
@Suite("PostgreSQL late commits")
struct PostgresLateCommitTests {
    @Test("Finishing an intent waits for a transaction that still holds it, and keeps the objects of a commit that lands late")
    func finishingAnIntentWaitsForACommitStillInFlight() throws {
        let place = try PostgresFolderStorePlace(label: "late-commit")
        let store = try place.open()
        let schema = PostgresConnection.quoted(identifier: place.schema)
        // An operation of this instance that stored a new object and journalled it as pending…
        let key = try RelativePath("attachments/diary/late/image_0-late.jpg")
        let bytes = try Data(contentsOf: Corpus.smallImages[0])
        try store.blobs.putNew([BlobObject(key: key, bytes: bytes, sha256: SHA256.hex(bytes))], intent: "late-intent", instance: store.metadata.instanceID)
        let admin = try PostgresTestAdmin()
        try admin.connection.executeScript("""
            INSERT INTO \(schema).intent (id, owner, kind, record_id, state, created_at)
                VALUES ('late-intent', '\(store.metadata.instanceID)', 'create', NULL, 'pending', 0);
            INSERT INTO \(schema).intent_file (intent_id, path, role, thumbnail_format)
                VALUES ('late-intent', '\(key.string)', 'new', 'jpeg');
            """)
        // …whose commit point is still open on the server (its session holds the row, as a COMMIT
        // whose bytes are on their way would).
        let owner = try PostgresTestAdmin()
        try owner.connection.executeScript("BEGIN; UPDATE \(schema).intent SET state = 'committed' WHERE id = 'late-intent'")

        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<FsckReport, any Error>?>(nil)
        DispatchQueue.global().async {
            let result = Result { try store.fsck(verifyHashes: false) }
            outcome.withLock { $0 = result }  // finishes this instance's leftovers first
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 2) == .timedOut, "finishing waits while the commit is still settling")
        try owner.connection.executeScript("COMMIT")
        #expect(finished.wait(timeout: .now() + 60) == .success)
        _ = try #require(outcome.withLock { $0 }).get()
        #expect(try store.blobs.stat(key)?.size == Int64(bytes.count), "the late commit's new object is kept")
        #expect(try store.intentsInFlight() == 0)
    }
}

