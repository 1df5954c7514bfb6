import Foundation
import Synchronization
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// Storage quotas, held at the commit point on every pair of backends.
    @Suite(.serialized) struct Quotas {
        let images = StoreConformance.tiny

        @Test(arguments: StoreBackends.all)
        func anUploadOverTheQuotaIsRefusedNamingItAndWritesNothing(_ backend: StoreBackend) throws {
            let store = try backend.makePlace("quota").open()
            let mina = try store.createAccount(AccountDraft(login: try LoginName("mina")))
            let asMina = store.acting(as: .account(mina.id))
            let first = try asMina.create(RecordDraft(collection: "diary", fields: ["title": .string("first")], images: [.file(images[0])]))
            let usage = first.images[0].byteSize
            #expect(try asMina.storageUsage(of: mina.id) == usage)
            #expect(try store.storageUsage()[mina.id] == usage)

            let quota = usage + 10
            #expect(try store.updateAccount(mina.id, AccountChange(quota: .some(quota))).quota == quota)
            #expect(try asMina.account(mina.id).quota == quota)
            let before = try StoreSnapshot(store)

            let refused = thrownError {
                _ = try asMina.create(RecordDraft(collection: "diary", fields: ["title": .string("second")], images: [.file(images[1])]))
            }
            #expect(refused?.code == .quotaExceeded)
            #expect(refused?.message.contains("quota of") == true && refused?.message.contains("(\(quota) bytes)") == true)
            #expect(refused?.message.contains("(\(usage) bytes) is used") == true)
            #expect(refused?.message.contains("Nothing was written") == true)
            #expect(errorCode { _ = try asMina.addImages([.file(images[2])], to: first.id) } == .quotaExceeded)

            #expect(try StoreSnapshot(store) == before)
            #expect(try store.count("diary", trash: .all) == 1)
            #expect(try asMina.record(first.id) == first)
            #expect(try store.fsck().isClean)
            #expect(try store.intentsInFlight() == 0)

            // A record without new photos is no upload; the trash counts until it is purged.
            _ = try asMina.create(RecordDraft(collection: "diary", fields: ["title": .string("words only")]))
            _ = try asMina.trash(first.id)
            #expect(try asMina.storageUsage(of: mina.id) == usage)
            try asMina.purge(first.id)
            #expect(try asMina.storageUsage(of: mina.id) == 0)
            let fits = try asMina.create(RecordDraft(collection: "diary", fields: ["title": .string("fits")], images: [.file(images[0])]))
            #expect(try asMina.storageUsage(of: mina.id) == fits.images[0].byteSize)

            // The operator's originals count for nobody; no quota means no limit.
            _ = try store.create(RecordDraft(collection: "diary", images: [.file(images[1]), .file(images[2])]))
            #expect(try store.storageUsage(of: mina.id) == fits.images[0].byteSize)
            #expect(try store.updateAccount(mina.id, AccountChange(quota: .some(nil))).quota == nil)
            _ = try asMina.create(RecordDraft(collection: "diary", images: [.file(images[1]), .file(images[2])]))
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func onlyAnAdminSetsAQuotaAndOnlyItsAccountOrAnAdminReadsTheUsage(_ backend: StoreBackend) throws {
            let store = try backend.makePlace("quota-rules").open()
            let mina = try store.createAccount(AccountDraft(login: try LoginName("mina")))
            let joon = try store.createAccount(AccountDraft(login: try LoginName("joon")))
            let boss = try store.createAccount(AccountDraft(login: try LoginName("boss"), isAdmin: true))
            let asMina = store.acting(as: .account(mina.id)), asJoon = store.acting(as: .account(joon.id))
            #expect(errorCode { _ = try asMina.updateAccount(mina.id, AccountChange(quota: .some(1 << 40))) } == .forbidden)
            #expect(errorCode { _ = try asMina.updateAccount(mina.id, AccountChange(quota: .some(nil))) } == .forbidden)
            #expect(errorCode { _ = try asJoon.updateAccount(mina.id, AccountChange(quota: .some(1))) } == .notFound)
            #expect(errorCode { _ = try store.acting(as: .account(boss.id, readOnly: true)).updateAccount(mina.id, AccountChange(quota: .some(1))) } == .forbidden)
            #expect(errorCode { _ = try store.updateAccount(mina.id, AccountChange(quota: .some(-1))) } == .invalidArgument)
            #expect(try store.account(mina.id).quota == nil)
            #expect(try store.acting(as: .account(boss.id)).updateAccount(mina.id, AccountChange(quota: .some(1_000))).quota == 1_000)

            _ = try asMina.create(RecordDraft(collection: "diary", images: []))
            #expect(errorCode { _ = try asJoon.storageUsage(of: mina.id) } == .notFound)
            #expect(try asJoon.storageUsage().isEmpty)
            #expect(try store.acting(as: .account(boss.id)).storageUsage(of: mina.id) == 0)
        }

        /// Two instances (two servers) add photos for one account at once near its quota, each to a
        /// record of its own: the commits queue on the account's row, so the total never goes over and
        /// every refused upload leaves nothing behind.
        @Test(arguments: StoreBackends.all)
        func twoInstancesUploadingAtOnceNeverTakeAnAccountOverItsQuota(_ backend: StoreBackend) throws {
            let place = try backend.makePlace("quota-race")
            let first = try place.open(), second = try place.open()
            let mina = try first.createAccount(AccountDraft(login: try LoginName("mina")))
            let asMina = first.acting(as: .account(mina.id))
            let size = try asMina.create(RecordDraft(collection: "diary", images: [.file(images[0])])).images[0].byteSize
            let records = try (0..<8).map { task in try asMina.create(RecordDraft(collection: "diary", fields: ["task": .integer(Int64(task))])).id }
            let fitting = 3
            let quota = size * Int64(fitting + 1) + size / 2
            _ = try first.updateAccount(mina.id, AccountChange(quota: .some(quota)))
            let servers = [first.acting(as: .account(mina.id)), second.acting(as: .account(mina.id))]
            let image = images[0]
            let codes = concurrentOutcomes(records.count) { task in _ = try servers[task % 2].addImages([.file(image)], to: records[task]) }
            #expect(codes.filter { $0 == nil }.count == fitting, "\(codes)")
            #expect(codes.filter { $0 == .quotaExceeded }.count == 8 - fitting, "\(codes)")
            let usage = try first.storageUsage(of: mina.id)
            #expect(usage == size * Int64(fitting + 1))
            #expect(usage <= quota)
            #expect(try first.fsck().isClean)
            #expect(try first.intentsInFlight() == 0)
            #expect(try second.intentsInFlight() == 0)
        }
    }
}
