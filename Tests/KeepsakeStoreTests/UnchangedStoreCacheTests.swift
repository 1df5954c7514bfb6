import Foundation
import Synchronization
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// The commit marker of the SQLite store and the answers kept while it stays (``UnchangedStoreCache``):
/// kept only while nothing commits, from this connection, another one, or another process.
@Suite struct UnchangedStoreCacheTests {
    /// Runs the `keepsake` CLI on the world's store: a commit from another process.
    private static func keepsake(_ world: AccessWorld, _ arguments: [String]) throws {
        let ran = try runProcess(Binaries.url("keepsake"), ["--store", world.directory.url.path] + arguments)
        #expect(ran.status == 0, "keepsake \(arguments): \(ran.stderr)")
    }

    @Test func theMarkerMovesWithEveryCommitAndOnlyThen() throws {
        let world = try AccessWorld()
        let metadata = world.store.metadata
        let first = try #require(metadata.commitMarker(), "SQLite in WAL mode has a marker")
        _ = try world.store.list(RecordQuery(collection: "diary"))
        _ = try world.store.accounts()
        #expect(metadata.commitMarker() == first, "reads commit nothing")

        _ = try world.acting(world.alice).create(RecordDraft(collection: "diary", fields: ["title": .string("picnic")]))
        let second = try #require(metadata.commitMarker())
        #expect(second != first, "a commit of this store's connection")

        let other = try TestStores.open(world.directory)
        _ = try other.acting(as: .account(world.bob.id)).create(RecordDraft(collection: "diary", fields: ["title": .string("walk")]))
        let third = try #require(metadata.commitMarker())
        #expect(third != second, "a commit of another connection in this process")

        try Self.keepsake(world, ["book", "create", "feed", "Trips", "--owner", "carol"])
        let fourth = try #require(metadata.commitMarker())
        #expect(fourth != third, "a commit of another process")
        #expect(metadata.commitMarker() == fourth)
    }

    @Test func aRemovedMembershipIsSeenAtOnceFromAnotherProcess() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let family = try alice.createBook(collection: "feed", name: "Family")
        try alice.setRole(.viewer, for: world.bob.id, in: family.id)
        #expect(try bob.accessAtLastChange().access.canRead(family.id))
        #expect(try bob.accessAtLastChange().access.canRead(family.id), "answered from what is kept")
        #expect(world.store.core.accessAtLastChange.count > 0)

        try Self.keepsake(world, ["--user", "alice", "book", "unshare", "Family", "bob"])
        #expect(try !bob.accessAtLastChange().access.canRead(family.id))

        try Self.keepsake(world, ["--user", "alice", "book", "share", "Family", "bob", "--role", "editor"])
        let shared = try bob.accessAtLastChange()
        #expect(shared.access.canWrite(family.id))
        #expect(shared.account?.isDisabled == false)

        try Self.keepsake(world, ["user", "disable", "bob"])
        let disabled = try bob.accessAtLastChange()
        #expect(!disabled.access.canRead(family.id))
        #expect(disabled.account?.isDisabled == true)
    }

    @Test func anAnswerReadWhileSomethingCommittedIsNotKept() throws {
        let world = try AccessWorld()
        let cache = UnchangedStoreCache<String, Int>(capacity: 8)
        let reads = Mutex(0)
        let first = cache.value(for: "a", in: world.store) {
            reads.withLock { $0 += 1 }
            _ = try? world.store.create(RecordDraft(collection: "diary", fields: ["title": .string("while reading")]))
            return 1
        }
        #expect(first == 1)
        #expect(cache.count == 0, "a commit happened during the read")
        #expect(cache.value(for: "a", in: world.store) { reads.withLock { $0 += 1 }; return 2 } == 2)
        #expect(cache.value(for: "a", in: world.store) { reads.withLock { $0 += 1 }; return 3 } == 2, "kept")
        #expect(reads.withLock { $0 } == 2)

        _ = try world.store.create(RecordDraft(collection: "diary", fields: ["title": .string("later")]))
        #expect(cache.value(for: "a", in: world.store) { reads.withLock { $0 += 1 }; return 4 } == 4, "read again after a commit")

        struct Refused: Error {}
        #expect(throws: Refused.self) { try cache.value(for: "b", in: world.store) { throw Refused() } }
        #expect(cache.value(for: "b", in: world.store) { 5 } == 5, "nothing was kept of a failed read")
    }

    @Test func itKeepsAtMostItsCapacityAndStartsAgain() throws {
        let world = try AccessWorld()
        let cache = UnchangedStoreCache<Int, Int>(capacity: 2)
        for key in 0..<2 { _ = cache.value(for: key, in: world.store) { key } }
        #expect(cache.count == 2)
        _ = cache.value(for: 2, in: world.store) { 2 }
        #expect(cache.count == 1)
        #expect(cache.value(for: 0, in: world.store) { 10 } == 10, "read again")
    }

    @Test func aStoreWithoutAMarkerReadsEveryTime() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(root: directory.url)
        try FileManager.default.createDirectory(at: location.dataDirectory, withIntermediateDirectories: true)
        let sqlite = try SQLiteMetadataStore(dataDirectory: location.dataDirectory)
        let store = try TestStores.open(metadata: sqlite, blobs: FolderBlobStore(location: location), location: location,
                                        options: StoreOptions(), clock: { Date() }, faults: FaultPlan())
        #expect(store.metadata.commitMarker() == nil, "a wrapper that does not say")
        let cache = UnchangedStoreCache<Int, Int>(capacity: 8)
        #expect(cache.value(for: 1, in: store) { 1 } == 1)
        #expect(cache.value(for: 1, in: store) { 2 } == 2)
        #expect(cache.count == 0)
    }
}
