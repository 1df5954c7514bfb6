import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// `/api/v1/changes` per caller over a real server: a member added gets the book's older records
/// (`shared`), one removed a tombstone for each (`left`), and a long poll wakes for them.
@Suite struct APIChangeFeedAudienceTests {
    @Test(arguments: [StoreBackend.embedded, .postgresFolder])
    func aLongPollIsWokenByTheCallersRemovalAndBringsATombstonePerRecordToItAlone(_ backend: StoreBackend) async throws {
        let place = try backend.makePlace("feed-audience")
        let web = try WebFixture(store: try place.open())
        let anna = try web.store.createAccount(AccountDraft(login: try LoginName("anna")))
        let bora = try web.store.createAccount(AccountDraft(login: try LoginName("bora")))
        let vera = try web.store.createAccount(AccountDraft(login: try LoginName("vera")))
        let tokens = APITokens(store: web.store)
        let annaToken = try tokens.create(name: "a", readOnly: false, owner: anna.id).token
        let boraToken = try tokens.create(name: "b", readOnly: false, owner: bora.id).token
        let veraToken = try tokens.create(name: "v", readOnly: false, owner: vera.id).token
        func get(_ token: String, _ path: String) async throws -> [String: Any] {
            let answer = try await curl(["-H", "Authorization: Bearer \(token)", web.url(path)])
            try #require(answer.status == 200, "\(path): \(answer.text)")
            return try APIFixture.object(answer)
        }
        var ids: [String] = []
        for title in ["Ramen", "Udon"] {
            let made = try await curl(["-H", "Authorization: Bearer \(annaToken)", "-H", "Idempotency-Key: \(UUID().uuidString)", "-H", "Content-Type: application/json",
                                       "--data-binary", #"{"title":"\#(title)","contents":"Broth."}"#, web.url("/api/v1/feed/posts")])
            try #require(made.status == 201, "\(made.text)")
            ids.append(try #require(try APIFixture.object(made)["id"] as? String))
        }
        let book = try #require(try web.store.record(try RecordID(parsing: ids[0])).book)
        let start = try #require(try await get(boraToken, "/api/v1/changes")["next"] as? Int)
        let veraStart = try #require(try await get(veraToken, "/api/v1/changes")["next"] as? Int)

        // Added: Bora's feed after her cursor brings Anna's older posts, with their records.
        try web.store.acting(as: .account(anna.id)).setRole(.viewer, for: bora.id, in: book)
        let shared = try await get(boraToken, "/api/v1/changes?after=\(start)")
        let sharedChanges = try #require(shared["changes"] as? [[String: Any]])
        #expect(Set(sharedChanges.compactMap { $0["id"] as? String }) == Set(ids))
        #expect(sharedChanges.allSatisfy { $0["kind"] as? String == "shared" && $0["deleted"] as? Bool == false && $0["record"] is [String: Any] })
        let next = try #require(shared["next"] as? Int)

        // Removed while her long poll waits: it answers at once with a tombstone per post.
        // The longest deadline, far beyond the wake: in the full parallel run the process's one HTTP task
        // executor serves every test's servers, and a wake took 13 s there (1 s alone).
        let pollURL = web.url("/api/v1/changes?after=\(next)&wait=30")
        let waiting = Task { try await curl(["-H", "Authorization: Bearer \(boraToken)", pollURL]) }
        try await Task.sleep(for: .milliseconds(500))
        let removedAt = ContinuousClock.now
        try web.store.acting(as: .account(anna.id)).removeMember(bora.id, from: book)
        let answer = try await waiting.value
        try #require(answer.status == 200, "\(answer.text)")
        let left = try APIFixture.object(answer)
        #expect(ContinuousClock.now - removedAt < .seconds(25), "the poll waited for its deadline instead of waking")
        let leftChanges = try #require(left["changes"] as? [[String: Any]])
        #expect(Set(leftChanges.compactMap { $0["id"] as? String }) == Set(ids))
        #expect(leftChanges.allSatisfy { $0["kind"] as? String == "left" && $0["deleted"] as? Bool == true && $0["record"] is NSNull })

        // No one else sees either: not Anna, not Vera.
        #expect((try await get(annaToken, "/api/v1/changes?after=\(next)")["changes"] as? [Any])?.isEmpty == true)
        #expect((try await get(veraToken, "/api/v1/changes?after=\(veraStart)")["changes"] as? [Any])?.isEmpty == true)
        withExtendedLifetime(place) {}
    }
}
