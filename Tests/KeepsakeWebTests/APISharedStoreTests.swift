import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// Several servers on one store (behind a proxy) share idempotency keys: a request retried on
/// another server gets the first answer and makes nothing twice.
@Suite struct APISharedStoreTests {
    @Test func aRetryOnAnotherServerOfTheStoreReturnsTheFirstAnswer() async throws {
        let first = try APIFixture()
        let secondApp = try WebApp(store: try TestStores.open(first.web.directory),
                                   configuration: WebConfiguration(port: 0, changePollSeconds: 0))
        let second = try WebServer(app: secondApp)
        defer { second.stop() }
        let body = #"{"title":"Ramen","contents":"Rich broth."}"#
        let arguments = ["-H", "Idempotency-Key: shared-key", "-H", "Content-Type: application/json", "--data-binary", body]
        let created = try await first.call("/feed/posts", arguments)
        #expect(created.status == 201)
        let retried = try await curl(["-H", "Authorization: Bearer \(first.token)"] + arguments
                                         + ["http://127.0.0.1:\(second.port)/api/v1/feed/posts"])
        #expect(retried.status == 201)
        #expect(retried.header("Idempotent-Replayed") == "true")
        #expect(retried.body == created.body)
        #expect(try first.web.store.count("feed") == 1)
    }

    @Test func anIdempotencyRowIsKeptAndExpiresInTheMetadataStore() throws {
        let directory = TemporaryDirectory("idempotency")
        let store = try TestStores.open(directory)
        let row = IdempotencyRecord(scope: "t", key: "k", fingerprint: "f", target: "x", leaseUntil: 5, response: [1, 2, 3],
                                    createdAt: 1, expiresAt: 100)
        #expect(try store.metadata.write { try $0.insertIdempotencyRecord(row) })
        #expect(try !store.metadata.write { try $0.insertIdempotencyRecord(row) })
        #expect(try store.metadata.read { try $0.idempotencyRecord(scope: "t", key: "k") } == row)
        var changed = row
        changed.response = nil
        changed.leaseUntil = 0
        try store.metadata.write { try $0.updateIdempotencyRecord(changed) }
        #expect(try store.metadata.read { try $0.idempotencyRecord(scope: "t", key: "k") } == changed)
        #expect(try store.metadata.write { try $0.deleteIdempotencyRecords(expiredBefore: 50, limit: 10) } == 0)
        #expect(try store.metadata.write { try $0.deleteIdempotencyRecords(expiredBefore: 101, limit: 10) } == 1)
        #expect(try store.metadata.read { try $0.idempotencyRecord(scope: "t", key: "k") } == nil)
    }
}
