import Foundation
import Testing
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport

/// Store operations on the S3 pair with the fault proxy (`scripts/servers/s3-fault-proxy`) between
/// the store and the real radosgw: 500/503/SlowDown before or after the gateway did the work, resets
/// mid-body, stalls. Each ends in exactly the before- or the after-state of the operation (after the
/// store is reopened, as by a new process), with a typed error when it failed, fsck clean and
/// nothing left in flight.
@Suite("S3 store under injected faults")
struct S3StoreFaultTests {
    static let recordID = try! RecordID(parsing: "11111111-2222-4333-8444-555555555555")
    static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp")]
    /// Quick retries, and a stall limit of a second.
    static let retry = S3RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), maxDelay: .milliseconds(50))
    static let timeouts = S3Timeouts(connect: .seconds(2), stall: .seconds(1), total: .seconds(20))

    enum Expected { case before, after }

    static let withRecord: @Sendable (Store) throws -> Void = { store in
        try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 0), fields: ["title": .string("t")],
                                     images: [.file(images[0]), .file(images[1])], id: recordID))
    }
    static let create: @Sendable (Store) throws -> Void = { store in
        try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 0), images: [.file(images[0]), .file(images[1])], id: recordID))
    }

    /// Runs `operation` through the proxy armed with `rules` (after `setUp` ran without faults),
    /// reopens the store directly, and checks the state it is in. Returns the operation's error and
    /// the requests the proxy saw while armed.
    @discardableResult
    func run(setUp: (Store) throws -> Void = { _ in }, rules: [[String: Any]], expected: Expected, timeouts: S3Timeouts = Self.timeouts,
             _ operation: (Store) throws -> Void) throws -> (error: KeepsakeError?, requests: [(method: String, path: String, outcome: String)]) {
        let reference = try S3StoreTest.place("s3-fault-reference")
        let after: StoreSnapshot
        do {
            let store = try reference.open()
            try setUp(store)
            try operation(store)
            after = try StoreSnapshot(store)
        }
        let place = try S3StoreTest.place("s3-fault")
        let proxy = try FaultProxy()
        var before: StoreSnapshot
        var failure: (any Error)?
        do {
            let store = try place.open(blobs: try place.blobStore(endpoint: proxy.url, timeouts: timeouts, retry: Self.retry))
            try setUp(store)
            before = try StoreSnapshot(store)
            try proxy.resetStatistics()
            for rule in rules { try proxy.add(rule) }
            do { try operation(store) } catch { failure = error }
        }  // the instance goes away, as if its process had exited
        let requests = try proxy.requests()
        try proxy.clear()
        let reopened = try place.open()
        let state = try StoreSnapshot(reopened)
        let log = requests.map { "\($0.method) \($0.outcome)" }.joined(separator: "; ")
        switch expected {
        case .after:
            #expect(failure == nil, "\(String(describing: failure)) [\(log)]")
            #expect(state == after, "the after-state must be there [\(log)]\n\(state)")
        case .before:
            #expect(failure is KeepsakeError, "\(String(describing: failure)) [\(log)]")
            #expect(state == before, "the before-state must be there [\(log)]\n\(state)")
        }
        let report = try reopened.fsck()
        #expect(report.isClean, "\(report) [\(log)]")
        #expect(try reopened.intentsInFlight() == 0)
        return (failure as? KeepsakeError, requests)
    }

    @Test("SlowDown twice on an original's PUT: the retries carry the create through")
    func slowDownRetried() throws {
        let (_, requests) = try run(rules: [["method": "PUT", "path": "attachments/", "fault": "status", "status": 503, "code": "SlowDown", "times": 2]],
                                    expected: .after, Self.create)
        #expect(requests.filter { $0.outcome == "status 503" }.count == 2)
    }

    @Test("SlowDown on every PUT: the create fails as busy (try again later) and nothing of it is left")
    func slowDownForever() throws {
        let (error, _) = try run(rules: [["method": "PUT", "fault": "status", "status": 503, "code": "SlowDown"]], expected: .before, Self.create)
        #expect(error?.code == .busy)
        #expect(error?.remedy == .retryLater)
        #expect(error?.message.contains("SlowDown") == true)
    }

    @Test("an original stored by the gateway whose answer is lost (500 after the work) is recognised on the retry: the create succeeds")
    func lostAnswerRecognised() throws {
        let (_, requests) = try run(rules: [["method": "PUT", "path": "attachments/", "fault": "status", "status": 500, "forward": true, "times": 1]],
                                    expected: .after, Self.create)
        #expect(requests.filter { $0.method == "PUT" }.map(\.outcome).prefix(2) == ["status 500 (upstream 200)", "passed 412"])
    }

    @Test("every answer to an original's PUT lost after the gateway stored it: the create fails as io and the rollback deletes the stored object")
    func lostAnswersEveryTime() throws {
        let (error, requests) = try run(rules: [["method": "PUT", "path": "attachments/", "fault": "status", "status": 500, "forward": true]],
                                        expected: .before, Self.create)
        #expect(error?.code == .io)
        #expect(error?.message.contains("after 3 attempts") == true)
        #expect(requests.contains { $0.outcome == "status 500 (upstream 200)" }, "the object was stored upstream")
        #expect(requests.contains { $0.method == "DELETE" && $0.path.contains("attachments/") }, "the rollback deleted it")
    }

    @Test("a thumbnail PUT whose answer never comes is given up at the time limit: the create fails as busy and leaves nothing")
    func stalledThumbnail() throws {
        // The time limit of an attempt (3 s) rather than the stall limit: libcurl judges an upload's
        // speed over a window of several seconds, so a stalled PUT is found some 6 s after the stall limit.
        let started = ContinuousClock.now
        let (error, _) = try run(rules: [["method": "PUT", "path": "thumbnails/", "fault": "stall", "after_bytes": -1, "seconds": 30]],
                                 expected: .before, timeouts: S3Timeouts(connect: .seconds(2), stall: .seconds(1), total: .seconds(3)), Self.create)
        #expect(error?.code == .busy)
        #expect(error?.message.contains("timeout") == true)
        #expect(ContinuousClock.now - started < .seconds(25), "the time limit gave up, not the proxy")
    }

    @Test("a connection reset before every answer to an original's PUT: the create fails as io and leaves nothing")
    func resetBeforeAnswers() throws {
        let (error, _) = try run(rules: [["method": "PUT", "path": "attachments/", "fault": "reset", "after_bytes": -1]], expected: .before, Self.create)
        #expect(error?.code == .io)
    }

    @Test("every DELETE of a purge's clean-up failing with 503: the purge has taken effect, and the reopened store finishes the clean-up")
    func cleanUpFinishedLater() throws {
        let (_, requests) = try run(setUp: Self.withRecord, rules: [["method": "DELETE", "fault": "status", "status": 503]], expected: .after) { store in
            try store.purge(Self.recordID)
        }
        #expect(requests.contains { $0.method == "DELETE" && $0.outcome == "status 503" })
    }

    @Test("a replace whose commit succeeded but whose old image's DELETE was reset after the work: after-state")
    func replaceWithLostDeleteAnswer() throws {
        try run(setUp: Self.withRecord, rules: [["method": "DELETE", "fault": "reset", "after_bytes": -1]], expected: .after) { store in
            try store.replaceImage(of: Self.recordID, at: 0, with: .file(Self.images[2]))
        }
    }

    @Test("fsck's hash checks resume GETs reset mid-body and find nothing wrong")
    func fsckResumesReads() throws {
        let place = try S3StoreTest.place()
        try Self.withRecord(place.open())
        let proxy = try FaultProxy()
        let store = try place.open(blobs: try place.blobStore(endpoint: proxy.url, timeouts: Self.timeouts, retry: Self.retry))
        try proxy.add(["method": "GET", "path": "attachments/", "fault": "reset", "after_bytes": 100, "times": 2])
        let report = try store.fsck()
        #expect(report.isClean, "\(report)")
        #expect(try proxy.requests().filter { $0.outcome.hasPrefix("reset after 100 bytes") }.count == 2)
    }

    @Test("503 on every listing: fsck fails as busy and repairs nothing")
    func fsckCannotList() throws {
        try run(setUp: Self.withRecord, rules: [["method": "GET", "path": "list-type=2", "fault": "status", "status": 503]], expected: .before) { store in
            do {
                _ = try store.fsck(repair: true)
            } catch let error as KeepsakeError {
                #expect(error.code == .busy)
                throw error
            }
        }
    }

    @Test("a full object store (quota reached: 403 QuotaExceeded; no room: 507) is diskFull, and the create is not made", arguments: [
        (403, "QuotaExceeded"), (507, "InsufficientStorage"),
    ])
    func fullObjectStoreIsDiskFull(_ status: Int, _ code: String) throws {
        let rule: [String: Any] = ["method": "PUT", "path": "attachments/", "fault": "status", "status": status, "code": code]
        let (error, _) = try run(rules: [rule], expected: .before, Self.create)
        #expect(error?.code == .diskFull, "\(String(describing: error))")
        #expect(error?.remedy == .freeSpace)
    }

    @Test("a gateway failing a thumbnail's HEAD or GET is an io error, never taken for a missing thumbnail: nothing is made again")
    func failingReadIsNotMissing() throws {
        let place = try S3StoreTest.place()
        try Self.withRecord(place.open())
        let proxy = try FaultProxy()
        let store = try place.open(blobs: try place.blobStore(endpoint: proxy.url, timeouts: Self.timeouts, retry: Self.retry))
        let attachment = try store.record(Self.recordID).images[0]
        // The look-up that says whether it is there (and its size) fails.
        try proxy.resetStatistics()
        try proxy.add(["method": "HEAD", "path": "thumbnails/", "fault": "status", "status": 500])
        let error = try #require(throws: KeepsakeError.self) { try store.imageBody(of: attachment, variant: .thumbnail(.small)) }
        #expect(error.code == .io)
        #expect(try proxy.requests().allSatisfy { $0.method == "HEAD" }, "no thumbnail was made again")
        // The look-up works and the streamed read fails.
        try proxy.clear()
        try proxy.resetStatistics()
        try proxy.add(["method": "GET", "path": "thumbnails/", "fault": "status", "status": 500])
        guard case .stream(let stream) = try store.imageBody(of: attachment, variant: .thumbnail(.small)) else {
            Issue.record("an S3 thumbnail is not streamed")
            return
        }
        let readError = try #require(throws: KeepsakeError.self) { try stream.read { _ in } }
        #expect(readError.code == .io)
        #expect(try proxy.requests().allSatisfy { $0.method == "HEAD" || $0.method == "GET" }, "no thumbnail was made again")
    }
}
