import Foundation
import Testing
import KeepsakeS3
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// The client's retries, timeouts and errors under faults injected by a real proxy in front of the real
/// radosgw.
@Suite("S3 client under injected faults")
struct S3FaultTests {
    @Test("503 SlowDown twice, then the PUT goes through on the third attempt")
    func slowDownRetried() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try proxy.add(["method": "PUT", "path": prefix, "fault": "status", "status": 503, "code": "SlowDown", "times": 2])
        let put = try client.putObject(key: prefix + "a", data: Data("after slow down".utf8))
        #expect(!put.storedByEarlierAttempt)
        let puts = try proxy.requests().filter { $0.method == "PUT" }
        #expect(puts.map(\.outcome) == ["status 503", "status 503", "passed 200"])
        #expect(try client.getObject(key: prefix + "a").data == Data("after slow down".utf8))
    }

    @Test("a server that keeps failing with 500 gives serverError with the attempts made, the code and what to do")
    func persistentServerError() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client(retry: S3RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), maxDelay: .milliseconds(50)))
        let prefix = S3Test.prefix()
        try proxy.add(["method": "GET", "path": prefix, "fault": "status", "status": 500, "code": "InternalError"])
        let error = try #require(throws: S3Error.self) { try client.getObject(key: prefix + "a") }
        #expect(error.kind == .serverError)
        #expect(error.httpStatus == 500)
        #expect(error.code == "InternalError")
        #expect(error.attempts == 3)
        #expect(error.description.contains("after 3 attempts"))
        #expect(try proxy.requests().count == 3)
    }

    @Test("503 on HEAD, LIST and DELETE is retried too")
    func otherOperationsRetried() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try client.putObject(key: prefix + "a", data: Data("x".utf8))
        try proxy.add(["method": "HEAD", "fault": "status", "status": 503, "times": 1])
        try proxy.add(["method": "GET", "path": "list-type=2", "fault": "status", "status": 503, "times": 1])
        try proxy.add(["method": "DELETE", "fault": "status", "status": 502, "times": 1])
        #expect(try client.headObject(key: prefix + "a")?.size == 1)
        #expect(try client.listObjects(prefix: prefix).objects.count == 1)
        try client.deleteObject(key: prefix + "a")
        #expect(try client.headObject(key: prefix + "a") == nil)
        #expect(try proxy.requests().filter { $0.outcome.hasPrefix("status") }.count == 3)
    }

    @Test("a PUT stored by the server whose answer is lost (500 after the work) succeeds on retry by recognising its own object")
    func lostAnswerAfterStore() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try proxy.add(["method": "PUT", "path": prefix, "fault": "status", "status": 500, "forward": true, "times": 1])
        let data = S3Test.bytes(50_000)
        let put = try client.putObject(key: prefix + "photo", data: data)
        #expect(put.storedByEarlierAttempt)
        #expect(put.sha256 == SHA256.hex(data))
        let outcomes = try proxy.requests().filter { $0.method == "PUT" }.map(\.outcome)
        #expect(outcomes == ["status 500 (upstream 200)", "passed 412"])
        #expect(try client.getObject(key: prefix + "photo").data == data)
    }

    @Test("a PUT whose connection is reset after the server stored it succeeds on retry; another object's 412 is still refused")
    func resetAfterStore() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try proxy.add(["method": "PUT", "path": prefix + "photo", "fault": "reset", "after_bytes": -1, "times": 1])
        let put = try client.putObject(key: prefix + "photo", data: Data("mine".utf8))
        #expect(put.storedByEarlierAttempt)
        // Someone else's object under the key, met on a retry, is not taken for ours.
        try client.putObject(key: prefix + "taken", data: Data("someone else".utf8))
        try proxy.add(["method": "PUT", "path": prefix + "taken", "fault": "status", "status": 503, "times": 1])
        let error = try #require(throws: S3Error.self) { try client.putObject(key: prefix + "taken", data: Data("mine".utf8)) }
        #expect(error.kind == .alreadyExists)
        #expect(error.attempts == 2)
        #expect(try client.getObject(key: prefix + "taken").data == Data("someone else".utf8))
    }

    @Test("a GET whose connection is reset mid-body resumes where it stopped and delivers every byte once")
    func resetMidBody() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let data = S3Test.bytes(400_000)
        try client.putObject(key: prefix + "big", data: data)
        try proxy.add(["method": "GET", "path": prefix + "big", "fault": "reset", "after_bytes": 150_000, "times": 2])
        var received = Data()
        let info = try client.getObject(key: prefix + "big") { received.append(contentsOf: $0) }
        #expect(received == data)
        #expect(info.size == 400_000)
        let gets = try proxy.requests().filter { $0.method == "GET" }
        #expect(gets.count == 3)
        #expect(gets.prefix(2).allSatisfy { $0.outcome.hasPrefix("reset after 150000 bytes") })
        // A range read resumes within its range.
        try proxy.add(["method": "GET", "path": prefix + "big", "fault": "reset", "after_bytes": 1000, "times": 1])
        #expect(try client.getObject(key: prefix + "big", range: S3ByteRange(5000...104_999)).data == data[5000...104_999])
    }

    @Test("a server that stalls before answering is given up after the stall limit, retried, and reported as timeout")
    func stallTimesOut() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client(retry: S3RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10), maxDelay: .milliseconds(20)),
                                      timeouts: S3Timeouts(connect: .seconds(2), stall: .seconds(1), total: .seconds(20)))
        let prefix = S3Test.prefix()
        try proxy.add(["method": "HEAD", "fault": "stall", "after_bytes": -1, "seconds": 30])
        let started = ContinuousClock.now
        let error = try #require(throws: S3Error.self) { try client.headObject(key: prefix + "a") }
        let elapsed = ContinuousClock.now - started
        #expect(error.kind == .timeout)
        #expect(error.curlCode == 28)
        #expect(error.attempts == 2)
        #expect(elapsed >= .seconds(2) && elapsed < .seconds(10))
    }

    @Test("a body that stalls midway is abandoned and the read resumes on a new connection")
    func stallMidBody() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client(timeouts: S3Timeouts(connect: .seconds(2), stall: .seconds(1), total: .seconds(20)))
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let data = S3Test.bytes(300_000)
        try client.putObject(key: prefix + "big", data: data)
        try proxy.add(["method": "GET", "path": prefix + "big", "fault": "stall", "after_bytes": 100_000, "seconds": 30, "times": 1])
        #expect(try client.getObject(key: prefix + "big").data == data)
    }

    @Test("a refusal (403) is not retried")
    func notRetried() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        try proxy.add(["fault": "status", "status": 403, "code": "AccessDenied"])
        let error = try #require(throws: S3Error.self) { try client.getObject(key: S3Test.prefix() + "a") }
        #expect(error.kind == .accessDenied)
        #expect(error.attempts == 1)
        #expect(try proxy.requests().count == 1)
    }

    @Test("the start-up probe refuses a server that ignores If-None-Match")
    func probeRefusesUnconditionalServer() throws {
        let proxy = try FaultProxy()
        let client = try proxy.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try proxy.add(["method": "PUT", "fault": "ignore-precondition"])
        let error = try #require(throws: S3Error.self) { try client.probeConditionalWrites(prefix: prefix) }
        #expect(error.kind == .conditionalWritesUnsupported)
        #expect(error.description.contains("If-None-Match"))
    }
}
