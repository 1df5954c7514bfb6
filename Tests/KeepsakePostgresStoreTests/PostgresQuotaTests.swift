import Foundation
import Synchronization
import Testing
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// Storage quotas on PostgreSQL through the login role `keepsake_app`: the usage function answers
/// only the account itself, admins and the operator; only they set a quota (a trigger holds it even
/// for a transaction that writes the account row itself); and two servers committing uploads for one
/// account at the same moment queue on its row, so the quota holds.
@Suite("PostgreSQL storage quotas", .serialized)
struct PostgresQuotaTests {
    @Test("A commit that locked an account's row holds a second server's commit for that account until it ends, which then sees its images")
    func theAccountRowLockQueuesCommitsOfOneAccountAcrossServers() throws {
        let fixture = try PostgresAccessFixture(label: "quota-lock")
        let other = try PostgresAccessFixture.appMetadata(schema: fixture.schema)
        defer { other.close() }
        let editor = Caller.account(fixture.editor)
        let store = fixture.store, editorID = fixture.editor, shared = fixture.shared
        let locked = DispatchSemaphore(value: 0)
        let firstDone = Atomic<Bool>(false)
        let first = Thread {
            try? store.write(as: editor) { tx throws in
                _ = try tx.lockAccount(editorID)
                let made = RecordID()
                try PostgresAccessFixture.insert(made, book: shared, author: editorID, tx)
                var image = try PostgresAccessFixture.image(of: made, number: 0)
                image.byteSize = 700
                image.addedBy = editorID
                try tx.setImages(of: made, to: [.new(image)])
                locked.signal()
                usleep(400_000)
                firstDone.store(true, ordering: .sequentiallyConsistent)
            }
        }
        first.start()
        locked.wait()
        let (waited, seen) = try other.write(as: editor) { tx throws in
            _ = try tx.lockAccount(fixture.editor)
            return (firstDone.load(ordering: .sequentiallyConsistent), try tx.storageUsage(of: fixture.editor))
        }
        #expect(waited, "the second server's lock waited for the first commit")
        #expect(seen == 700, "after the wait its usage query sees the first commit's image")
    }

    @Test("Usage counts what an account added, in books it left too, and only it, admins and the operator read it; only admins set a quota")
    func usageAndQuotaUnderRowLevelSecurity() throws {
        let fixture = try PostgresAccessFixture(label: "quota-rls")
        let editor = Caller.account(fixture.editor)
        let made = RecordID()
        try fixture.store.write(as: editor) { tx throws in
            try PostgresAccessFixture.insert(made, book: fixture.shared, author: fixture.editor, tx)
            var image = try PostgresAccessFixture.image(of: made, number: 0)
            image.byteSize = 1234
            image.addedBy = fixture.editor
            try tx.setImages(of: made, to: [.new(image)])
        }
        func usage(as caller: Caller) throws -> Int64 { try fixture.store.read(as: caller) { try $0.storageUsage(of: fixture.editor) } }
        #expect(try usage(as: editor) == 1234)
        #expect(try usage(as: .account(fixture.admin)) == 1234)
        #expect(try usage(as: .localOperator) == 1234)
        #expect(try usage(as: .account(fixture.owner)) == 0, "a fellow member does not read another's usage")
        #expect(try fixture.store.read(as: .account(fixture.owner)) { try $0.storageUsage() }[fixture.editor] == nil)
        #expect(try fixture.store.read(as: .account(fixture.admin)) { try $0.storageUsage() }[fixture.editor] == 1234)

        // An account that left the book still has its images counted.
        try fixture.store.write { tx in try tx.setMember(nil, account: fixture.editor, book: fixture.shared) }
        #expect(try usage(as: editor) == 1234)

        // Its own row it may edit, but not its quota: the trigger refuses, the row keeps none.
        #expect(throws: KeepsakeError.self) {
            try fixture.store.write(as: editor) { tx throws in
                var me = try #require(try tx.account(fixture.editor))
                me.quota = 1 << 50
                try tx.updateAccount(me)
            }
        }
        try fixture.store.write(as: editor) { tx throws in
            var me = try #require(try tx.account(fixture.editor))
            me.displayName = "Ed"
            try tx.updateAccount(me)
        }
        try fixture.store.write(as: .account(fixture.admin)) { tx throws in
            var account = try #require(try tx.account(fixture.editor))
            account.quota = 5000
            try tx.updateAccount(account)
        }
        try fixture.store.read { tx throws in
            #expect(try tx.account(fixture.editor)?.quota == 5000)
            #expect(try tx.account(fixture.editor)?.displayName == "Ed")
        }
    }

    @Test("Two servers adding photos for one account at once, each commit held open a moment: exactly the photos that fit are kept, the rest refused leaving nothing")
    func twoServersRacingNearTheQuota() throws {
        let schema = TestSchemas.make()
        let images = PlaceFolders.make("quota-race")
        let first = try PostgresAccessFixture.appStore(schema: schema, directory: images)
        let second = try PostgresAccessFixture.appStore(schema: schema, directory: images)
        let photo = Corpus.url("png/basn2c08.png")
        let mina = try first.createAccount(AccountDraft(login: try LoginName("mina")))
        let asMina = first.acting(as: .account(mina.id))
        let size = try asMina.create(RecordDraft(collection: "diary", images: [.file(photo)])).images[0].byteSize
        // Six records without photos; the racers each add one to their own record (no row they share but the account's).
        let records = try (0..<6).map { task in try asMina.create(RecordDraft(collection: "diary", fields: ["task": .integer(Int64(task))])).id }
        _ = try first.updateAccount(mina.id, AccountChange(quota: .some(size * 3 + size / 2)))
        // Every write transaction waits a moment before its COMMIT, so commits on the two servers overlap.
        for store in [first, second] {
            (store.metadata as! PostgresMetadataStore).hooks.withLock { $0.commitBegins = { _ in usleep(150_000) } }
        }
        let servers = [first.acting(as: .account(mina.id)), second.acting(as: .account(mina.id))]
        let codes = concurrentOutcomes(records.count) { task in _ = try servers[task % 2].addImages([.file(photo)], to: records[task]) }
        #expect(codes.filter { $0 == nil }.count == 2, "\(codes)")
        #expect(codes.filter { $0 == .quotaExceeded }.count == 4, "\(codes)")
        #expect(try second.storageUsage(of: mina.id) == size * 3)
        #expect(try first.storageUsage(of: mina.id) <= size * 3 + size / 2)
        let report = try first.fsck()
        #expect(report.isClean, "\(report)")
        #expect(try first.intentsInFlight() == 0 && second.intentsInFlight() == 0)
    }
}

extension PostgresQuotaTests {
    @Test("Migration 5 on a schema with photos already: each counts for its record's author (the operator's records' is the first admin)")
    func theMigrationBackfillsWhoAddedEachPhoto() throws {
        let place = try PostgresFolderStorePlace(label: "quota-backfill")
        let store = try place.open()
        let mina = try store.createAccount(AccountDraft(login: try LoginName("mina")))
        let photo = Corpus.url("png/basn2c08.png")
        let hers = try store.acting(as: .account(mina.id)).create(RecordDraft(collection: "diary", images: [.file(photo), .file(photo)]))
        let operators = try store.create(RecordDraft(collection: "diary", images: [.file(photo)]))
        #expect(try store.storageUsage().keys.sorted { $0.string < $1.string } == [mina.id], "before: the operator's photo is nobody's")
        // Back to schema version 4 (before quotas, and before the change log's audience, version 6,
        // which is run again after it: its policies go with the column), with the rows kept.
        let admin = try PostgresTestAdmin()
        let s = place.schema
        try admin.connection.executeScript("""
            ALTER TABLE \(s).change DROP COLUMN audience_id CASCADE;
            DELETE FROM \(s).keepsake_schema_version WHERE version = 6;
            DROP TRIGGER account_quota_guard ON \(s).account;
            DROP FUNCTION \(s).keepsake_quota_guard();
            DROP FUNCTION \(s).keepsake_usage_of(text);
            ALTER TABLE \(s).attachment DROP COLUMN added_by;
            ALTER TABLE \(s).account DROP COLUMN quota;
            DELETE FROM \(s).keepsake_schema_version WHERE version = 5;
            """)
        let migrated = try place.open()
        #expect(try migrated.storageUsage(of: mina.id) == hers.images.map(\.byteSize).reduce(0, +))
        let firstAdmin = try #require(try migrated.firstAdmin())
        #expect(operators.author == firstAdmin.id)
        #expect(try migrated.storageUsage(of: firstAdmin.id) == operators.images[0].byteSize, "stored before quotas: its author's")
        #expect(try migrated.account(mina.id).quota == nil)
    }
}
