import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing
import KeepsakeSupport

/// API tokens: shown once, kept as a hash in the store's settings, unique names, revocation seen
/// by every server of the store.
@Suite struct APITokenTests {
    @Test func aTokenIsKeptOnlyAsTheHashOfItsSecret() throws {
        let directory = TemporaryDirectory("tokens")
        let store = try TestStores.open(directory)
        let tokens = APITokens(store: store)
        let (token, info) = try tokens.create(name: " phone ", readOnly: true)
        #expect(info.name == "phone")
        #expect(info.readOnly)
        #expect(token.hasPrefix("ks_\(info.id)_"))
        let secret = String(token.split(separator: "_")[2])
        let stored = try store.metadata.read { try $0.settings(in: "api.tokens") }
        #expect(stored.keys.sorted() == [info.id])
        #expect(!stored.values.joined().contains(secret))
        #expect(stored.values.joined().contains(SHA256.hex(Data(secret.utf8))))
        #expect(try tokens.list() == [info])
    }

    @Test func namesAreUniqueAmongTokensNotRevokedAndBadNamesAreRefused() throws {
        let directory = TemporaryDirectory("tokens")
        let store = try TestStores.open(directory)
        let tokens = APITokens(store: store)
        _ = try tokens.create(name: "phone", readOnly: false)
        #expect(throws: KeepsakeError.self) { try tokens.create(name: "phone", readOnly: false) }
        try tokens.revoke("phone")
        _ = try tokens.create(name: "phone", readOnly: false)
        for bad in ["", "   ", "a\nb", String(repeating: "x", count: 65)] {
            let error = try #require(throws: KeepsakeError.self) { try tokens.create(name: bad, readOnly: false) }
            #expect(error.code == .invalidArgument)
        }
        let missing = try #require(throws: KeepsakeError.self) { try tokens.revoke("nobody") }
        #expect(missing.code == .notFound)
        #expect(try tokens.list().filter { $0.revokedAt == nil }.count == 1)
    }

    @Test func aTokenRevokedThroughOneServerIsRefusedByAnotherOfTheSameStore() async throws {
        let first = try APIFixture()
        let secondApp = try WebApp(store: try TestStores.open(first.web.directory),
                                   configuration: WebConfiguration(port: 0, changePollSeconds: 0))
        let second = try WebServer(app: secondApp)
        defer { second.stop() }
        let url = "http://127.0.0.1:\(second.port)/api/v1/store/status"
        let before = try await curl(["-H", "Authorization: Bearer \(first.token)", url])
        #expect(before.status == 200)
        try APITokens(store: first.web.store).revoke("tests")
        #expect(try await first.call("/store/status").status == 401)
        let after = try await curl(["-H", "Authorization: Bearer \(first.token)", url])
        #expect(after.status == 401)
        #expect(after.header("Content-Type") == "application/problem+json")
    }
}
