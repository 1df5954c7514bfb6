import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// Long polls of `/api/v1/changes` hold no handler thread: a burst of them from one address, from
/// many tokens (each within its cap of four), never delays another client's page, image, API call
/// or stylesheet (issue 25, item 1: with 18 tokens × 4 polls every other request timed out).
@Suite struct LongPollFairnessTests {
    /// A curl process started now and awaited later.
    private final class Pending: @unchecked Sendable {
        let process = Process()

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-sS", "-o", "/dev/null", "--max-time", "60"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func finish() -> Int32 {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test func aBurstOfLongPollsFromOneAddressDelaysNoOtherClient() async throws {
        let api = try APIFixture()
        let entry = try Diary(store: api.web.store).create(sampleDraft(images: [.file(Photos.toucan)]))
        let latest = try api.web.store.lastChangeSequence()
        // Eighteen tokens: 72 polls, more than the server's 64 handler threads.
        let tokens = try (0..<18).map { try APITokens(store: api.web.store).create(name: "poller-\($0)", readOnly: true).token }
        let port = api.web.server.port
        for round in 0..<2 {
            // Sixty from one address (within its 64 connections), twelve more from a second one.
            let polls = try tokens.enumerated().flatMap { index, token in
                try (0..<4).map { _ in
                    try Pending(["--interface", index < 15 ? "127.0.0.2" : "127.0.0.4", "-H", "Authorization: Bearer \(token)",
                                 "http://127.0.0.1:\(port)/api/v1/changes?after=\(latest)&wait=30"])
                }
            }
            try await Task.sleep(for: .seconds(1))  // the polls are in and waiting
            // From another address: each is answered long before the polls' 30 s are over (queued
            // behind them, as before the fix, it would wait for them; the deadline leaves room for a
            // machine busy with the rest of the test suite).
            let fast = ["--interface", "127.0.0.3", "--max-time", "15"]
            let page = try await curl(fast + [api.web.url("/diary")])
            let image = try await curl(fast + [api.web.url("/images/\(entry.id.string)/\(entry.images[0].id)/256")])
            let stylesheet = try await curl(fast + [api.web.url("/assets/app.css")])
            let call = try await curl(fast + ["-H", "Authorization: Bearer \(api.token)", api.web.url("/api/v1/diary/entries")])
            #expect(page.status == 200, "round \(round): the page waited behind the polls")
            #expect(image.status == 200, "round \(round): the image waited behind the polls")
            #expect(stylesheet.status == 200, "round \(round): the stylesheet waited behind the polls")
            #expect(call.status == 200, "round \(round): the API call waited behind the polls")
            // A change answers every poll.
            _ = try Diary(store: api.web.store).create(sampleDraft(title: "wake \(round)"))
            let exits = polls.map { $0.finish() }
            #expect(exits.allSatisfy { $0 == 0 }, "round \(round): every poll answered (curl exits \(Set(exits)))")
        }
    }
}
